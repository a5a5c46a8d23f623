import { type Post, postFormSchema } from '@shixun/contracts';
import { postApi } from '../../api/system.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';

/** 岗位管理: the positions of a school (tenant), offered when creating users. */
const option: CrudOption<Post, typeof postFormSchema> = {
  biz: 'post',
  title: 'post.title',
  rowKey: 'id',
  api: postApi,
  formSchema: postFormSchema,
  columns: [
    {
      prop: 'category',
      label: 'post.category',
      type: 'select',
      dict: { code: 'post_category', numeric: true },
      search: true,
      width: 120,
    },
    { prop: 'postCode', label: 'post.postCode', search: true, width: 180 },
    { prop: 'postName', label: 'post.postName', search: true, width: 200 },
    { prop: 'sort', label: 'post.sort', type: 'number', width: 100 },
    { prop: 'remark', label: 'post.remark', type: 'textarea', ellipsis: true },
  ],
};

export default function PostPage() {
  return <CrudPage option={option} />;
}
