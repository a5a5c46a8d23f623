import { FileSearchOutlined, FlagFilled, FlagOutlined } from '@ant-design/icons';
import {
  type AnswerValue,
  type ExamQuestion,
  isAnswered,
  type PracticeFeedback,
  QUESTION_TYPE_NAMES,
} from '@shixun/contracts';
import { Button, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../components/QuestionView/index.tsx';
import { numberBlanks } from '../../components/QuestionView/math.ts';
import { AnswerInput } from './AnswerInput.tsx';
import styles from './exam.module.css';
import { Feedback } from './Feedback.tsx';
import type { JournalEntry } from './journal.ts';
import { ANSWERABLE } from './paper.ts';

const score = (n: number) => String(Math.round(n * 10) / 10);

/** Practice: 检查答案 per question and what it said. */
export interface PracticeControls {
  onCheck: (questionId: string) => void;
  checking: string | null;
  feedback: Readonly<Record<string, PracticeFeedback>>;
}

interface Props {
  question: ExamQuestion;
  entries: ReadonlyMap<string, JournalEntry>;
  disabled: boolean;
  onAnswer: (questionId: string, value: AnswerValue) => void;
  onFlag: (questionId: string, flagged: 0 | 1) => void;
  practice?: PracticeControls;
}

/** The question's number, type and score: `3.` 单选题 （5 分）. */
export function QuestionHead({ question, children }: { question: ExamQuestion; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const names = QUESTION_TYPE_NAMES[question.type];
  return (
    <header className={styles.qHead}>
      {question.no && (
        <span className={styles.qNo}>{question.no.startsWith('(') ? question.no : `${question.no}.`}</span>
      )}
      <Tag className={styles.qType} color="processing" variant="filled">
        {i18n.language === 'en' ? names.en : names.zh}
      </Tag>
      <span className={styles.qScore}>{t('take.points', { score: score(question.score) })}</span>
      {children}
    </header>
  );
}

export function Stem({ question }: { question: ExamQuestion }) {
  return (
    <RichHtml html={question.type === 'fill' ? numberBlanks(question.stem) : question.stem} className={styles.stem} />
  );
}

function Leaf({ question, entries, disabled, onAnswer, onFlag, practice }: Props) {
  const { t } = useTranslation();
  const entry = entries.get(question.id);
  const flagged = entry?.flagged === 1;
  const feedback = practice?.feedback[question.id];
  const answerable = ANSWERABLE(question.type);
  return (
    // Focusable by script (跳到试题 lands here), not a Tab stop of its own.
    <div className={styles.leaf} id={`q-${question.id}`} data-question={question.id} tabIndex={-1}>
      <QuestionHead question={question}>
        {answerable && (
          <Button
            type="text"
            size="small"
            className={`${styles.flag} ${flagged ? styles.flagOn : ''}`}
            icon={flagged ? <FlagFilled /> : <FlagOutlined />}
            aria-pressed={flagged}
            disabled={disabled}
            onClick={() => onFlag(question.id, flagged ? 0 : 1)}
          >
            {flagged ? t('take.flagged') : t('take.flag')}
          </Button>
        )}
      </QuestionHead>
      <Stem question={question} />
      <AnswerInput
        question={question}
        value={entry?.answer}
        disabled={disabled}
        onChange={(v) => onAnswer(question.id, v)}
        {...(feedback?.rightOptionIds?.length ? { rightOptionIds: feedback.rightOptionIds } : {})}
      />
      {practice && answerable && (
        <div className={styles.checkRow}>
          <Button
            icon={<FileSearchOutlined />}
            loading={practice.checking === question.id}
            disabled={disabled || !isAnswered(entry?.answer)}
            onClick={() => practice.onCheck(question.id)}
          >
            {t('take.practice.check')}
          </Button>
          {!isAnswered(entry?.answer) && <span className={styles.muted}>{t('take.practice.answerFirst')}</span>}
        </div>
      )}
      {feedback && <Feedback feedback={feedback} type={question.type} />}
    </div>
  );
}

/**
 * A top-level question of the paper as the student answers it: number, type, score and 标记, the stem (formulas,
 * pictures, numbered blanks) and the input; a composite question's passage comes first, then each child with its
 * own input and flag. In practice each question has 检查答案.
 */
export function QuestionBlock(props: Props) {
  const { question } = props;
  if (question.type !== 'composite')
    return (
      <article className={styles.question}>
        <Leaf {...props} />
      </article>
    );
  return (
    <article className={styles.question} id={`q-${question.id}`} data-question={question.id} tabIndex={-1}>
      <QuestionHead question={question} />
      <Stem question={question} />
      <ol className={styles.children}>
        {question.children.map((child) => (
          <li key={child.id}>
            <Leaf {...props} question={child} />
          </li>
        ))}
      </ol>
    </article>
  );
}
