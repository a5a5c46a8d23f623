import { PlusOutlined } from '@ant-design/icons';
import { type DeptNode, deptFormSchema } from '@shixun/contracts';
import { deptApi } from '../../api/system.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';

/** 部门管理: the organisation tree of a school, one level loaded at a time. */
const option: CrudOption<DeptNode, typeof deptFormSchema> = {
  biz: 'dept',
  title: 'dept.title',
  rowKey: 'id',
  api: deptApi,
  formSchema: deptFormSchema,
  lazyTree: { children: deptApi.lazyList },
  defaults: { deptCategory: 2, sort: 1 },
  columns: [
    { prop: 'deptName', label: 'dept.deptName', search: true, width: 260 },
    { prop: 'fullName', label: 'dept.fullName', width: 260 },
    {
      prop: 'parentId',
      label: 'dept.parentId',
      type: 'treeSelect',
      loadOptions: deptApi.tree,
      optionsKey: 'dept-tree',
      hideInTable: true,
    },
    {
      prop: 'deptCategory',
      label: 'dept.deptCategory',
      type: 'select',
      dict: { code: 'org_category', numeric: true },
      width: 120,
      half: true,
    },
    { prop: 'sort', label: 'dept.sort', type: 'number', width: 90, half: true },
    { prop: 'remark', label: 'dept.remark', type: 'textarea', ellipsis: true },
  ],
  rowActions: (row, ctx) => [
    {
      code: 'dept_add',
      icon: <PlusOutlined />,
      label: 'dept.addChild',
      onClick: () => ctx.openAdd({ parentId: row.id, deptCategory: 2, sort: 1 }),
    },
  ],
};

export default function DeptPage() {
  return <CrudPage option={option} />;
}
