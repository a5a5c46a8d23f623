import {
  CheckCircleOutlined,
  DeleteOutlined,
  PlusOutlined,
  ThunderboltOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { blueprintRuleSchema, type Paper, type RuleReport } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { blueprintApi } from '../../api/paper.ts';
import { knowledgeTree, LIB_OPTIONS_KEY, libraryApi } from '../../api/question.ts';
import { schemaRule } from '../../components/CrudPage/schema-rules.ts';
import { typeOptions } from '../question/labels.ts';
import { type BlueprintValues, blueprintValues, drawSummary, newRule, toDrawBody, toRule } from './compose.ts';
import styles from './paper.module.css';

interface Props {
  paper: Paper;
  /** The paper has sections now: a draw replaces them. */
  hasSections: boolean;
  editable: boolean;
  /** After a draw: the paper is fetched again. */
  onDrawn: () => Promise<void> | void;
  /** Shows the sections the draw made (组卷). */
  onOpenSections: () => void;
}

/** The fields of a rule, in the order of the table's columns. */
const FIELDS = ['section', 'libId', 'flagId', 'type', 'difficulty', 'count', 'score'] as const;

/** The report a refused draw carried as its error's body, if it did. */
function reportOf(error: unknown): RuleReport[] | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as RuleReport[]) : undefined;
}

/**
 * 随机组卷: rules of what to draw into which section (library, knowledge point, type, difficulty, how many, the score
 * of each). 检查 tells per rule how many questions match; 抽题 replaces the paper's sections with a draw, whose seed
 * is shown so that the same paper can be drawn again. A paper's saved rules fill the panel.
 */
export function BlueprintPanel({ paper, hasSections, editable, onDrawn, onOpenSections }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<BlueprintValues>();
  const [report, setReport] = useState<RuleReport[]>();
  /** What the last draw of this visit made, and with which seed. */
  const [drawn, setDrawn] = useState<{ count: number; score: number; seed?: number }>();
  const libs = useQuery({ queryKey: [...LIB_OPTIONS_KEY, 'read'], queryFn: () => libraryApi.options('read') });
  const knowledge = useQuery({ queryKey: ['question-knowledge'], queryFn: knowledgeTree, staleTime: 60_000 });
  const rules = (Form.useWatch('rules', form) ?? []) as BlueprintValues['rules'];
  const lastSeed = paper.blueprint?.seed;

  // The saved blueprint, when the paper (re)loads with another one.
  const saved = JSON.stringify(paper.blueprint?.rules ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the saved rules change
  useEffect(() => {
    form.setFieldsValue(blueprintValues(paper.blueprint));
    setReport(undefined);
  }, [saved, paper.id]);

  const check = useMutation({
    mutationFn: (values: BlueprintValues) =>
      blueprintApi.check(paper.id, values.rules.map(toRule), values.seed ?? undefined),
    onSuccess: (answer) => {
      setReport(answer);
      const short = answer.filter((r) => !r.ok).length;
      if (short) void message.warning(t('paper.blueprint.shortRules', { count: short }));
      else void message.success(t('paper.blueprint.allOk'));
    },
  });
  const draw = useMutation({
    mutationFn: (values: BlueprintValues) => blueprintApi.draw(toDrawBody(paper.id, values)),
    onSuccess: async (view) => {
      setReport(undefined);
      form.setFieldValue('seed', undefined);
      setDrawn({ count: view.paper.questionCount, score: view.paper.totalScore, seed: view.paper.blueprint?.seed });
      await onDrawn();
    },
    onError: (error) => {
      const answer = reportOf(error);
      if (answer) setReport(answer);
    },
  });

  const validated = () => form.validateFields().catch(() => undefined);
  const runCheck = async () => {
    const values = await validated();
    if (values) check.mutate(values);
  };
  const runDraw = async () => {
    const values = await validated();
    if (!values) return;
    const go = () => draw.mutateAsync(values).catch(() => undefined);
    if (!hasSections) {
      await go();
      return;
    }
    modal.confirm({
      title: t('paper.blueprint.drawTitle'),
      content: t('paper.blueprint.drawConfirm'),
      okText: t('paper.blueprint.draw'),
      okButtonProps: { danger: true },
      onOk: go,
    });
  };

  const label = (field: (typeof FIELDS)[number]) => t(`paper.blueprint.field.${field}`);
  const ruleOf = (field: 'section' | 'count' | 'score') => {
    const rule = schemaRule(blueprintRuleSchema, field, label(field), t);
    return rule ? [rule] : [];
  };
  const reportFor = (i: number) => report?.find((r) => r.index === i + 1);
  const summary = drawSummary(rules);
  const total = summary.reduce(
    (sum, s) => ({ count: sum.count + s.count, score: Math.round((sum.score + s.score) * 10) / 10 }),
    { count: 0, score: 0 },
  );

  return (
    <Card size="small" className={styles.blueprint}>
      <Typography.Paragraph type="secondary">{t('paper.blueprint.intro')}</Typography.Paragraph>
      {drawn ? (
        <Alert
          type="success"
          showIcon
          className={styles.seedAlert}
          title={t('paper.blueprint.drawn', { count: drawn.count, score: drawn.score })}
          description={drawn.seed ? t('paper.blueprint.drawnSeed', { seed: drawn.seed }) : undefined}
          action={
            <Button size="small" type="primary" onClick={onOpenSections}>
              {t('paper.blueprint.openSections')}
            </Button>
          }
        />
      ) : lastSeed ? (
        <Alert
          type="info"
          showIcon
          className={styles.seedAlert}
          title={t('paper.blueprint.lastSeed', { seed: lastSeed })}
          description={t('paper.blueprint.lastSeedHint')}
          action={
            editable && (
              <Button size="small" onClick={() => form.setFieldValue('seed', lastSeed)}>
                {t('paper.blueprint.useSeed')}
              </Button>
            )
          }
        />
      ) : null}
      <Form<BlueprintValues>
        form={form}
        name="paperBlueprint"
        layout="vertical"
        disabled={!editable}
        onValuesChange={(changed) => {
          if ('rules' in changed) setReport(undefined);
        }}
      >
        <div className={styles.ruleHeader} aria-hidden>
          <span>#</span>
          {FIELDS.map((f) => (
            <span key={f}>{label(f)}</span>
          ))}
          <span>{t('paper.blueprint.available')}</span>
          <span />
        </div>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <>
              <ol className={styles.rules}>
                {fields.map((field, i) => {
                  const r = reportFor(i);
                  const n = i + 1;
                  const aria = (f: (typeof FIELDS)[number]) => t('paper.blueprint.fieldOf', { n, field: label(f) });
                  return (
                    <li
                      key={field.key}
                      className={`${styles.rule} ${r && !r.ok ? styles.ruleShort : ''}`}
                      data-rule={n}
                    >
                      <span className={styles.ruleNo}>{t('paper.blueprint.ruleNo', { n })}</span>
                      <Form.Item
                        name={[field.name, 'section']}
                        label={label('section')}
                        rules={ruleOf('section')}
                        className={styles.ruleField}
                      >
                        <Input aria-label={aria('section')} placeholder={t('paper.blueprint.sectionPlaceholder')} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'libId']}
                        label={label('libId')}
                        rules={[{ required: true, message: t('questionBank.editor.libRequired') }]}
                        className={styles.ruleField}
                      >
                        <Select
                          aria-label={aria('libId')}
                          showSearch={{ optionFilterProp: 'label' }}
                          loading={libs.isLoading}
                          placeholder={t('questionBank.editor.libRequired')}
                          options={(libs.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                          popupMatchSelectWidth={false}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'flagId']} label={label('flagId')} className={styles.ruleField}>
                        <TreeSelect
                          aria-label={aria('flagId')}
                          allowClear
                          treeData={knowledge.data ?? []}
                          fieldNames={{ label: 'title', value: 'id', children: 'children' }}
                          showSearch={{ treeNodeFilterProp: 'title' }}
                          treeDefaultExpandAll
                          loading={knowledge.isLoading}
                          placeholder={t('paper.blueprint.any')}
                          popupMatchSelectWidth={false}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'type']}
                        label={label('type')}
                        rules={[{ required: true, message: t('shared:question.type.invalid') }]}
                        className={styles.ruleField}
                      >
                        <Select aria-label={aria('type')} options={typeOptions()} popupMatchSelectWidth={false} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'difficulty']}
                        label={label('difficulty')}
                        className={styles.ruleField}
                      >
                        <Select
                          aria-label={aria('difficulty')}
                          allowClear
                          placeholder={t('paper.blueprint.any')}
                          options={[1, 2, 3, 4, 5].map((d) => ({
                            value: d,
                            label: `${'★'.repeat(d)} ${t(`questionBank.difficulty.${d}`)}`,
                          }))}
                          popupMatchSelectWidth={false}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'count']}
                        label={label('count')}
                        rules={ruleOf('count')}
                        className={styles.ruleField}
                      >
                        <InputNumber aria-label={aria('count')} min={1} max={200} precision={0} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'score']}
                        label={label('score')}
                        rules={ruleOf('score')}
                        className={styles.ruleField}
                      >
                        <InputNumber aria-label={aria('score')} min={0} max={1000} step={1} />
                      </Form.Item>
                      <span className={styles.ruleReport} aria-live="polite">
                        {r ? (
                          <Typography.Text type={r.ok ? 'success' : 'danger'}>
                            {t('paper.blueprint.report', { needed: r.needed, available: r.available })}
                          </Typography.Text>
                        ) : (
                          <Typography.Text type="secondary">—</Typography.Text>
                        )}
                      </span>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('paper.blueprint.removeRule', { n })}
                        disabled={!editable || fields.length === 1}
                        onClick={() => remove(field.name)}
                        className={styles.ruleRemove}
                      />
                    </li>
                  );
                })}
              </ol>
              {editable && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add(newRule(rules[rules.length - 1]))}
                  className={styles.addRule}
                >
                  {t('paper.blueprint.addRule')}
                </Button>
              )}
            </>
          )}
        </Form.List>
        {summary.length > 0 && (
          <div className={styles.drawSummary}>
            <span>{t('paper.blueprint.willMake')}</span>
            {summary.map((s) => (
              <span key={s.section} className={styles.summaryItem}>
                {t('paper.blueprint.summaryItem', { section: s.section, count: s.count, score: s.score })}
              </span>
            ))}
            <strong>{t('paper.blueprint.summaryTotal', { count: total.count, score: total.score })}</strong>
          </div>
        )}
        <div className={styles.drawOptions}>
          <Form.Item
            name="seed"
            label={t('paper.blueprint.seed')}
            extra={t('paper.blueprint.seedHint')}
            rules={[
              {
                validator: async (_r, v: number | null | undefined) => {
                  if (v !== undefined && v !== null && !(Number.isInteger(v) && v >= 1 && v <= 2_147_483_647))
                    throw new Error(t('shared:paper.seed.invalid'));
                },
              },
            ]}
          >
            <InputNumber
              min={1}
              max={2_147_483_647}
              precision={0}
              placeholder={t('paper.blueprint.seedPlaceholder')}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item
            name="perStudent"
            label={t('paper.blueprint.perStudent')}
            valuePropName="checked"
            extra={t('paper.blueprint.perStudentHint')}
          >
            <Switch />
          </Form.Item>
        </div>
        {editable && (
          <Space wrap>
            <Button icon={<CheckCircleOutlined />} loading={check.isPending} onClick={() => void runCheck()}>
              {t('paper.blueprint.check')}
            </Button>
            <Button
              type="primary"
              icon={<ThunderboltOutlined />}
              loading={draw.isPending}
              onClick={() => void runDraw()}
            >
              {t('paper.blueprint.draw')}
            </Button>
            {report && (
              <Typography.Text type={report.every((r) => r.ok) ? 'success' : 'danger'}>
                {report.every((r) => r.ok) ? <CheckCircleOutlined /> : <WarningOutlined />}{' '}
                {report.every((r) => r.ok)
                  ? t('paper.blueprint.allOk')
                  : t('paper.blueprint.shortRules', { count: report.filter((r) => !r.ok).length })}
              </Typography.Text>
            )}
          </Space>
        )}
      </Form>
    </Card>
  );
}
