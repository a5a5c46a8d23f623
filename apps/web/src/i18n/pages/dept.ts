import { pageMessages } from '../pages.ts';

export default pageMessages({
  zh: {
    dept: {
      title: '部门',
      parentId: '上级部门',
      deptName: '部门名称',
      fullName: '部门全称',
      deptCategory: '机构类型',
      sort: '排序',
      remark: '备注',
      addChild: '新增下级',
    },
  },
  en: {
    dept: {
      title: 'department',
      parentId: 'Parent department',
      deptName: 'Department name',
      fullName: 'Full name',
      deptCategory: 'Organisation type',
      sort: 'Sort order',
      remark: 'Remark',
      addChild: 'Add below',
    },
  },
});
