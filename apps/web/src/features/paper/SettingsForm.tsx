import { SaveOutlined } from '@ant-design/icons';
import {
  MULTIPLE_SCORING,
  PAPER_TYPES,
  type Paper,
  type PaperForm,
  paperFormSchema,
  REVIEW_POLICIES,
} from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import { App, Button, Col, Form, InputNumber, Row } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PAPER_LIST_KEY, paperApi } from '../../api/paper.ts';
import { fieldControl } from '../../components/CrudPage/fields.tsx';
import { isRequired, schemaRule } from '../../components/CrudPage/schema-rules.ts';
import type { CrudColumn, CrudOption } from '../../components/CrudPage/types.ts';
import { i18n } from '../../i18n/index.ts';
import { Choice, FlagSwitch, UnitNumber } from './FormControls.tsx';
import styles from './paper.module.css';

/** A score; with the paper's total beside it once it has one. */
function ScoreInput({
  value,
  onChange,
  id,
  total,
}: {
  value?: number;
  onChange?: (v: number | null) => void;
  id?: string;
  total: number;
}) {
  const { t } = useTranslation();
  return (
    <InputNumber
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      min={0}
      max={1000}
      step={1}
      suffix={total > 0 ? t('paper.settings.ofTotal', { total }) : t('paper.points')}
      style={{ width: '100%' }}
    />
  );
}

const typeOptions = PAPER_TYPES.map((type) => ({ label: `paper.type.${type}`, value: type }));
const disciplineOptions = [
  { label: 'questionBank.discipline.none', value: '' },
  { label: 'questionBank.discipline.cn', value: 'cn' },
  { label: 'questionBank.discipline.math', value: 'math' },
  { label: 'questionBank.discipline.en', value: 'en' },
];

/** The fields of a paper's settings, in the drawer of the list and the editor's 试卷设置. */
export function settingsColumns(total: number, canPublish: boolean): CrudColumn<Paper>[] {
  const columns: CrudColumn<Paper>[] = [
    { prop: 'title', label: 'paper.field.title' },
    { prop: 'paperType', label: 'paper.field.type', type: 'select', options: typeOptions, half: true },
    { prop: 'discipline', label: 'paper.field.discipline', type: 'select', options: disciplineOptions, half: true },
    {
      prop: 'duration',
      label: 'paper.field.duration',
      type: 'number',
      half: true,
      help: 'paper.settings.durationHelp',
      control: <UnitNumber max={1440} unit="paper.minutes" zero="paper.settings.unlimited" />,
    },
    {
      prop: 'attempts',
      label: 'paper.field.attempts',
      type: 'number',
      half: true,
      help: 'paper.settings.attemptsHelp',
      control: <UnitNumber max={100} unit="paper.times" zero="paper.settings.unlimited" />,
    },
    {
      prop: 'shuffleQuestions',
      label: 'paper.field.shuffleQuestions',
      half: true,
      control: <FlagSwitch />,
    },
    { prop: 'shuffleOptions', label: 'paper.field.shuffleOptions', half: true, control: <FlagSwitch /> },
    {
      prop: 'passScore',
      label: 'paper.field.passScore',
      type: 'number',
      half: true,
      help: 'paper.settings.passScoreHelp',
      control: <ScoreInput total={total} />,
      rules: [passScoreRule(total)],
    },
    {
      prop: 'multipleScoring',
      label: 'paper.field.multipleScoring',
      help: 'paper.settings.multipleHelp',
      control: <Choice options={MULTIPLE_SCORING.map((v) => ({ value: v, label: `paper.multipleScoring.${v}` }))} />,
    },
    {
      prop: 'reviewPolicy',
      label: 'paper.field.reviewPolicy',
      help: 'paper.settings.reviewHelp',
      control: <Choice options={REVIEW_POLICIES.map((v) => ({ value: v, label: `paper.reviewPolicy.${v}` }))} />,
    },
    { prop: 'remark', label: 'paper.field.remark', type: 'textarea', help: 'paper.settings.remarkHelp' },
  ];
  if (canPublish) {
    columns.push({
      prop: 'isPublic',
      label: 'paper.field.isPublic',
      help: 'paper.settings.publicHelp',
      control: <FlagSwitch />,
    });
  }
  return columns;
}

/** A new paper's settings. */
export const NEW_PAPER: PaperForm = {
  title: '',
  paperType: 'exam',
  discipline: '',
  passScore: 60,
  duration: 90,
  attempts: 1,
  shuffleQuestions: 0,
  shuffleOptions: 0,
  multipleScoring: 'all',
  reviewPolicy: 'answers',
  isPublic: 0,
  remark: '',
};

/** The starting values of a new paper of this type: practice and homework have no time limit and any attempts. */
export function newPaper(paperType: Paper['paperType'] | undefined): PaperForm {
  if (paperType === 'practice' || paperType === 'homework')
    return { ...NEW_PAPER, paperType, duration: 0, attempts: 0, passScore: 0, reviewPolicy: 'analysis' };
  return NEW_PAPER;
}

const options = new Map<string, CrudOption<Paper, typeof paperFormSchema>>();

/**
 * The list's settings drawer for a paper of this total (the pass score's bound) and with or without the publish
 * switch (only its owner publishes a paper). One object per kind, so the drawer is not refilled needlessly.
 */
export function settingsOption(total: number, canPublish: boolean): CrudOption<Paper, typeof paperFormSchema> {
  const key = `${total}|${canPublish}`;
  let option = options.get(key);
  if (!option) {
    const columns = settingsColumns(total, canPublish);
    option = {
      biz: PAPER_LIST_KEY,
      title: 'paper.noun',
      rowKey: 'id',
      api: paperApi,
      formSchema: paperFormSchema,
      columns,
      defaults: () => ({ ...NEW_PAPER }),
    };
    options.set(key, option);
  }
  return option;
}

/**
 * The pass score's rule: a score (the contracts' schema), at most the paper's total once it has one (the server
 * checks it too). Messages in the language of the moment.
 */
function passScoreRule(total: number): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null) return;
      const result = paperFormSchema.shape.passScore.safeParse(value);
      if (!result.success) {
        const key = result.error.issues[0]?.message ?? 'validation.invalid';
        throw new Error(i18n.t(`shared:${key}`, { field: i18n.t('paper.field.passScore'), defaultValue: key }));
      }
      if (typeof value === 'number' && total > 0 && value > total)
        throw new Error(i18n.t('shared:paper.passScore.tooHigh', { pass: value, total }));
    },
  };
}

const ruleOf = (prop: string, label: string, t: TFunction): FormRule[] => {
  const rule = schemaRule(paperFormSchema, prop, label, t);
  return rule ? [rule] : [];
};

/** The settings a form holds, as `submit` takes them. */
function toForm(paper: Paper): PaperForm {
  return {
    title: paper.title,
    paperType: paper.paperType === 'practical' ? 'exam' : paper.paperType,
    discipline: paper.discipline,
    passScore: paper.passScore,
    duration: paper.duration,
    attempts: paper.attempts,
    shuffleQuestions: paper.shuffleQuestions === 1 ? 1 : 0,
    shuffleOptions: paper.shuffleOptions === 1 ? 1 : 0,
    multipleScoring: paper.multipleScoring,
    reviewPolicy: paper.reviewPolicy,
    isPublic: paper.isPublic === 1 ? 1 : 0,
    remark: paper.remark,
  };
}

/**
 * 试卷设置 in the editor: the same fields as the list's drawer, saved with 保存设置. The publish switch is its
 * owner's only.
 */
export function SettingsForm({ paper, readOnly }: { paper: Paper; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PaperForm>();
  const columns = useMemo(
    () => settingsColumns(paper.totalScore, paper.access === 'own'),
    [paper.totalScore, paper.access],
  );

  useEffect(() => {
    form.setFieldsValue(toForm(paper));
  }, [form, paper]);

  const save = useMutation({
    mutationFn: (values: PaperForm) => paperApi.submit({ ...values, id: paper.id }),
    onSuccess: () => {
      void message.success(t('crud.updated'));
      void queryClient.invalidateQueries({ queryKey: [PAPER_LIST_KEY] });
    },
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const parsed = paperFormSchema.partial().safeParse(values);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'validation.invalid';
      void message.error(t(`shared:${key}`, { field: '', defaultValue: key }));
      return;
    }
    save.mutate(parsed.data as PaperForm);
  };

  return (
    <Form<PaperForm>
      form={form}
      name="paperSettings"
      layout="vertical"
      validateTrigger="onBlur"
      disabled={readOnly}
      className={styles.settings}
      onFinish={() => void submit()}
    >
      <Row gutter={16}>
        {columns.map((c) => {
          const label = t(c.label);
          return (
            <Col key={c.prop} xs={24} md={c.half ? 12 : 24} xl={c.half ? 8 : 24}>
              <Form.Item
                name={c.prop}
                label={label}
                required={isRequired(paperFormSchema, c.prop) || undefined}
                rules={c.rules ?? ruleOf(c.prop, label, t)}
                extra={c.help ? t(c.help) : undefined}
              >
                {fieldControl(c, t, 'form')}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      {!readOnly && (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          {t('paper.settings.save')}
        </Button>
      )}
    </Form>
  );
}
