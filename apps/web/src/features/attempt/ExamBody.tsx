import { LeftOutlined, RightOutlined, SendOutlined } from '@ant-design/icons';
import type { AnswerValue, ExamSection } from '@shixun/contracts';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './exam.module.css';
import type { JournalEntry } from './journal.ts';
import { type Leaf, pageRange, type TopQuestion } from './paper.ts';
import { type PracticeControls, QuestionBlock } from './QuestionBlock.tsx';
import type { Layout } from './useLayout.ts';

interface Props {
  sections: ExamSection[];
  tops: TopQuestion[];
  /** The answerable questions (what the pager counts, as the answer sheet does). */
  all: Leaf[];
  layout: Layout;
  /** The top-level question on screen. */
  current: number;
  go: (index: number) => void;
  /** The answers are loaded (from this device and the server). */
  ready: boolean;
  entries: ReadonlyMap<string, JournalEntry>;
  /** Answers cannot change (handing in, not ready, saving stopped). */
  disabled: boolean;
  onAnswer: (questionId: string, value: AnswerValue) => void;
  onFlag: (questionId: string, flagged: 0 | 1) => void;
  practice: PracticeControls | undefined;
  /** A wide screen, which gets the hint about the keys. */
  wide: boolean;
  onSubmit: () => void;
}

/** The questions: one per screen with 上一题/下一题 (and 交卷 at the last), or the whole paper by section. */
export function ExamBody({
  sections,
  tops,
  all,
  layout,
  current,
  go,
  ready,
  entries,
  disabled,
  onAnswer,
  onFlag,
  practice,
  wide,
  onSubmit,
}: Props) {
  const { t } = useTranslation();

  const block = (index: number) => {
    const top = tops[index];
    if (!top) return null;
    return (
      <div key={top.question.id} data-top={`q-${top.question.id}`} className={styles.slot}>
        <QuestionBlock
          question={top.question}
          entries={entries}
          disabled={disabled}
          onAnswer={onAnswer}
          onFlag={onFlag}
          {...(practice ? { practice } : {})}
        />
      </div>
    );
  };

  if (!ready) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!tops.length) return <Result status="info" title={t('take.empty')} />;
  if (layout === 'one') {
    const section = tops[current]?.section;
    const range = pageRange(all, current);
    return (
      <>
        {section && (
          <header className={styles.sectionHead}>
            <h2>{section.name}</h2>
            {section.remark && <p className={styles.muted}>{section.remark}</p>}
          </header>
        )}
        {block(current)}
        <nav className={styles.stepper} aria-label={t('take.nav.label')}>
          <Button size="large" icon={<LeftOutlined />} disabled={current === 0} onClick={() => go(current - 1)}>
            {t('take.nav.prev')}
          </Button>
          <span className={styles.stepCount} data-testid="exam-position">
            {range &&
              (range.from === range.to
                ? t('take.nav.position', { n: range.from, total: all.length })
                : t('take.nav.positionRange', { from: range.from, to: range.to, total: all.length }))}
          </span>
          {current < tops.length - 1 ? (
            <Button size="large" type="primary" onClick={() => go(current + 1)}>
              {t('take.nav.next')}
              <RightOutlined />
            </Button>
          ) : (
            <Button size="large" type="primary" icon={<SendOutlined />} disabled={disabled} onClick={onSubmit}>
              {t('take.submit.button')}
            </Button>
          )}
        </nav>
        {wide && <p className={styles.keys}>{t('take.nav.keys')}</p>}
      </>
    );
  }
  return sections.map((section) => {
    const first = tops.findIndex((q) => q.section.id === section.id);
    return (
      <section key={section.id} className={styles.sectionAll}>
        <header className={styles.sectionHead}>
          <h2>{section.name}</h2>
          {section.remark && <p className={styles.muted}>{section.remark}</p>}
        </header>
        {section.questions.map((_, k) => block(first + k))}
      </section>
    );
  });
}
