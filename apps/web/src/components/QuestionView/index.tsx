import { CheckCircleFilled, UploadOutlined } from '@ant-design/icons';
import {
  type BlankRules,
  OPTION_LABELS,
  QUESTION_TYPE_NAMES,
  type QuestionConfig,
  type QuestionType,
} from '@shixun/contracts';
import { Alert, Button, Checkbox, Input, Radio, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberBlanks } from './math.ts';
import { RichHtml } from './RichHtml.tsx';
import styles from './view.module.css';

export { RichHtml } from './RichHtml.tsx';

/** An option, a blank (content: accepted answers separated by `|`) or a scoring point. */
export interface ViewItem {
  id?: string;
  content: string;
  isAnswer?: number;
  score?: number;
  config?: BlankRules;
}

/** What a question shows: a saved one (`tree/{id}`, a paper's snapshot) or an editor's form. */
export interface ViewQuestion {
  type: QuestionType;
  stem: string;
  answer?: string;
  analysis?: string;
  score?: number;
  items?: ViewItem[];
  config?: QuestionConfig;
  /** A composite question's child questions, in order. */
  children?: ViewQuestion[];
}

/**
 * A student's answer: the letter (single), the letters (multiple), T or F (judge), one text per blank (fill), the
 * text (short, practical), the file names (file).
 */
export type QuestionResponse = string | string[];

interface Props {
  question: ViewQuestion;
  /** Its number in the paper: 1, 2 … (children are numbered (1), (2) … by their composite question). */
  number?: ReactNode;
  /** With the right answers marked, the reference answer, the scoring points and the analysis (a teacher's view). */
  showAnswer?: boolean;
  /** The student's answer; without `onChange` the view keeps its own (a preview to click through). */
  value?: QuestionResponse;
  onChange?: (value: QuestionResponse) => void;
  /** A composite question's children's answers, by position. */
  childValues?: (QuestionResponse | undefined)[];
  onChildChange?: (index: number, value: QuestionResponse) => void;
  /** Answers are shown, not changed (a handed-in paper). */
  disabled?: boolean;
}

const alternatives = (content: string) =>
  content
    .split('|')
    .map((a) => a.trim())
    .filter(Boolean);

function Score({ score }: { score?: number }) {
  const { t } = useTranslation();
  if (score === undefined || score === null) return null;
  return <span className={styles.score}>{t('questionView.score', { score })}</span>;
}

/** What the answering parts get: the question, the student's response and whether the key is shown. */
interface AnswerProps {
  question: ViewQuestion;
  value?: QuestionResponse;
  onChange: (v: QuestionResponse) => void;
  showAnswer?: boolean;
  disabled?: boolean;
}

function Options({ question, value, onChange, showAnswer, disabled }: AnswerProps) {
  const items = question.items ?? [];
  const option = (item: ViewItem, i: number) => {
    const right = showAnswer && item.isAnswer === 1;
    return (
      <span className={`${styles.option} ${right ? styles.right : ''}`} data-option={OPTION_LABELS[i]}>
        <span className={styles.letter}>{OPTION_LABELS[i]}.</span>
        <RichHtml html={item.content} inline />
        {right && <CheckCircleFilled className={styles.tick} aria-hidden />}
      </span>
    );
  };
  if (question.type === 'single') {
    return (
      <Radio.Group
        className={styles.choices}
        value={typeof value === 'string' ? value : undefined}
        onChange={(e) => onChange(e.target.value as string)}
        disabled={disabled}
        options={items.map((item, i) => ({ value: OPTION_LABELS[i]!, label: option(item, i) }))}
      />
    );
  }
  return (
    <Checkbox.Group
      className={styles.choices}
      value={Array.isArray(value) ? value : []}
      onChange={(v) => onChange((v as string[]).slice().sort())}
      disabled={disabled}
      options={items.map((item, i) => ({ value: OPTION_LABELS[i]!, label: option(item, i) }))}
    />
  );
}

function RulesTags({ rules }: { rules?: BlankRules }) {
  const { t } = useTranslation();
  const on = (['caseSensitive', 'ignoreWidth', 'ignoreSpace'] as const).filter((k) => rules?.[k]);
  return (
    <>
      {on.map((k) => (
        <Tag key={k} variant="filled">
          {t(`questionView.rules.${k}`)}
        </Tag>
      ))}
    </>
  );
}

/** The right answer, the reference answer, scoring points and analysis: what a teacher sees, never a student. */
function Answers({ question }: { question: ViewQuestion }) {
  const { t } = useTranslation();
  const items = question.items ?? [];
  const none = <span className={styles.muted}>{t('questionView.none')}</span>;
  let body: ReactNode = null;
  switch (question.type) {
    case 'single':
    case 'multiple': {
      const letters = items.flatMap((item, i) => (item.isAnswer === 1 ? [OPTION_LABELS[i]] : []));
      body = (
        <p>
          <b>{t('questionView.correct')}</b>
          {letters.length ? letters.join('、') : none}
        </p>
      );
      break;
    }
    case 'judge':
      body = (
        <p>
          <b>{t('questionView.correct')}</b>
          {question.answer === 'T' ? t('questionView.true') : question.answer === 'F' ? t('questionView.false') : none}
        </p>
      );
      break;
    case 'fill':
      body = (
        <ol className={styles.blankAnswers}>
          {items.map((item, i) => (
            <li key={item.id ?? i}>
              <b>{t('questionView.blank', { n: i + 1 })}</b>
              {alternatives(item.content).join(t('questionView.or'))}
              <RulesTags rules={item.config} />
              {item.score ? <Score score={item.score} /> : null}
            </li>
          ))}
        </ol>
      );
      break;
    default:
      body = (
        <>
          <b>{t('questionView.reference')}</b>
          {question.answer ? <RichHtml html={question.answer} /> : <p>{none}</p>}
          {question.type === 'short' && items.length > 0 && (
            <>
              <b>{t('questionView.points')}</b>
              <ol className={styles.points}>
                {items.map((item, i) => (
                  <li key={item.id ?? i}>
                    <RichHtml html={item.content} inline />
                    {item.score ? <Score score={item.score} /> : null}
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      );
  }
  if (question.type === 'composite' && !question.analysis) return null;
  return (
    <div className={styles.answers} data-testid="question-answers">
      {question.type !== 'composite' && body}
      {question.analysis ? (
        <>
          <b>{t('questionView.analysis')}</b>
          <RichHtml html={question.analysis} />
        </>
      ) : null}
    </div>
  );
}

/** What the student answers with, by type. */
function AnswerArea({ question, value, onChange, showAnswer, disabled }: AnswerProps) {
  const { t } = useTranslation();
  switch (question.type) {
    case 'single':
    case 'multiple':
      return (
        <Options question={question} value={value} onChange={onChange} showAnswer={showAnswer} disabled={disabled} />
      );
    case 'judge':
      return (
        <Radio.Group
          className={styles.judge}
          value={typeof value === 'string' ? value : undefined}
          onChange={(e) => onChange(e.target.value as string)}
          disabled={disabled}
          options={[
            { value: 'T', label: t('questionView.true') },
            { value: 'F', label: t('questionView.false') },
          ]}
        />
      );
    case 'fill': {
      const blanks = question.items ?? [];
      const texts = Array.isArray(value) ? value : [];
      return (
        <div className={styles.blanks}>
          {blanks.map((item, i) => (
            <div key={item.id ?? i} className={styles.blankRow}>
              <span className={styles.blankNo}>{i + 1}</span>
              <Input
                value={texts[i] ?? ''}
                disabled={disabled}
                aria-label={t('questionView.blank', { n: i + 1 })}
                placeholder={t('questionView.blank', { n: i + 1 })}
                onChange={(e) => {
                  const next = blanks.map((_, j) => texts[j] ?? '');
                  next[i] = e.target.value;
                  onChange(next);
                }}
              />
            </div>
          ))}
        </div>
      );
    }
    case 'short':
      return (
        <Input.TextArea
          className={styles.text}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          autoSize={{ minRows: 4, maxRows: 12 }}
          aria-label={t('questionView.yourAnswer')}
          placeholder={t('questionView.yourAnswer')}
        />
      );
    case 'practical':
      return <Alert type="info" showIcon title={t('questionView.practical')} className={styles.note} />;
    case 'file': {
      const types = question.config?.fileTypes ?? [];
      const size = question.config?.maxSizeMb;
      return (
        <div className={styles.file}>
          {/* What the student will see, not usable here (the exam's own picker uploads: exam/AnswerInput.tsx). */}
          <Button icon={<UploadOutlined />} disabled>
            {t('questionView.upload')}
          </Button>
          <span className={styles.muted}>
            {[
              types.length ? t('questionView.fileTypes', { types: types.join('、') }) : t('questionView.anyType'),
              size ? t('questionView.fileSize', { size }) : '',
            ]
              .filter(Boolean)
              .join(t('questionView.separator'))}
          </span>
        </div>
      );
    }
    default:
      return null;
  }
}

/**
 * One question exactly as a student sees it in a paper: number, type and score, the stem (pictures, formulas drawn
 * by KaTeX, numbered blanks), and the way to answer — options to pick, 正确/错误, a box per blank, a text, a file. A
 * composite question shows its stem (a passage) and then its children. `showAnswer` adds what only a teacher sees.
 */
export function QuestionView({
  question,
  number,
  showAnswer,
  value,
  onChange,
  childValues,
  onChildChange,
  disabled,
}: Props) {
  const { i18n } = useTranslation();
  const [own, setOwn] = useState<QuestionResponse>();
  const [ownChildren, setOwnChildren] = useState<(QuestionResponse | undefined)[]>([]);
  const controlled = onChange !== undefined;
  const current = controlled ? value : own;
  const change = onChange ?? setOwn;
  const names = QUESTION_TYPE_NAMES[question.type];
  const stem = question.type === 'fill' ? numberBlanks(question.stem) : question.stem;
  const children = question.children ?? [];

  return (
    <article className={styles.question} data-question-type={question.type}>
      <header className={styles.header}>
        {number !== undefined && number !== null && <span className={styles.number}>{number}</span>}
        <Tag className={styles.type} variant="filled" color="processing">
          {i18n.language === 'en' ? names.en : names.zh}
        </Tag>
        <Score score={question.score} />
      </header>
      <RichHtml html={stem} className={styles.stem} />
      <AnswerArea question={question} value={current} onChange={change} showAnswer={showAnswer} disabled={disabled} />
      {showAnswer && <Answers question={question} />}
      {children.length > 0 && (
        <ol className={styles.children}>
          {children.map((child, i) => (
            // Children have no ids in an unsaved preview; their order is their identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i}>
              <QuestionView
                question={child}
                number={`(${i + 1})`}
                showAnswer={showAnswer}
                disabled={disabled}
                value={onChildChange ? childValues?.[i] : ownChildren[i]}
                onChange={(v) => {
                  if (onChildChange) onChildChange(i, v);
                  else setOwnChildren((list) => Object.assign([...list], { [i]: v }));
                }}
              />
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
