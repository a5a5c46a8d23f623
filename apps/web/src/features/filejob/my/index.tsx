import type { FilejobStudent } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filejobRecordApi } from '../../../api/filejob.ts';
import { formatDate } from '../../../components/CrudPage/values.ts';
import styles from './my.module.css';
import { RecordDrawer } from './RecordDrawer.tsx';
import { isOpen, STATE_COLORS, sortRecords, timeLeft } from './rules.ts';
import { dueText, policyText } from './words.ts';

export const MY_FILEJOBS_KEY = ['filejob_student', 'mine'] as const;

function RecordItem({ r, now, onOpen }: { r: FilejobStudent; now: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const open = isOpen(r, now);
  const closed = timeLeft(r.dueTime, now).closed;
  const label = open && r.state === 'not_handed' ? t('filejobMy.handIn') : t('filejobMy.open');
  return (
    <List.Item
      data-record={r.id}
      actions={[
        <Button key="open" type={open && r.state === 'not_handed' ? 'primary' : 'default'} onClick={onOpen}>
          <span>
            {label}
            <span className={styles.srOnly}> {r.title}</span>
          </span>
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={
          <span className={styles.itemTitle}>
            {r.title}
            <Tag color={STATE_COLORS[r.state]}>{t(`filejobMy.states.${r.state}`)}</Tag>
          </span>
        }
        description={
          <div className={styles.itemLines}>
            <span>
              {r.className} · {t('filejobMy.due', { time: formatDate(r.dueTime, true) })}{' '}
              <strong className={closed ? styles.closed : styles.left}>{dueText(t, r, now)}</strong>
            </span>
            {r.extensionUntil ? (
              <span>{t('filejobMy.extended', { time: formatDate(r.extensionUntil, true) })}</span>
            ) : null}
            <span>{policyText(t, r.job)}</span>
            {r.released && r.finalScore !== null ? (
              <Typography.Text strong data-testid="record-score">
                {t('filejobMy.scoreOf', { score: r.finalScore, total: r.job.score })}
              </Typography.Text>
            ) : r.state !== 'not_handed' ? (
              <span>{t('filejobMy.awaiting')}</span>
            ) : null}
          </div>
        }
      />
    </List.Item>
  );
}

/**
 * 我的作业 (`/filejob/my`): the student's file homework, open ones first (the nearest deadline on top), each with
 * its state, time left and late policy; opening one shows its requirements, the hand-in, the receipt and, once
 * released, the feedback.
 */
export default function MyFilejobsPage() {
  const { t } = useTranslation();
  const mine = useQuery({ queryKey: MY_FILEJOBS_KEY, queryFn: () => filejobRecordApi.mine() });
  const [openId, setOpenId] = useState<string | null>(null);
  // The device's clock, for the "time left" display only: whether a hand-in is late is the server's to say.
  const now = Date.now();
  const rows = sortRecords(mine.data?.records ?? [], now);
  return (
    <Card title={t('filejobMy.title')} className={styles.myPage}>
      {mine.isLoading ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={rows}
          locale={{ emptyText: <Empty description={t('filejobMy.empty')} /> }}
          renderItem={(r) => <RecordItem r={r} now={now} onOpen={() => setOpenId(r.id)} />}
        />
      )}
      <RecordDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
