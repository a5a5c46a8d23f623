import { type Notice, noticeFormSchema } from '@shixun/contracts';
import { noticeApi } from '../../api/desk.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';

/**
 * 通知公告: a school's notices, written with the rich-text editor. The server sanitises the content before storing
 * it; the view drawer shows it formatted.
 */
const option: CrudOption<Notice, typeof noticeFormSchema> = {
  biz: 'notice',
  title: 'notice.title',
  rowKey: 'id',
  api: noticeApi,
  formSchema: noticeFormSchema,
  // Most notices go out as they are written.
  defaults: () => ({ releaseTime: new Date().toISOString() }),
  columns: [
    { prop: 'title', label: 'notice.titleField', search: true, ellipsis: true, width: 320 },
    {
      prop: 'category',
      label: 'notice.category',
      type: 'select',
      dict: { code: 'notice', numeric: true },
      search: true,
      width: 130,
      half: true,
    },
    { prop: 'releaseTime', label: 'notice.releaseTime', type: 'datetime', width: 170, half: true },
    { prop: 'content', label: 'notice.content', type: 'richText', ellipsis: true, width: 360 },
  ],
};

export default function NoticePage() {
  return <CrudPage option={option} />;
}
