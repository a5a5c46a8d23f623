import type { ClassProgress } from '@shixun/contracts';
import { useTranslation } from 'react-i18next';
import { topicColumns } from './matrix.ts';
import styles from './progress.module.css';

const shade = (percent: number, completed: boolean) =>
  completed ? styles.done : percent === 0 ? styles.cell0 : percent < 50 ? styles.cell1 : styles.cell2;
const indent = (depth: number) => (depth === 0 ? undefined : depth === 1 ? styles.depth1 : styles.depth2);

/**
 * The class × topic matrix: a row per student (by number) with their overall per cent, a column per topic in course
 * order (a section under its chapter, indented); the student column stays put while the topics scroll sideways. A
 * topic with no courseware (`empty`) shows "—".
 */
export function ProgressMatrix({ progress, empty }: { progress: ClassProgress; empty: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const columns = topicColumns(progress.topics);
  return (
    // A scrolling region is reachable by keyboard, and named, so its content can be read without a mouse.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must take focus to scroll by keyboard
    <section className={styles.scroll} tabIndex={0} aria-label={t('courseProgress.matrix')}>
      <table className={styles.matrix} data-testid="progress-matrix">
        <thead>
          <tr>
            <th scope="col" className={styles.sticky}>
              {t('courseProgress.student')}
            </th>
            <th scope="col">{t('courseProgress.overall')}</th>
            {columns.map((c) => (
              <th scope="col" key={c.id} title={c.depth ? `${c.chapter} › ${c.name}` : c.name}>
                <span className={indent(c.depth)}>
                  {c.depth > 0 && <span className={styles.chapter}>{c.chapter} ›</span>}
                  {c.name}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {progress.students.map((s) => (
            <tr key={s.studentId}>
              <th scope="row" className={styles.sticky}>
                {s.name}
                <span className={styles.no}>{s.no}</span>
              </th>
              <td className={shade(s.percent, s.percent >= 100 && s.completedCount > 0)}>{s.percent}%</td>
              {columns.map((c) => {
                const cell = s.topics[c.index] ?? { percent: 0, completed: false };
                if (empty.has(c.id))
                  return (
                    <td key={c.id} className={styles.cell0} title={t('courseProgress.noWares')}>
                      —
                    </td>
                  );
                return (
                  <td
                    key={c.id}
                    className={shade(cell.percent, cell.completed)}
                    title={t('courseProgress.cell', { student: s.name, topic: c.name, percent: cell.percent })}
                  >
                    {cell.percent}%
                    {cell.completed && (
                      <>
                        {' '}
                        <span aria-hidden>✓</span>
                        <span className="visually-hidden">{t('courseProgress.completed')}</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
