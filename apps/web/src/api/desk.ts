import type { Notice, NoticeForm } from '@shixun/contracts';
import { resourceApi } from './resource.ts';

/** 通知公告 (blade-desk): the tenant's notices; `content` is rich text the server sanitises. */
export const noticeApi = resourceApi<Notice, NoticeForm>('/api/blade-desk/notice');
