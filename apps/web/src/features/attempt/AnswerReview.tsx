import { CheckCircleFilled, CloseCircleFilled, PaperClipOutlined, UserOutlined } from '@ant-design/icons';
import { type ExamQuestion, isAnswered, QUESTION_TYPE_NAMES, type ReviewQuestion } from '@shixun/contracts';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../components/QuestionView/index.tsx';
import { numberBlanks } from '../../components/QuestionView/math.ts';
import { KeyText, ResultMark } from './Feedback.tsx';
import { fileName } from './paper.ts';
import styles from './review.module.css';

const num = (n: number) => String(Math.round(n * 10) / 10);

export interface AnswerReviewProps {
  question: ReviewQuestion;
  /** Whose eyes: the student's own answers (你的答案) or a marker's (学生作答, with the marks' parts). */
  viewer?: 'student' | 'marker';
  /** Something under each answered question, e.g. a marker's score and comment fields. */
  extra?: (question: ReviewQuestion) => ReactNode;
}

/** Points earned by a question; a composite's are its children's. */
export function earnedOf(q: ReviewQuestion): number {
  if (q.type === 'composite') return q.children.reduce((sum, c) => sum + earnedOf(c), 0);
  return q.earned ?? 0;
}

function Choices({ question }: { question: ReviewQuestion }) {
  const { t } = useTranslation();
  const picked = new Set(
    question.type === 'single'
      ? typeof question.answer === 'string' && question.answer
        ? [question.answer]
        : []
      : Array.isArray(question.answer)
        ? question.answer
        : [],
  );
  const keyKnown = question.items.some((i) => i.isAnswer !== undefined);
  return (
    <ul className={styles.options}>
      {question.items.map((item) => {
        const mine = picked.has(item.id);
        const right = item.isAnswer === true;
        const cls = [
          styles.option,
          mine ? styles.picked : '',
          keyKnown && right ? styles.right : '',
          keyKnown && mine && !right ? styles.wrong : '',
        ].join(' ');
        return (
          <li key={item.id} className={cls} data-option={item.label} data-picked={mine || undefined}>
            <span className={styles.letter}>{item.label}.</span>
            <RichHtml html={item.content} inline className={styles.optionText} />
            <span className={styles.marks}>
              {mine && (
                <Tag color={keyKnown ? (right ? 'success' : 'error') : 'processing'} variant="filled">
                  {t('take.review.picked')}
                </Tag>
              )}
              {keyKnown && right && (
                <CheckCircleFilled className={styles.rightIcon} aria-label={t('take.review.rightOption')} />
              )}
              {keyKnown && mine && !right && <CloseCircleFilled className={styles.wrongIcon} aria-hidden />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Given({ question, viewer }: { question: ReviewQuestion; viewer: 'student' | 'marker' }) {
  const { t } = useTranslation();
  const label = viewer === 'marker' ? t('take.review.theirAnswer') : t('take.review.yourAnswer');
  const none = <span className={styles.none}>{t('take.review.noAnswer')}</span>;
  const answer = question.answer;
  switch (question.type) {
    case 'single':
    case 'multiple':
      return (
        <>
          <Choices question={question} />
          {!isAnswered(answer) && (
            <p className={styles.line}>
              <b>{label}</b>
              {none}
            </p>
          )}
        </>
      );
    case 'judge':
      return (
        <p className={styles.line}>
          <b>{label}</b>
          {answer === 'T' ? t('take.input.true') : answer === 'F' ? t('take.input.false') : none}
        </p>
      );
    case 'fill': {
      const texts = Array.isArray(answer) ? answer : [];
      const count = Math.max(question.blanks, texts.length, 1);
      return (
        <div className={styles.line}>
          <b>{label}</b>
          <ol className={styles.blanks}>
            {Array.from({ length: count }, (_, i) => {
              const accepted = question.items[i]?.content;
              return (
                // Blanks are positions.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={i}>
                  <span className={styles.blankNo}>{i + 1}</span>
                  <span className={styles.blankText}>{texts[i]?.trim() ? texts[i] : none}</span>
                  {accepted ? (
                    <span className={styles.blankKey}>
                      {t('take.review.accepted')}
                      {accepted.replace(/\|/g, ' / ')}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </div>
      );
    }
    case 'short':
      return (
        <div className={styles.line}>
          <b>{label}</b>
          {typeof answer === 'string' && answer.trim() ? <div className={styles.textAnswer}>{answer}</div> : none}
        </div>
      );
    case 'file': {
      const links = Array.isArray(answer) ? answer : [];
      return (
        <div className={styles.line}>
          <b>{label}</b>
          {links.length ? (
            <ul className={styles.files}>
              {links.map((link, i) => (
                <li key={link}>
                  <PaperClipOutlined aria-hidden />
                  <a href={link} target="_blank" rel="noreferrer">
                    {t('take.input.fileN', { n: i + 1, name: fileName(link) })}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            none
          )}
        </div>
      );
    }
    case 'practical':
      return (
        <p className={styles.line}>
          <b>{label}</b>
          {typeof answer === 'string' && answer.trim() ? answer : t('take.review.onSite')}
        </p>
      );
    default:
      return null;
  }
}

function Marks({ question, viewer }: { question: ReviewQuestion; viewer: 'student' | 'marker' }) {
  const { t } = useTranslation();
  const showKey = question.key !== undefined && question.type !== 'fill';
  return (
    <>
      {viewer === 'marker' && (question.autoScore !== null || question.manualScore !== null) && (
        <p className={`${styles.line} ${styles.muted}`}>
          {question.autoScore !== null && t('take.review.auto', { score: num(question.autoScore) })}
          {question.autoScore !== null && question.manualScore !== null && t('take.sheet.comma')}
          {question.manualScore !== null && t('take.review.manual', { score: num(question.manualScore) })}
        </p>
      )}
      {question.comment && (
        <div className={styles.comment}>
          <UserOutlined aria-hidden />
          <b>{t('take.review.comment')}</b>
          <span>{question.comment}</span>
        </div>
      )}
      {(showKey || question.analysis) && (
        <div className={styles.key} data-testid="review-key">
          {showKey && question.key && (
            <div>
              <b>{t('take.practice.key')}</b>
              <KeyText type={question.type} text={question.key} />
            </div>
          )}
          {question.analysis && (
            <div>
              <b>{t('take.practice.analysis')}</b>
              <RichHtml html={question.analysis} />
            </div>
          )}
        </div>
      )}
    </>
  );
}

function Head({ question, composite }: { question: ReviewQuestion; composite?: boolean }) {
  const { t, i18n } = useTranslation();
  const names = QUESTION_TYPE_NAMES[question.type];
  const earned = earnedOf(question);
  return (
    <header className={styles.head}>
      <span className={styles.no}>{question.no.startsWith('(') ? question.no : `${question.no}.`}</span>
      <Tag color="processing" variant="filled" className={styles.type}>
        {i18n.language === 'en' ? names.en : names.zh}
      </Tag>
      <span className={styles.score}>
        {!composite && <ResultMark result={question.result} />}
        <span className={styles.earned} data-testid="review-earned">
          {question.result === 'pending' && !composite
            ? t('take.review.outOf', { score: num(question.score) })
            : t('take.review.earned', { earned: num(earned), score: num(question.score) })}
        </span>
      </span>
    </header>
  );
}

/** A stem as the paper showed it (fill-in-the-blank gaps numbered). */
function Stem({ question }: { question: Pick<ExamQuestion, 'type' | 'stem'> }) {
  return (
    <RichHtml html={question.type === 'fill' ? numberBlanks(question.stem) : question.stem} className={styles.stem} />
  );
}

/**
 * One question of a handed-in paper with its answer, read-only: number, type, result and points earned, the stem,
 * the answer given (picked options marked, right ones highlighted when the key may be shown, a text per blank, the
 * text, the files), the teacher's comment, and — when the review policy allows — the key and the analysis. A
 * composite question shows its passage, then its children. Students' review and teachers' marking pages use it.
 */
export function AnswerReview({ question, viewer = 'student', extra }: AnswerReviewProps) {
  if (question.type === 'composite')
    return (
      <article className={styles.question} data-question={question.id}>
        <Head question={question} composite />
        <Stem question={question} />
        {question.analysis && <Marks question={{ ...question, key: undefined }} viewer={viewer} />}
        <ol className={styles.children}>
          {question.children.map((child) => (
            <li key={child.id}>
              <AnswerReview question={child} viewer={viewer} {...(extra ? { extra } : {})} />
            </li>
          ))}
        </ol>
      </article>
    );
  return (
    <article className={styles.question} data-question={question.id} data-result={question.result}>
      <Head question={question} />
      <Stem question={question} />
      <Given question={question} viewer={viewer} />
      <Marks question={question} viewer={viewer} />
      {extra?.(question)}
    </article>
  );
}
