import { EyeOutlined, RedoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { MyAssignment, PaperType, SavedAnswer } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { attemptApi } from '../../api/assignment.ts';
import { useAuth } from '../../stores/auth.ts';
import styles from './exam.module.css';
import { examJournal, mergeAnswers, pendingSaves } from './journal.ts';
import { examPath, listPath, MY_QUERY_KEY, REVIEW_PERMISSION, reviewPath, TAKE_PERMISSION } from './routes.ts';

const num = (n: number) => String(Math.round(n * 10) / 10);

interface Props {
  attemptId: string;
  title: string;
  kind: PaperType;
  totalScore: number;
  /** How it was handed in: by the student now, by the timer now, or before this page was opened. */
  how: 'manual' | 'auto' | 'earlier';
  /** What the hand-in answered; absent, the attempt is looked up in 我的考试. */
  result?: MyAssignment | null;
  /** Answers this device still held unconfirmed when the attempt closed. */
  lost?: number;
  /** The attempt was closed before this page opened: compare the device's journal with these, then empty it. */
  serverAnswers?: Record<string, SavedAnswer>;
}

/**
 * After the hand-in: done, and the score when it is already released (pass or fail), else that it comes once
 * released; 查看答卷, 再做一次 and the way back to the list. Answers this device could not deliver before the
 * attempt closed are admitted, never hidden.
 */
export function SubmittedView({ attemptId, title, kind, totalScore, how, result, lost = 0, serverAnswers }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const permission = useAuth((s) => s.permission);
  const [undelivered, setUndelivered] = useState(lost);
  // After the hand-in the 交卷 button is gone: focus goes to what happened, not to the page body.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => headingRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  const mine = useQuery({
    queryKey: MY_QUERY_KEY,
    queryFn: () => attemptApi.mine(),
    enabled: result === undefined,
  });
  const found = result ?? mine.data?.find((m) => m.attempt.id === attemptId) ?? null;

  useEffect(() => {
    if (!serverAnswers) return;
    let live = true;
    const journal = examJournal();
    void journal
      .load(attemptId)
      .then((stored) => {
        const left = pendingSaves(mergeAnswers(serverAnswers, stored).entries).length;
        if (live && left) setUndelivered(left);
        return journal.clear(attemptId);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [attemptId, serverAnswers]);

  const retry = useMutation({
    mutationFn: (assignmentId: string) => attemptApi.retry(assignmentId),
    onSuccess: ({ id }) => {
      void queryClient.invalidateQueries({ queryKey: MY_QUERY_KEY });
      navigate(examPath(id));
    },
  });

  const released = found?.attempt.released && found.attempt.score !== null;
  const score = found?.attempt.score ?? 0;
  const passScore = found?.passScore ?? 0;
  const heading =
    how === 'auto' ? t('take.done.auto') : how === 'earlier' ? t('take.done.earlier') : t('take.done.manual');
  const submitTime = found?.attempt.submitTime;

  return (
    <Card variant="borderless" className={styles.donePage} data-testid="exam-submitted">
      <Result
        status="success"
        title={
          <h1 ref={headingRef} tabIndex={-1} className={styles.doneHeading} data-testid="exam-done-heading">
            {heading}
          </h1>
        }
        subTitle={
          <>
            <div className={styles.doneTitle}>{title}</div>
            {submitTime && (
              <div>{t('take.done.submitTime', { time: dayjs(submitTime).format('YYYY-MM-DD HH:mm:ss') })}</div>
            )}
          </>
        }
        extra={
          <Space wrap className={styles.doneActions}>
            <Button size="large" icon={<UnorderedListOutlined />} onClick={() => navigate(listPath(kind))}>
              {kind === 'practice' ? t('take.done.backPractice') : t('take.done.backMine')}
            </Button>
            {released && permission[REVIEW_PERMISSION] && (
              <Button
                size="large"
                type="primary"
                icon={<EyeOutlined />}
                onClick={() => navigate(reviewPath(attemptId))}
              >
                {t('take.my.review')}
              </Button>
            )}
            {found?.canRetry && found.attempt.id === attemptId && permission[TAKE_PERMISSION] && (
              <Button
                size="large"
                icon={<RedoOutlined />}
                loading={retry.isPending}
                onClick={() => retry.mutate(found.id)}
              >
                {t('take.my.retry')}
              </Button>
            )}
          </Space>
        }
      >
        <div className={styles.doneBody}>
          {released ? (
            <div className={styles.doneScore} data-testid="exam-score">
              <span className={styles.doneScoreValue}>{num(score)}</span>
              <span className={styles.muted}>
                {t('take.done.ofTotal', { total: num(found?.totalScore ?? totalScore) })}
              </span>
              {passScore > 0 &&
                (score >= passScore ? (
                  <Tag color="success">{t('take.my.pass')}</Tag>
                ) : (
                  <Tag color="error">{t('take.my.fail')}</Tag>
                ))}
            </div>
          ) : (
            <p className={styles.muted}>{t('take.done.later')}</p>
          )}
          {undelivered > 0 && <Alert type="warning" showIcon title={t('take.done.lost', { count: undelivered })} />}
        </div>
      </Result>
    </Card>
  );
}
