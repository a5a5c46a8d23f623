import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CalculatorOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileAddOutlined,
  ImportOutlined,
} from '@ant-design/icons';
import type { PaperQuestionView } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, InputNumber, Modal, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paperQuestionApi } from '../../api/paper.ts';
import { RichHtml } from '../../components/QuestionView/index.tsx';
import { numberBlanks } from '../../components/QuestionView/math.ts';
import { useAuth } from '../../stores/auth.ts';
import { TYPE_COLORS, typeName } from '../question/labels.ts';
import { PreviewDialog } from '../question/PreviewDialog.tsx';
import {
  batchIds,
  isComposite,
  type PlacedSection,
  removableIds,
  scorableRows,
  toViewQuestion,
  validScore,
} from './compose.ts';
import { NewQuestion } from './NewQuestion.tsx';
import styles from './paper.module.css';
import { QuestionPicker } from './QuestionPicker.tsx';

interface Props {
  paperId: string;
  placed: PlacedSection;
  editable: boolean;
  /** Bank questions already in the paper: the picker shows them as taken. */
  inPaper: Set<string>;
  onChanged: () => Promise<void> | void;
}

/** A question's score in the paper, set in place: saved on Enter or when the field is left. */
function ScoreCell({
  question,
  editable,
  onSave,
}: {
  question: PaperQuestionView;
  editable: boolean;
  onSave: (score: number) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [value, setValue] = useState<number | null>(question.score);
  useEffect(() => setValue(question.score), [question.score]);
  /** Enter saves, and leaving the field afterwards must not save the same score again. */
  const saving = useRef(false);
  const label = t('paper.question.scoreOf', { no: question.no });
  if (isComposite(question)) {
    return (
      <Tooltip title={t('paper.question.compositeScore')}>
        <span className={styles.sumScore} title={label}>
          {t('paper.question.points', { score: question.score })}
        </span>
      </Tooltip>
    );
  }
  if (!editable)
    return <span className={styles.sumScore}>{t('paper.question.points', { score: question.score })}</span>;
  const commit = async () => {
    if (value === question.score || saving.current) return;
    if (!validScore(value)) {
      void message.warning(t('shared:question.score.invalid', { field: label }));
      setValue(question.score);
      return;
    }
    saving.current = true;
    const ok = await onSave(value);
    saving.current = false;
    if (!ok) setValue(question.score);
  };
  return (
    <InputNumber
      size="small"
      min={0}
      max={1000}
      step={1}
      value={value}
      onChange={setValue}
      onBlur={() => void commit()}
      onPressEnter={() => void commit()}
      aria-label={label}
      suffix={t('paper.points')}
      className={styles.scoreInput}
    />
  );
}

/**
 * One section's questions in order: number, type, stem (formulas and pictures drawn), score. Questions are added
 * from the bank (从题库添加) or written new (新建试题); scores are set in place or for the ticked ones at once;
 * questions move up and down and leave the paper (the bank keeps them).
 */
export function SectionQuestions({ paperId, placed, editable, inPaper, onChanged }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const permission = useAuth((s) => s.permission);
  const { section } = placed;
  const questions = section.questions;
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [batchScore, setBatchScore] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState<PaperQuestionView>();

  // Another section: nothing ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the section changes
  useEffect(() => setTicked(new Set()), [section.id]);

  const canAdd = editable && Boolean(permission.paper_question_add);
  const canEdit = editable && Boolean(permission.paper_question_edit);
  const canRemove = editable && Boolean(permission.paper_question_delete);

  const scorable = useMemo(() => scorableRows(questions), [questions]);
  const chosen = batchIds(questions, ticked);
  const allTicked = scorable.length > 0 && chosen.length === scorable.length;

  const run = useMutation({ mutationFn: (action: () => Promise<unknown>) => action() });
  /** Runs a change and fetches the paper again; false when the server refused it (its message was shown). */
  const act = async (action: () => Promise<unknown>, done?: string) => {
    const ok = await run
      .mutateAsync(action)
      .then(() => true)
      .catch(() => false);
    if (ok && done) void message.success(t(done));
    if (ok) await onChanged();
    return ok;
  };

  const toggle = (id: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const saveBatch = async () => {
    if (!validScore(batchScore)) {
      void message.warning(t('shared:question.score.invalid', { field: t('paper.question.batchScore') }));
      return;
    }
    const ok = await act(() => paperQuestionApi.setScores(chosen, batchScore), 'paper.question.batchDone');
    if (ok) {
      setBatchOpen(false);
      setTicked(new Set());
    }
  };

  const confirmRemove = (ids: string[], what: string) => {
    modal.confirm({
      title: t('paper.question.removeTitle'),
      content: what,
      okText: t('paper.question.remove'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const ok = await act(() => paperQuestionApi.remove(ids), 'paper.question.removed');
        if (ok) setTicked(new Set());
      },
    });
  };
  const removeTicked = () => {
    const ids = removableIds(questions, ticked);
    if (!ids.length) {
      void message.warning(t('paper.question.removeNone'));
      return;
    }
    confirmRemove(ids, t('paper.question.removeMany', { count: ids.length }));
  };

  const row = (q: PaperQuestionView, siblings: PaperQuestionView[], index: number, child: boolean) => {
    const composite = isComposite(q);
    const stem = q.type === 'fill' ? numberBlanks(q.stem) : q.stem;
    return (
      <li key={q.id} className={child ? styles.childQuestion : styles.question} data-paper-question={q.id}>
        <div className={styles.questionHead}>
          {canEdit && !composite ? (
            <Checkbox
              checked={ticked.has(q.id)}
              onChange={(e) => toggle(q.id, e.target.checked)}
              aria-label={t('paper.question.pick', { no: q.no })}
            />
          ) : (
            canEdit && <span className={styles.checkboxSpace} />
          )}
          <span className={styles.questionNo}>{q.no}</span>
          <Tag color={TYPE_COLORS[q.type]} className={styles.typeTag}>
            {typeName(q.type)}
          </Tag>
          {composite && (
            <span className={styles.muted}>{t('paper.question.childCount', { count: q.children.length })}</span>
          )}
          <span className={styles.spacer} />
          <ScoreCell
            question={q}
            editable={canEdit}
            onSave={(score) => act(() => paperQuestionApi.setScore(q.id, score), 'paper.question.scoreSaved')}
          />
          <span className={styles.questionActions}>
            <Tooltip title={t('paper.question.preview')}>
              <Button
                type="text"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('paper.question.previewOf', { no: q.no })}
                onClick={() => setPreviewing(q)}
              />
            </Tooltip>
            {canEdit && (
              <>
                <Tooltip title={t('paper.question.up')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('paper.question.upOf', { no: q.no })}
                    disabled={index === 0 || run.isPending}
                    onClick={() => void act(() => paperQuestionApi.move(q.id, 'up'))}
                  />
                </Tooltip>
                <Tooltip title={t('paper.question.down')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('paper.question.downOf', { no: q.no })}
                    disabled={index === siblings.length - 1 || run.isPending}
                    onClick={() => void act(() => paperQuestionApi.move(q.id, 'down'))}
                  />
                </Tooltip>
              </>
            )}
            {canRemove && !child && (
              <Tooltip title={t('paper.question.remove')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('paper.question.removeOf', { no: q.no })}
                  onClick={() =>
                    confirmRemove(
                      [q.id],
                      t(composite ? 'paper.question.removeComposite' : 'paper.question.removeOne', {
                        no: q.no,
                        count: q.children.length,
                      }),
                    )
                  }
                />
              </Tooltip>
            )}
          </span>
        </div>
        <RichHtml html={stem || `<p>${t('paper.question.noStem')}</p>`} className={styles.questionStem} />
        {q.libName && !child && (
          <div className={styles.questionLib}>{t('paper.question.from', { lib: q.libName })}</div>
        )}
        {q.children.length > 0 && (
          <ol className={styles.children}>{q.children.map((c, i) => row(c, q.children, i, true))}</ol>
        )}
      </li>
    );
  };

  return (
    <Card
      size="small"
      className={styles.questionsCard}
      title={
        <div className={styles.sectionTitle}>
          <span className={styles.sectionTitleName}>{placed.path.join(' / ')}</span>
          <span className={styles.sectionMeta}>
            {t('paper.section.meta', { count: section.questionCount, score: section.score })}
          </span>
        </div>
      }
    >
      {section.remark && <Typography.Paragraph type="secondary">{section.remark}</Typography.Paragraph>}
      {(canAdd || canEdit) && (
        <div className={styles.questionToolbar}>
          {canAdd && (
            <>
              <Button type="primary" icon={<ImportOutlined />} onClick={() => setPicking(true)}>
                {t('paper.question.fromBank')}
              </Button>
              <Button icon={<FileAddOutlined />} onClick={() => setCreating(true)}>
                {t('paper.question.create')}
              </Button>
            </>
          )}
          {canEdit && scorable.length > 0 && (
            <span className={styles.batchBar}>
              <Checkbox
                checked={allTicked}
                indeterminate={chosen.length > 0 && !allTicked}
                onChange={(e) => setTicked(new Set(e.target.checked ? scorable.map((q) => q.id) : []))}
              >
                {t('paper.question.all')}
              </Checkbox>
              {chosen.length > 0 && (
                <span className={styles.muted}>{t('paper.question.ticked', { count: chosen.length })}</span>
              )}
              <Button
                icon={<CalculatorOutlined />}
                onClick={() => {
                  if (!chosen.length) {
                    void message.warning(t('paper.question.pickFirst'));
                    return;
                  }
                  setBatchScore(null);
                  setBatchOpen(true);
                }}
              >
                {t('paper.question.batchScore')}
              </Button>
              {canRemove && (
                <Button danger icon={<DeleteOutlined />} onClick={removeTicked} disabled={!chosen.length}>
                  {t('paper.question.removeTicked')}
                </Button>
              )}
            </span>
          )}
        </div>
      )}
      {questions.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            section.children.length
              ? t('paper.question.emptyWithSubs', { count: section.children.length })
              : t('paper.question.empty')
          }
        />
      ) : (
        <ol className={styles.questionList}>{questions.map((q, i) => row(q, questions, i, false))}</ol>
      )}
      <Modal
        open={batchOpen}
        title={t('paper.question.batchTitle', { count: chosen.length })}
        onCancel={() => setBatchOpen(false)}
        onOk={() => void saveBatch()}
        okText={t('crud.save')}
        confirmLoading={run.isPending}
        destroyOnHidden
      >
        <p className={styles.muted}>{t('paper.question.batchHint')}</p>
        <InputNumber
          autoFocus
          min={0}
          max={1000}
          step={1}
          value={batchScore}
          onChange={setBatchScore}
          onPressEnter={() => void saveBatch()}
          aria-label={t('paper.question.batchScoreEach')}
          placeholder={t('paper.question.batchScoreEach')}
          suffix={t('paper.points')}
          style={{ width: 200 }}
        />
      </Modal>
      <PreviewDialog
        open={Boolean(previewing)}
        question={previewing ? toViewQuestion(previewing) : undefined}
        onClose={() => setPreviewing(undefined)}
      />
      {picking && (
        <QuestionPicker
          paperId={paperId}
          section={section}
          inPaper={inPaper}
          onClose={() => setPicking(false)}
          onAdded={async () => {
            setPicking(false);
            await onChanged();
          }}
        />
      )}
      <NewQuestion
        paperId={paperId}
        section={section}
        open={creating}
        onClose={() => setCreating(false)}
        onAdded={onChanged}
      />
    </Card>
  );
}
