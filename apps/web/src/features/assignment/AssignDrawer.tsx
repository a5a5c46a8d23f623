import {
  type AssignBody,
  assignFormSchema,
  GRADING_METHODS,
  type GradingMethod,
  KEY_TIMINGS,
  type KeyTiming,
  PAPER_TYPES,
  type Paper,
  type PaperType,
  RELEASE_RULES,
  REVIEW_POLICIES,
  type ReleaseRule,
  type ReviewPolicy,
} from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Divider, Drawer, Form, type FormRule, Input, Row, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentApi } from '../../api/assignment.ts';
import { PAPER_LIST_KEY, paperApi } from '../../api/paper.ts';
import { useScreen } from '../../app/useScreen.ts';
import { isRequired, schemaRule } from '../../components/CrudPage/schema-rules.ts';
import { Choice, DateTimeInput, FlagSwitch, UnitNumber } from '../paper/FormControls.tsx';
import { NetworksInput, PasswordSetting } from './AccessControls.tsx';
import { ClassesSelect } from './ClassesSelect.tsx';
import { ASSIGNMENT_KEY, defaultWindow, paperDefaults } from './logic.ts';
import { PaperSelect } from './PaperSelect.tsx';
import { closeAfterOpen, toDate } from './window-rule.ts';

interface Values {
  paperId?: string;
  title?: string;
  classIds: string[];
  kind: PaperType;
  openTime?: Dayjs | null;
  closeTime?: Dayjs | null;
  duration: number;
  attempts: number;
  graceSeconds: number;
  shuffleQuestions: 0 | 1;
  shuffleOptions: 0 | 1;
  releaseRule: ReleaseRule;
  reviewPolicy: ReviewPolicy;
  keyTiming: KeyTiming;
  remark?: string;
  accessPassword?: string;
  allowedNetworks: string[];
  gradingMethod: GradingMethod;
  blindMarking: 0 | 1;
}

/** A new assignment's values before a paper is chosen (the paper's own settings replace most of them). */
function startValues(): Values {
  const { open, close } = defaultWindow(new Date());
  return {
    classIds: [],
    kind: 'exam',
    openTime: dayjs(open),
    closeTime: dayjs(close),
    duration: 90,
    attempts: 1,
    graceSeconds: 60,
    shuffleQuestions: 0,
    shuffleOptions: 0,
    releaseRule: 'after_close',
    reviewPolicy: 'answers',
    keyTiming: 'after_close',
    remark: '',
    accessPassword: '',
    allowedNetworks: [],
    gradingMethod: 'highest',
    blindMarking: 0,
  };
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && !v.trim() ? undefined : v);

/**
 * 发布考试: a paper given to classes, with its window, time limit, attempts, shuffling and when students see their
 * scores. Settings start from the paper's; the server answers how many students got it.
 */
export function AssignDrawer({
  open,
  paperId,
  onClose,
}: {
  open: boolean;
  /** A paper to start with (the paper list's 发布). */
  paperId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const phone = useScreen() === 0;
  const [form] = Form.useForm<Values>();
  const [paper, setPaper] = useState<Paper | undefined>();
  const preset = useQuery({
    queryKey: [PAPER_LIST_KEY, 'detail', paperId],
    queryFn: () => paperApi.detail(paperId!),
    enabled: open && Boolean(paperId),
  });
  // The preset paper is applied once per opening, not again when its query refreshes.
  const applied = useRef<string | undefined>(undefined);

  const choosePaper = (next: Paper | undefined) => {
    setPaper(next);
    if (next) form.setFieldsValue(paperDefaults(next));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset when the drawer opens only
  useEffect(() => {
    if (!open) {
      applied.current = undefined;
      return;
    }
    form.resetFields();
    form.setFieldsValue(startValues());
    setPaper(undefined);
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: choosePaper only writes the form
  useEffect(() => {
    const p = preset.data;
    if (!open || !p || applied.current === p.id) return;
    applied.current = p.id;
    if (p.questionCount === 0) return;
    form.setFieldsValue({ paperId: p.id });
    choosePaper(p);
  }, [open, preset.data]);

  const save = useMutation({
    mutationFn: (body: AssignBody) => assignmentApi.assign(body),
    onSuccess: (made) => {
      void message.success(
        t('shared:assignment.created', { classes: made.classIds.length, students: made.progress.students }),
      );
      void queryClient.invalidateQueries({ queryKey: [ASSIGNMENT_KEY] });
      onClose();
    },
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v?.paperId || !v.openTime || !v.closeTime) return;
    const body: AssignBody = {
      paperId: v.paperId,
      classIds: v.classIds,
      kind: v.kind,
      title: v.title?.trim() || undefined,
      openTime: v.openTime.toISOString(),
      closeTime: v.closeTime.toISOString(),
      duration: v.duration,
      attempts: v.attempts,
      graceSeconds: v.graceSeconds,
      shuffleQuestions: v.shuffleQuestions,
      shuffleOptions: v.shuffleOptions,
      releaseRule: v.releaseRule,
      reviewPolicy: v.reviewPolicy,
      keyTiming: v.kind === 'practice' ? v.keyTiming : 'after_close',
      remark: v.remark?.trim() ?? '',
      ...(v.accessPassword ? { accessPassword: v.accessPassword } : {}),
      allowedNetworks: v.allowedNetworks,
      gradingMethod: v.gradingMethod,
      blindMarking: v.blindMarking,
    };
    const parsed = assignFormSchema.safeParse(body);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'validation.invalid';
      void message.error(t(`shared:${key}`, { field: '', defaultValue: key }));
      return;
    }
    save.mutate(body);
  };

  const label = (key: string) => t(`assignment.field.${key}`);
  const rule = (prop: string, convert?: (v: unknown) => unknown): FormRule[] => {
    const r = schemaRule(assignFormSchema, prop, label(prop), t, convert);
    return r ? [r] : [];
  };
  const required = (prop: string) => isRequired(assignFormSchema, prop) || undefined;
  const afterOpen = closeAfterOpen(t);
  const presetEmpty = preset.data && preset.data.questionCount === 0;
  const kind = Form.useWatch('kind', form);
  // Practice shows keys after each answer unless the teacher says otherwise; exams and homework never do.
  const onValuesChange = (changed: Partial<Values>) => {
    if (changed.kind) form.setFieldsValue({ keyTiming: changed.kind === 'practice' ? 'immediate' : 'after_close' });
  };

  return (
    <Drawer
      title={t('assignment.form.title')}
      open={open}
      onClose={onClose}
      size={phone ? '100%' : 600}
      forceRender
      mask={{ closable: false }}
      footer={
        <Space className="crud-drawer-footer">
          <Button onClick={onClose}>{t('crud.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t('assignment.form.submit')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={preset.isFetching}>
        {presetEmpty && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('shared:assignment.empty', { name: preset.data?.title ?? '' })}
          />
        )}
        <Form<Values>
          form={form}
          name="assignForm"
          layout="vertical"
          validateTrigger="onBlur"
          onValuesChange={onValuesChange}
        >
          <Form.Item
            name="paperId"
            label={label('paper')}
            required
            rules={[{ required: true, message: t('assignment.form.paperRequired') }]}
            extra={
              paper
                ? t('assignment.form.paperSummary', {
                    score: paper.totalScore,
                    count: paper.questionCount,
                    pass: paper.passScore,
                  })
                : t('assignment.form.paperHelp')
            }
          >
            <PaperSelect
              known={preset.data}
              onPaper={choosePaper}
              placeholder={t('assignment.form.paperPlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="title"
            label={label('title')}
            rules={rule('title', blankToUndefined)}
            extra={t('assignment.form.titleHelp')}
          >
            <Input maxLength={100} placeholder={paper?.title ?? t('assignment.form.titlePlaceholder')} allowClear />
          </Form.Item>
          <Form.Item name="classIds" label={label('classes')} required={required('classIds')} rules={rule('classIds')}>
            <ClassesSelect placeholder={t('assignment.form.classesPlaceholder')} />
          </Form.Item>
          <Form.Item name="kind" label={label('kind')} required>
            <Choice options={PAPER_TYPES.map((k) => ({ value: k, label: `assignment.kind.${k}` }))} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="openTime" label={label('openTime')} required rules={rule('openTime', toDate)}>
                <DateTimeInput />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="closeTime"
                label={label('closeTime')}
                required
                dependencies={['openTime']}
                rules={[...rule('closeTime', toDate), afterOpen]}
              >
                <DateTimeInput />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="duration"
                label={label('duration')}
                rules={rule('duration')}
                extra={t('assignment.form.durationHelp')}
              >
                <UnitNumber max={1440} unit="assignment.unit.minutes" zero="assignment.form.untilClose" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="attempts"
                label={label('attempts')}
                rules={rule('attempts')}
                extra={t('assignment.form.attemptsHelp')}
              >
                <UnitNumber max={100} unit="assignment.unit.times" zero="assignment.form.unlimited" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="graceSeconds"
                label={label('graceSeconds')}
                rules={rule('graceSeconds')}
                extra={t('assignment.form.graceHelp')}
              >
                <UnitNumber max={3600} unit="assignment.unit.seconds" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name="shuffleQuestions" label={label('shuffleQuestions')}>
                <FlagSwitch />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name="shuffleOptions" label={label('shuffleOptions')}>
                <FlagSwitch />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="releaseRule" label={label('releaseRule')} required extra={t('assignment.form.releaseHelp')}>
            <Choice options={RELEASE_RULES.map((r) => ({ value: r, label: `assignment.release.${r}` }))} />
          </Form.Item>
          <Form.Item name="reviewPolicy" label={label('reviewPolicy')} required extra={t('assignment.form.reviewHelp')}>
            <Choice options={REVIEW_POLICIES.map((r) => ({ value: r, label: `assignment.review.${r}` }))} />
          </Form.Item>
          <Form.Item
            name="keyTiming"
            label={label('keyTiming')}
            hidden={kind !== 'practice'}
            extra={t('assignment.form.keyTimingHelp')}
          >
            <Choice options={KEY_TIMINGS.map((k) => ({ value: k, label: `assignment.keyTiming.${k}` }))} />
          </Form.Item>
          <Form.Item
            name="remark"
            label={label('remark')}
            rules={rule('remark')}
            extra={t('assignment.form.remarkHelp')}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
          </Form.Item>
          <Divider titlePlacement="start" plain>
            {t('assignment.access.section')}
          </Divider>
          <Form.Item
            name="accessPassword"
            label={t('assignment.access.password')}
            rules={rule('accessPassword')}
            extra={t('assignment.access.passwordHelp')}
          >
            <PasswordSetting />
          </Form.Item>
          <Form.Item
            name="allowedNetworks"
            label={t('assignment.access.networks')}
            rules={rule('allowedNetworks')}
            extra={t('assignment.access.networksHelp')}
          >
            <NetworksInput />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={16}>
              <Form.Item
                name="gradingMethod"
                label={t('assignment.access.gradingMethod')}
                extra={t('assignment.access.gradingHelp')}
              >
                <Choice options={GRADING_METHODS.map((g) => ({ value: g, label: `assignment.access.grading.${g}` }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item
                name="blindMarking"
                label={t('assignment.access.blindMarking')}
                extra={t('assignment.access.blindHelp')}
              >
                <FlagSwitch />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Drawer>
  );
}
