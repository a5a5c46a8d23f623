import { type Term, termFormSchema } from '@shixun/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { schoolyearApi, termApi } from '../../api/exam.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { schoolOptions } from './options.ts';

/** School years of every school, named with their school: the term form picks one. */
const yearOptions = async () =>
  (await schoolyearApi.all()).map((y) => ({ label: `${y.schoolName} · ${y.name}`, value: y.id }));

function CurrentCell({ row }: { row: Term }) {
  const { t } = useTranslation();
  return row.isCurrent ? <Tag color="blue">{t('academic.term.current')}</Tag> : null;
}

/**
 * 学期管理: terms within their school year; one per school is current (setting one clears the other). The school is
 * the year's, so the form asks only for the year.
 */
const option: CrudOption<Term, typeof termFormSchema> = {
  biz: 'term',
  title: 'academic.term.title',
  rowKey: 'id',
  api: termApi,
  formSchema: termFormSchema,
  defaults: { isCurrent: 0 },
  columns: [
    {
      prop: 'schoolId',
      label: 'academic.school.label',
      type: 'select',
      loadOptions: schoolOptions,
      optionsKey: 'exam-schools',
      search: true,
      hideInTable: true,
    },
    { prop: 'schoolName', label: 'academic.school.label', width: 160 },
    {
      prop: 'schoolyearId',
      label: 'academic.schoolyear.label',
      type: 'select',
      loadOptions: yearOptions,
      optionsKey: 'exam-schoolyears',
      render: (_, row) => row.schoolyearName,
      width: 160,
    },
    { prop: 'name', label: 'academic.term.name', search: true, width: 200 },
    { prop: 'startDate', label: 'academic.startDate', type: 'date', width: 130, half: true },
    { prop: 'endDate', label: 'academic.endDate', type: 'date', width: 130, half: true },
    {
      prop: 'isCurrent',
      label: 'academic.term.isCurrent',
      type: 'select',
      options: [
        { label: 'crud.yes', value: 1 },
        { label: 'crud.no', value: 0 },
      ],
      help: 'academic.term.isCurrentHelp',
      search: true,
      width: 110,
      render: (_, row) => <CurrentCell row={row} />,
    },
    { prop: 'remark', label: 'academic.remark', type: 'textarea', ellipsis: true },
  ],
};

export default function TermPage() {
  return <CrudPage option={option} />;
}
