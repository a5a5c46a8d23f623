import { type School, schoolFormSchema } from '@shixun/contracts';
import { schoolApi } from '../../api/exam.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { RegionCascader } from '../../components/RegionCascader.tsx';
import { LogoUpload } from './LogoUpload.tsx';

/** 学校管理: the schools (campuses) of a tenant; everything in 教务管理 hangs off one of them. */
const option: CrudOption<School, typeof schoolFormSchema> = {
  biz: 'school',
  title: 'academic.school.title',
  rowKey: 'id',
  api: schoolApi,
  formSchema: schoolFormSchema,
  defaults: { status: 1, sort: 1 },
  columns: [
    {
      prop: 'logo',
      label: 'academic.school.logo',
      hideInTable: true,
      control: <LogoUpload />,
    },
    { prop: 'name', label: 'academic.school.name', search: true, width: 200 },
    { prop: 'code', label: 'academic.school.code', search: true, width: 120, half: true },
    { prop: 'sort', label: 'academic.sort', type: 'number', hideInTable: true, half: true },
    {
      prop: 'regionCode',
      label: 'academic.school.region',
      hideInTable: true,
      control: (placeholder) => <RegionCascader placeholder={placeholder} changeOnSelect />,
    },
    { prop: 'regionName', label: 'academic.school.region', hideInForm: true, width: 200 },
    { prop: 'address', label: 'academic.school.address', ellipsis: true },
    { prop: 'linkman', label: 'academic.school.linkman', width: 110, half: true },
    { prop: 'phone', label: 'academic.school.phone', width: 140, half: true },
    { prop: 'status', label: 'academic.status', type: 'status', width: 90 },
    { prop: 'remark', label: 'academic.remark', type: 'textarea', hideInTable: true },
  ],
};

export default function SchoolPage() {
  return <CrudPage option={option} />;
}
