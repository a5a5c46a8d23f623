import { type Assignment, ATTEMPT_STATES, type Attempt } from '@shixun/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { CrudColumn } from '../../components/CrudPage/index.tsx';
import { ATTEMPT_COLORS } from './logic.ts';

/**
 * The columns every list of an assignment's attempts shows (live progress, marking by student): the student's number
 * and class, a class filter of the assignment's classes, and the attempt's state.
 */
export function attemptColumns(assignment: Assignment, t: TFunction): CrudColumn<Attempt>[] {
  const classes = assignment.classIds.map((value, i) => ({ value, label: assignment.classNames[i] ?? value }));
  return [
    { prop: 'studentNo', label: 'assignment.monitor.studentNo', width: 110, ellipsis: true },
    { prop: 'className', label: 'assignment.monitor.className', width: 110, ellipsis: true },
    {
      prop: 'classId',
      label: 'assignment.monitor.className',
      type: 'select',
      search: true,
      hideInTable: true,
      loadOptions: async () => classes,
      optionsKey: `assignment-classes-${assignment.id}`,
    },
    {
      prop: 'state',
      label: 'assignment.monitor.state',
      type: 'select',
      search: true,
      width: 90,
      options: ATTEMPT_STATES.map((s) => ({ value: s, label: `assignment.attemptState.${s}` })),
      render: (_, row) => <Tag color={ATTEMPT_COLORS[row.state]}>{t(`assignment.attemptState.${row.state}`)}</Tag>,
    },
  ];
}
