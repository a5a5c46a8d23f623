import type { ClassProgress } from '@shixun/contracts';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { clock, steepestDrop } from './matrix.ts';
import styles from './progress.module.css';

/**
 * Where videos lose their viewers: per timed courseware ten plain bars, each the share of the class that watched that
 * tenth; the tenth with the steepest fall is marked and said in words (no chart library for ten bars).
 */
export function VideoDropoff({ videos }: { videos: ClassProgress['videos'] }) {
  const { t } = useTranslation();
  if (!videos.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('courseProgress.noVideos')} />;
  return (
    <div className={styles.videos}>
      {videos.map((v) => {
        const drop = steepestDrop(v.tenths);
        return (
          <section key={v.coursewareId} className={styles.video} aria-label={v.name}>
            <div className={styles.videoName} title={v.name}>
              {v.name}
            </div>
            <div className={styles.muted}>{t('courseProgress.duration', { time: clock(v.duration) })}</div>
            <ul className={styles.bars}>
              {v.tenths.map((percent, i) => {
                const label = t('courseProgress.tenth', {
                  n: i + 1,
                  from: clock((v.duration * i) / 10),
                  percent,
                });
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the tenths are fixed positions 1–10
                  <li key={i} title={label} aria-label={label}>
                    <span
                      className={`${styles.bar} ${drop?.tenth === i ? styles.barDrop : ''}`}
                      style={{ height: `${percent}%` }}
                    />
                  </li>
                );
              })}
            </ul>
            <div className={styles.muted}>
              {drop ? t('courseProgress.drop', { n: drop.tenth + 1, points: drop.points }) : t('courseProgress.noDrop')}
            </div>
          </section>
        );
      })}
    </div>
  );
}
