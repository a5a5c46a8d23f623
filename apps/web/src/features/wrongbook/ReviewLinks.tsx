import { ReadOutlined } from '@ant-design/icons';
import type { QuestionSegment } from '@shixun/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { segmentLink, segmentRange } from '../course/segment-link.ts';
import styles from './review.module.css';

/** "复习：<课件名> 02:15–03:40" under a wrong answer: each segment that teaches one of the question's points. */
export function ReviewLinks({ segments }: { segments: QuestionSegment[] | undefined }) {
  const { t } = useTranslation();
  if (!segments?.length) return null;
  const pages = (first: number, last: number) =>
    first === last ? t('take.wrongbook.reviewPage', { page: first }) : t('take.wrongbook.reviewPages', { first, last });
  return (
    <span className={styles.review} data-testid="wrongbook-review">
      {segments.map((s) => (
        <Link
          key={`${s.coursewareId}-${s.start}`}
          to={segmentLink(s)}
          title={[s.courseName, s.label, s.locked ? t('take.wrongbook.reviewLocked') : ''].filter(Boolean).join(' · ')}
        >
          <ReadOutlined aria-hidden="true" />{' '}
          {t('take.wrongbook.review', { name: s.coursewareName, range: segmentRange(s, pages) })}
        </Link>
      ))}
    </span>
  );
}
