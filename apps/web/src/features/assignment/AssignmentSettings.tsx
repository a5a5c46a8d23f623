import {
  type Assignment,
  assignmentFormSchema,
  GRADING_METHODS,
  KEY_TIMINGS,
  type PaperType,
  RELEASE_RULES,
  REVIEW_POLICIES,
} from '@shixun/contracts';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { assignmentApi } from '../../api/assignment.ts';
import type { CrudApi, CrudOption } from '../../components/CrudPage/types.ts';
import { i18n } from '../../i18n/index.ts';
import { Choice, DateTimeInput, FlagSwitch, UnitNumber } from '../paper/FormControls.tsx';
import { NetworksInput, PASSWORD_KEPT, PasswordSetting } from './AccessControls.tsx';
import { ASSIGNMENT_KEY } from './logic.ts';

type SettingsForm = z.output<typeof assignmentFormSchema>;

/**
 * The settings as `submit` takes them: times as ISO strings, a password left as it was not sent. The form shows a
 * set password as PASSWORD_KEPT (the server says only that there is one).
 */
const settingsApi: CrudApi<Assignment, SettingsForm> = {
  ...assignmentApi,
  detail: async (id) => {
    const a = await assignmentApi.detail(id);
    return { ...a, accessPassword: a.hasPassword ? PASSWORD_KEPT : '' } as Assignment;
  },
  submit: ({ openTime, closeTime, accessPassword, ...rest }) =>
    assignmentApi.submit({
      ...rest,
      ...(openTime ? { openTime: openTime.toISOString() } : {}),
      ...(closeTime ? { closeTime: closeTime.toISOString() } : {}),
      ...(accessPassword === PASSWORD_KEPT || accessPassword === undefined ? {} : { accessPassword }),
    }),
};

/** Access and grading (issue 26 §2), in the settings drawer as in 发布考试. */
const ACCESS_COLUMNS: CrudOption<Assignment, typeof assignmentFormSchema>['columns'] = [
  {
    prop: 'accessPassword' as keyof Assignment & string,
    label: 'assignment.access.password',
    help: 'assignment.access.passwordHelp',
    control: <PasswordSetting />,
  },
  {
    prop: 'allowedNetworks',
    label: 'assignment.access.networks',
    help: 'assignment.access.networksHelp',
    control: <NetworksInput />,
  },
  {
    prop: 'gradingMethod',
    label: 'assignment.access.gradingMethod',
    help: 'assignment.access.gradingHelp',
    control: <Choice options={GRADING_METHODS.map((g) => ({ value: g, label: `assignment.access.grading.${g}` }))} />,
  },
  {
    prop: 'blindMarking',
    label: 'assignment.access.blindMarking',
    help: 'assignment.access.blindHelp',
    control: <FlagSwitch />,
  },
];

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
    ...ACCESS_COLUMNS,
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
