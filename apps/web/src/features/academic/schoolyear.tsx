import { type Schoolyear, schoolyearFormSchema } from '@shixun/contracts';
import { schoolyearApi } from '../../api/exam.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { schoolOptions } from './options.ts';

/** 学年管理: each school's years, by start date; the server keeps a school's years from overlapping. */
const option: CrudOption<Schoolyear, typeof schoolyearFormSchema> = {
  biz: 'schoolyear',
  title: 'academic.schoolyear.title',
  rowKey: 'id',
  api: schoolyearApi,
  formSchema: schoolyearFormSchema,
  columns: [
    {
      prop: 'schoolId',
      label: 'academic.school.label',
      type: 'select',
      loadOptions: schoolOptions,
      optionsKey: 'exam-schools',
      search: true,
      width: 200,
    },
    { prop: 'name', label: 'academic.schoolyear.name', search: true, width: 180 },
    { prop: 'startDate', label: 'academic.startDate', type: 'date', width: 130, half: true },
    { prop: 'endDate', label: 'academic.endDate', type: 'date', width: 130, half: true },
    { prop: 'remark', label: 'academic.remark', type: 'textarea', ellipsis: true },
  ],
};

export default function SchoolyearPage() {
  return <CrudPage option={option} />;
}
