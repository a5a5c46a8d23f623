import type { Dashboard, Notice, NoticeForm, Page, PublishedNotice } from '@shixun/contracts';
import { http } from './http.ts';
import { resourceApi } from './resource.ts';

/** 通知公告 (blade-desk): the tenant's notices; `content` is rich text the server sanitises. */
export const noticeApi = resourceApi<Notice, NoticeForm>('/api/blade-desk/notice');

/** Released notices of the caller's tenant, newest first: what everyone may read (no `notice_view` needed). */
export const fetchPublishedNotices = (size: number) =>
  http.get<Page<PublishedNotice>>('/api/blade-desk/notice/published', { current: 1, size });

/** How many released notices this user has not opened yet. */
export const fetchUnreadNotices = () => http.get<number>('/api/blade-desk/notice/unread-count');

/** Marks notices as read by this user (kept on the server, so it follows them to any computer). */
export const markNoticesRead = (ids: string[]) =>
  http.post<null>('/api/blade-desk/notice/read', undefined, { params: { ids: ids.join(',') } });

export const markAllNoticesRead = () => http.post<null>('/api/blade-desk/notice/read-all');

/** The home page's counters and to-dos, each already limited to what the caller may see. */
export const fetchDashboard = () => http.get<Dashboard>('/api/blade-desk/dashboard');
