import { FlagFilled } from '@ant-design/icons';
import { type ExamSection, isAnswered } from '@shixun/contracts';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './exam.module.css';
import type { JournalEntry } from './journal.ts';
import type { Leaf } from './paper.ts';

interface Props {
  sections: ExamSection[];
  leaves: Leaf[];
  entries: ReadonlyMap<string, JournalEntry>;
  /** The top-level question on screen. */
  current: number;
  onJump: (leaf: Leaf) => void;
}

/**
 * 答题卡: every question's number by section — answered filled, flagged with a flag, the one on screen outlined.
 * A number jumps to its question.
 */
export function AnswerSheet({ sections, leaves, entries, current, onJump }: Props) {
  const { t } = useTranslation();
  const done = leaves.filter((l) => isAnswered(entries.get(l.question.id)?.answer)).length;
  return (
    <nav className={styles.sheet} aria-label={t('take.sheet.title')} data-testid="answer-sheet">
      <div className={styles.sheetSummary}>
        <span>{t('take.sheet.answered', { done, total: leaves.length })}</span>
        <Progress
          percent={leaves.length ? Math.round((done / leaves.length) * 100) : 0}
          size="small"
          showInfo={false}
          aria-hidden
        />
      </div>
      {sections.map((section) => {
        const cells = leaves.filter((l) => l.sectionId === section.id);
        if (!cells.length) return null;
        return (
          <section key={section.id} className={styles.sheetSection}>
            <h3 className={styles.sheetHeading}>{section.name}</h3>
            <ol className={styles.cells}>
              {cells.map((leaf) => {
                const entry = entries.get(leaf.question.id);
                const answered = isAnswered(entry?.answer);
                const flagged = entry?.flagged === 1;
                const here = leaf.top === current;
                const state = [
                  answered ? t('take.sheet.isAnswered') : t('take.sheet.isBlank'),
                  ...(flagged ? [t('take.sheet.isFlagged')] : []),
                ].join(t('take.sheet.comma'));
                return (
                  <li key={leaf.question.id}>
                    <button
                      type="button"
                      className={[
                        styles.cell,
                        answered ? styles.cellAnswered : '',
                        flagged ? styles.cellFlagged : '',
                        here ? styles.cellCurrent : '',
                        leaf.label.length > 3 ? styles.cellLong : '',
                      ].join(' ')}
                      aria-current={here ? 'step' : undefined}
                      aria-label={t('take.sheet.cell', { label: leaf.label, state })}
                      title={t('take.sheet.cell', { label: leaf.label, state })}
                      onClick={() => onJump(leaf)}
                    >
                      {leaf.label}
                      {flagged && <FlagFilled className={styles.cellFlag} aria-hidden />}
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
      <ul className={styles.legend} aria-hidden>
        <li>
          <span className={`${styles.swatch} ${styles.cellAnswered}`} />
          {t('take.sheet.legendAnswered')}
        </li>
        <li>
          <span className={styles.swatch} />
          {t('take.sheet.legendBlank')}
        </li>
        <li>
          <FlagFilled className={styles.legendFlag} />
          {t('take.sheet.legendFlagged')}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.cellCurrent}`} />
          {t('take.sheet.legendCurrent')}
        </li>
      </ul>
    </nav>
  );
}
