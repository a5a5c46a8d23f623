import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  MinusCircleFilled,
  PieChartFilled,
} from '@ant-design/icons';
import type { AnswerResult, PracticeFeedback, QuestionType } from '@shixun/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../components/QuestionView/index.tsx';
import styles from './exam.module.css';

const ICONS: Record<AnswerResult, ReactNode> = {
  right: <CheckCircleFilled />,
  wrong: <CloseCircleFilled />,
  partial: <PieChartFilled />,
  blank: <MinusCircleFilled />,
  pending: <ClockCircleFilled />,
};

/** How an answer came out, as an icon and a word in the result's colour. */
export function ResultMark({ result, compact }: { result: AnswerResult; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.result} ${styles[`result_${result}`]}`} data-result={result}>
      {ICONS[result]}
      {!compact && <span>{t(`take.result.${result}`)}</span>}
    </span>
  );
}

/** A key as the student reads it: 正确/错误 for a judge, blanks' accepted answers with "/" between alternatives. */
export function KeyText({ type, text }: { type: QuestionType; text: string }) {
  const { t } = useTranslation();
  if (type === 'judge') return <>{text === 'T' ? t('take.input.true') : text === 'F' ? t('take.input.false') : text}</>;
  if (type === 'fill') return <>{text.replace(/\|/g, ' / ')}</>;
  if (type === 'short' || type === 'file' || type === 'practical') return <RichHtml html={text} />;
  return <>{text}</>;
}

/**
 * Immediate feedback on a practice answer: right or not, the key, the analysis, and for the wrong-answer book where
 * the question stands (right in a row, mastered).
 */
export function Feedback({
  feedback,
  type,
  streak,
}: {
  feedback: PracticeFeedback;
  type: QuestionType;
  /** The wrong-answer book: right answers in a row needed to master it. */
  streak?: { needed: number };
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`${styles.feedback} ${styles[`feedback_${feedback.result}`] ?? ''}`}
      data-testid="practice-feedback"
      role="status"
    >
      <div className={styles.feedbackHead}>
        <ResultMark result={feedback.result} />
        {feedback.result === 'pending' && <span className={styles.muted}>{t('take.practice.selfCheck')}</span>}
        {streak && feedback.rightStreak !== undefined && (
          <span className={styles.streak}>
            {feedback.state === 'mastered'
              ? t('take.wrongbook.masteredNow')
              : t('take.wrongbook.streak', { count: feedback.rightStreak, needed: streak.needed })}
          </span>
        )}
      </div>
      {feedback.key === undefined && <div className={styles.muted}>{t('take.practice.keyWithheld')}</div>}
      {feedback.key && (
        <div className={styles.feedbackKey}>
          <b>{t('take.practice.key')}</b>
          <KeyText type={type} text={feedback.key} />
        </div>
      )}
      {feedback.analysis && (
        <div className={styles.feedbackAnalysis}>
          <b>{t('take.practice.analysis')}</b>
          <RichHtml html={feedback.analysis} />
        </div>
      )}
    </div>
  );
}
