import {
  type Assignment,
  assignmentFormSchema,
  KEY_TIMINGS,
  type PaperType,
  RELEASE_RULES,
  REVIEW_POLICIES,
} from '@shixun/contracts';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { assignmentApi } from '../../../api/assignment.ts';
import type { CrudApi, CrudOption } from '../../../components/CrudPage/types.ts';
import { i18n } from '../../../i18n/index.ts';
import { Choice, DateTimeInput, UnitNumber } from '../FormControls.tsx';
import { ASSIGNMENT_KEY } from './logic.ts';

type SettingsForm = z.output<typeof assignmentFormSchema>;

/** The settings as `submit` takes them: times as ISO strings. */
const settingsApi: CrudApi<Assignment, SettingsForm> = {
  ...assignmentApi,
  submit: ({ openTime, closeTime, ...rest }) =>
    assignmentApi.submit({
      ...rest,
      ...(openTime ? { openTime: openTime.toISOString() } : {}),
      ...(closeTime ? { closeTime: closeTime.toISOString() } : {}),
    }),
};

/** The close time comes after the open time (the server checks it too). */
const afterOpen: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const open = getFieldValue('openTime') as Dayjs | null | undefined;
    if (!dayjs.isDayjs(value)) throw new Error(i18n.t('shared:assignment.time.invalid'));
    if (open && !(value as Dayjs).isAfter(open)) throw new Error(i18n.t('shared:assignment.close.beforeOpen'));
  },
});

/**
 * 设置 of an assignment: its title, window, time limit, grace, release and review. Its paper and classes stay; once a
 * student has started, the server refuses another open time or time limit and says so (the drawer stays open).
 */
export const SETTINGS_OPTION: CrudOption<Assignment, typeof assignmentFormSchema> = {
  biz: ASSIGNMENT_KEY,
  title: 'assignment.noun',
  rowKey: 'id',
  api: settingsApi,
  formSchema: assignmentFormSchema,
  columns: [
    { prop: 'title', label: 'assignment.field.title' },
    {
      prop: 'openTime',
      label: 'assignment.field.openTime',
      type: 'datetime',
      half: true,
      help: 'assignment.settings.lockedHelp',
      control: <DateTimeInput />,
    },
    {
      prop: 'closeTime',
      label: 'assignment.field.closeTime',
      type: 'datetime',
      half: true,
      control: <DateTimeInput />,
      rules: [afterOpen],
    },
    {
      prop: 'duration',
      label: 'assignment.field.duration',
      type: 'number',
      half: true,
      help: 'assignment.form.durationHelp',
      control: <UnitNumber max={1440} unit="assignment.unit.minutes" zero="assignment.form.untilClose" />,
    },
    {
      prop: 'graceSeconds',
      label: 'assignment.field.graceSeconds',
      type: 'number',
      half: true,
      help: 'assignment.form.graceHelp',
      control: <UnitNumber max={3600} unit="assignment.unit.seconds" />,
    },
    {
      prop: 'releaseRule',
      label: 'assignment.field.releaseRule',
      help: 'assignment.form.releaseHelp',
      control: <Choice options={RELEASE_RULES.map((r) => ({ value: r, label: `assignment.release.${r}` }))} />,
    },
    {
      prop: 'reviewPolicy',
      label: 'assignment.field.reviewPolicy',
      help: 'assignment.form.reviewHelp',
      control: <Choice options={REVIEW_POLICIES.map((r) => ({ value: r, label: `assignment.review.${r}` }))} />,
    },
    { prop: 'remark', label: 'assignment.field.remark', type: 'textarea', help: 'assignment.form.remarkHelp' },
  ],
};

/** The settings of an assignment of this kind: a practice may also show keys right after each answer. */
export function settingsOption(kind: PaperType): CrudOption<Assignment, typeof assignmentFormSchema> {
  if (kind !== 'practice') return SETTINGS_OPTION;
  const columns = [...SETTINGS_OPTION.columns];
  columns.splice(columns.length - 1, 0, {
    prop: 'keyTiming',
    label: 'assignment.field.keyTiming',
    help: 'assignment.form.keyTimingHelp',
    control: <Choice options={KEY_TIMINGS.map((k) => ({ value: k, label: `assignment.keyTiming.${k}` }))} />,
  });
  return { ...SETTINGS_OPTION, columns };
}
