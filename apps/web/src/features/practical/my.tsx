import type { PracticalAttempt } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { practicalAttemptApi } from '../../api/practical.ts';
import { formatDate } from '../../components/CrudPage/values.ts';
import { ATTEMPT_STATE_COLORS } from './labels.ts';
import styles from './practical.module.css';
import { MY_PRACTICALS_KEY, type WorkbenchMode, workbenchPath } from './routes.ts';

/** What the student can do with an attempt now: its button's label and the workbench mode, or why not. */
function nextStep(a: PracticalAttempt, now: number): { label: string; mode?: WorkbenchMode; note?: string } {
  const open = Date.parse(a.openTime) <= now && now < Date.parse(a.closeTime);
  if (a.state === 'marked' && a.released) return { label: 'practicalWork.my.result', mode: 'view' };
  if (a.state === 'submitted' || a.state === 'marked')
    return { label: 'practicalWork.my.view', mode: 'view', note: 'practicalWork.my.awaiting' };
  if (Date.parse(a.openTime) > now) return { label: 'practicalWork.my.notOpen' };
  if (!open) return { label: 'practicalWork.my.closed', mode: a.state === 'in_progress' ? 'view' : undefined };
  return { label: a.state === 'in_progress' ? 'practicalWork.my.continue' : 'practicalWork.my.start', mode: 'answer' };
}

/** 我的实训 (`/practical/my`): a student's practical tasks — open ones first — each opening the workbench. */
export default function MyPracticalsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mine = useQuery({ queryKey: MY_PRACTICALS_KEY, queryFn: () => practicalAttemptApi.mine() });
  const now = Date.now();
  const rows = [...(mine.data?.records ?? [])].sort(
    (a, b) =>
      Number(Boolean(nextStep(b, now).mode === 'answer')) - Number(Boolean(nextStep(a, now).mode === 'answer')) ||
      Date.parse(b.openTime) - Date.parse(a.openTime),
  );
  return (
    <Card title={t('practicalWork.my.title')} className={styles.myPage}>
      {mine.isLoading ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={rows}
          locale={{ emptyText: <Empty description={t('practicalWork.my.empty')} /> }}
          renderItem={(a) => {
            const step = nextStep(a, now);
            return (
              <List.Item
                data-attempt={a.id}
                actions={[
                  <Button
                    key="go"
                    type={step.mode === 'answer' ? 'primary' : 'default'}
                    disabled={!step.mode}
                    onClick={() => step.mode && navigate(workbenchPath(a.paperId, a.id, step.mode))}
                  >
                    {t(step.label, { time: formatDate(a.openTime, true) })}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span className={styles.myTitle}>
                      {a.title}
                      <Tag color={ATTEMPT_STATE_COLORS[a.state]}>{t(`practicalWork.attemptStates.${a.state}`)}</Tag>
                    </span>
                  }
                  description={
                    <>
                      <span>
                        {formatDate(a.openTime, true)}{' '}
                        {t('practicalWork.until', { time: formatDate(a.closeTime, true) })}
                      </span>
                      {a.score !== null ? (
                        <Typography.Text strong className={styles.myScore}>
                          {t('practicalWork.my.scoreOf', { score: a.score, total: a.totalScore })}
                        </Typography.Text>
                      ) : step.note ? (
                        <Typography.Text type="secondary" className={styles.myScore}>
                          {t(step.note)}
                        </Typography.Text>
                      ) : null}
                    </>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
