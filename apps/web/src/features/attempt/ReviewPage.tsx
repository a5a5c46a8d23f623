import { ArrowLeftOutlined } from '@ant-design/icons';
import type { AttemptReview } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { takeApi } from '../../api/assignment.ts';
import { formatDate } from '../../components/CrudPage/values.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { TYPE_COLORS } from '../paper/labels.ts';
import { AnswerReview, earnedOf } from './AnswerReview.tsx';
import styles from './review.module.css';
import { listPath } from './routes.ts';

const num = (n: number) => String(Math.round(n * 10) / 10);

function Summary({ review }: { review: AttemptReview }) {
  const { t } = useTranslation();
  const { attempt, assignment } = review;
  const score = attempt.score ?? 0;
  const passed = assignment.passScore > 0 ? score >= assignment.passScore : undefined;
  return (
    <section className={styles.summary} data-testid="review-summary">
      <Tag color={TYPE_COLORS[assignment.kind]} variant="filled">
        {t(`take.kind.${assignment.kind}`)}
      </Tag>
      <h1>{assignment.title}</h1>
      <div className={styles.total}>
        <span className={styles.totalValue} data-testid="review-score">
          {attempt.score === null ? '—' : num(score)}
        </span>
        <span>{t('take.done.ofTotal', { total: num(assignment.totalScore) })}</span>
        {passed !== undefined &&
          attempt.score !== null &&
          (passed ? <Tag color="success">{t('take.my.pass')}</Tag> : <Tag color="error">{t('take.my.fail')}</Tag>)}
      </div>
      <div className={styles.facts}>
        {review.policy === 'marker' && <span>{`${attempt.studentName}（${attempt.className}）`}</span>}
        {assignment.passScore > 0 && <span>{t('take.review.passLine', { score: num(assignment.passScore) })}</span>}
        {attempt.attemptNo > 1 && <span>{t('take.my.attemptNo', { n: attempt.attemptNo })}</span>}
        {attempt.submitTime && (
          <span>{t('take.done.submitTime', { time: dayjs(attempt.submitTime).format('YYYY-MM-DD HH:mm') })}</span>
        )}
        {attempt.autoSubmitted === 1 && <span>{t('take.review.autoSubmitted')}</span>}
      </div>
    </section>
  );
}

/**
 * 查看答卷 (`/paper/review/:id`, an attempt): the total, pass or fail, and — as far as the review policy the teacher
 * chose allows — each question with the answer given, its result and points, the teacher's comment, the key and
 * the analysis. Read-only.
 */
export default function ReviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['paper-review', id],
    queryFn: () => takeApi.review(id),
    enabled: Boolean(id),
  });
  const review = query.data;
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(listPath(review?.assignment.kind));
  };

  if (query.isLoading)
    return (
      <div className={styles.page}>
        <div className={styles.summary}>
          <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 2 }} />
        </div>
        <div className={`${styles.card} ${styles.section}`}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </div>
    );
  if (!review)
    return (
      <LoadFailed
        title={t('take.review.loadFailed')}
        reason={query.error?.message}
        retry={() => void query.refetch()}
        back={{ label: t('take.back'), onClick: back }}
      />
    );

  const policyNote =
    review.policy === 'score'
      ? t('take.review.policy.score')
      : review.policy === 'answers'
        ? review.keysFrom
          ? t('take.review.policy.keysLater', { time: formatDate(review.keysFrom, true) })
          : t('take.review.policy.answers')
        : review.policy === 'marker'
          ? t('take.review.policy.marker')
          : null;

  return (
    <div className={styles.page} data-testid="review-page">
      <div className={styles.toolbar}>
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('take.back')}
        </Button>
      </div>
      <Summary review={review} />
      {policyNote && (
        <Alert
          className={styles.policy}
          type={review.policy === 'score' ? 'warning' : 'info'}
          showIcon
          title={policyNote}
          data-testid="review-policy"
        />
      )}
      {review.sections.map((section) => {
        const earned = section.questions.reduce((sum, q) => sum + earnedOf(q), 0);
        return (
          <section key={section.id} className={styles.section}>
            <header className={styles.sectionHead}>
              <h2>{section.name}</h2>
              <span className={styles.muted}>
                {t('take.review.earned', { earned: num(earned), score: num(section.score) })}
              </span>
            </header>
            {section.remark && <p className={styles.muted}>{section.remark}</p>}
            {section.questions.map((q) => (
              <div key={q.id} className={styles.card}>
                <AnswerReview question={q} viewer={review.policy === 'marker' ? 'marker' : 'student'} />
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}
