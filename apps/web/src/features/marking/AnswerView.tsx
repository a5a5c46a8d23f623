import { CheckOutlined, CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { type AnswerValue, CHOICE_TYPES, type QuestionType, type ReviewQuestion } from '@shixun/contracts';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../components/QuestionView/index.tsx';
import styles from './marking.module.css';
import { fileLink } from './marking.ts';

type Item = ReviewQuestion['items'][number];

const isBlank = (answer: AnswerValue) =>
  answer === null ||
  answer === '' ||
  (Array.isArray(answer) && answer.every((a) => typeof a !== 'string' || !a.trim()));

/**
 * A student's answer as a marker reads it: chosen options with their text (right ✓ or wrong ✗ once the key is
 * known), true/false, each blank, a short answer's text as typed (never as markup), files as links.
 * `letters`: option letters are this student's own (their paper's order), so they may be shown.
 */
export function AnswerView({
  type,
  answer,
  items,
  blanks = 0,
  letters,
}: {
  type: QuestionType;
  answer: AnswerValue;
  /** The question's options (with `isAnswer` when the key is known); undefined while they load. */
  items?: Item[];
  blanks?: number;
  letters: boolean;
}) {
  const { t } = useTranslation();
  if (isBlank(answer)) return <Typography.Text type="secondary">{t('marking.answer.blank')}</Typography.Text>;
  if (CHOICE_TYPES.includes(type)) {
    const chosen = Array.isArray(answer) ? answer : [answer as string];
    return (
      <ul className={styles.choices}>
        {chosen.map((id) => {
          const item = items?.find((i) => i.id === id);
          const mark = item?.isAnswer === true ? 'right' : item?.isAnswer === false ? 'wrong' : '';
          return (
            <li key={id} className={mark ? styles[mark] : undefined}>
              {letters && item ? <b className={styles.letter}>{item.label}.</b> : null}
              {item ? (
                <RichHtml html={item.content} inline />
              ) : (
                <Typography.Text type="secondary">{items ? t('marking.answer.unknownOption') : '…'}</Typography.Text>
              )}
              {mark === 'right' && <CheckOutlined className={styles.tick} aria-label={t('marking.answer.right')} />}
              {mark === 'wrong' && <CloseOutlined className={styles.cross} aria-label={t('marking.answer.wrong')} />}
            </li>
          );
        })}
      </ul>
    );
  }
  if (type === 'judge') {
    const v = String(answer);
    return <span>{v === 'T' ? t('marking.answer.true') : v === 'F' ? t('marking.answer.false') : v}</span>;
  }
  if (type === 'fill') {
    const texts = Array.isArray(answer) ? answer : [String(answer)];
    const count = Math.max(blanks, texts.length);
    return (
      <ol className={styles.blanks}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positions
          <li key={i}>
            <span className={styles.blankNo}>{t('marking.answer.blankNo', { n: i + 1 })}</span>
            {texts[i]?.trim() ? (
              <span className={styles.typed}>{texts[i]}</span>
            ) : (
              <Typography.Text type="secondary">{t('marking.answer.empty')}</Typography.Text>
            )}
          </li>
        ))}
      </ol>
    );
  }
  if (type === 'file') {
    const files = Array.isArray(answer) ? answer : [String(answer)];
    return (
      <ul className={styles.files}>
        {files.filter(Boolean).map((entry, i) => {
          const { href, name } = fileLink(entry);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be handed in twice
            <li key={i}>
              <PaperClipOutlined aria-hidden />{' '}
              {href ? (
                <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
                  {name}
                </Typography.Link>
              ) : (
                <span>{name}</span>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  const text = Array.isArray(answer) ? answer.join('\n') : String(answer);
  return <div className={styles.text}>{text}</div>;
}

/**
 * The key of a question as a marker needs it: the right options (by letter when they are this student's, else by
 * text), true or false, each blank's accepted answers, or the reference answer; and the analysis.
 */
export function KeyView({ question, letters }: { question: ReviewQuestion; letters: boolean }) {
  const { t } = useTranslation();
  let key: ReactNode = null;
  if (CHOICE_TYPES.includes(question.type)) {
    const right = question.items.filter((i) => i.isAnswer);
    key =
      letters && question.key ? (
        <span>{question.key}</span>
      ) : (
        <ul className={styles.choices}>
          {right.map((i) => (
            <li key={i.id} className={styles.right}>
              <RichHtml html={i.content} inline />
            </li>
          ))}
        </ul>
      );
  } else if (question.type === 'judge') {
    key = <span>{question.key === 'T' ? t('marking.answer.true') : t('marking.answer.false')}</span>;
  } else if (question.type === 'fill') {
    key = (
      <ol className={styles.blanks}>
        {question.items.map((i, n) => (
          <li key={i.id}>
            <span className={styles.blankNo}>{t('marking.answer.blankNo', { n: n + 1 })}</span>
            {i.content
              .split('|')
              .map((a) => a.trim())
              .filter(Boolean)
              .join(t('marking.answer.or'))}
            {i.score ? <span className={styles.muted}> {t('marking.points', { score: i.score })}</span> : null}
          </li>
        ))}
      </ol>
    );
  } else if (question.key) {
    key = <RichHtml html={question.key} />;
  }
  return (
    <div className={styles.key}>
      <div>
        <b>{t('marking.answer.key')}</b>
        {key ?? <Typography.Text type="secondary">{t('marking.answer.noKey')}</Typography.Text>}
      </div>
      {question.analysis ? (
        <div>
          <b>{t('marking.answer.analysis')}</b>
          <RichHtml html={question.analysis} />
        </div>
      ) : null}
    </div>
  );
}
