import type { FilejobStudent } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Drawer, Result, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { filejobRecordApi } from '../../../api/filejob.ts';
import { useScreen } from '../../../app/useScreen.ts';
import { formatDate } from '../../../components/CrudPage/values.ts';
import { Feedback } from './Feedback.tsx';
import { HandinArea } from './HandinArea.tsx';
import styles from './my.module.css';
import { Receipt } from './Receipt.tsx';
import { Requirements } from './Requirements.tsx';
import { lateIfNow, STATE_COLORS } from './rules.ts';
import { dueText } from './words.ts';

const detailKey = (id: string | null) => ['filejob_student', 'detail', id] as const;
const receiptKey = (handinId: string | null) => ['filejob_student', 'receipt', handinId] as const;

/**
 * What the device's clock suggests about handing in now, or null. Only a warning: the hand-in area stays, since
 * the server decides by its own clock (and a file whose upload began before the deadline may still go in on time
 * during the grace); if it says no, its answer is shown.
 */
function clockWarning(r: FilejobStudent, now: number): string | null {
  if (now < Date.parse(r.startTime)) return 'filejobMy.notOpenYet';
  const late = lateIfNow(r, now);
  if (!late) return null;
  if (r.handinId) return 'filejobMy.replaceClosed';
  return late.refused ? 'filejobMy.refused' : null;
}

/**
 * One homework, opened from 我的作业 (full screen on a phone): the feedback once released, the requirements, the
 * receipt of the current hand-in, and the hand-in area while it can still take one.
 */
export function RecordDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useScreen() === 0;
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: detailKey(id),
    queryFn: () => filejobRecordApi.detail(id!),
    enabled: Boolean(id),
  });
  const r = detail.data;
  const receipt = useQuery({
    queryKey: receiptKey(r?.handinId ?? null),
    queryFn: () => filejobRecordApi.receipt(r!.handinId!),
    enabled: Boolean(r?.handinId),
  });
  const receiptRef = useRef<HTMLElement>(null);
  const justHanded = useRef(false);

  // After a hand-in the receipt takes the focus (and the view): it is what the student should keep.
  useEffect(() => {
    if (justHanded.current && receipt.data) {
      justHanded.current = false;
      receiptRef.current?.focus();
    }
  }, [receipt.data]);

  const handedIn = (next: FilejobStudent) => {
    if (next.receipt) queryClient.setQueryData(receiptKey(next.handinId), next.receipt);
    const { receipt: _, ...record } = next;
    queryClient.setQueryData(detailKey(next.id), record);
    justHanded.current = true;
    void queryClient.invalidateQueries({ queryKey: ['filejob_student', 'mine'] });
  };

  const now = Date.now();
  const warning = r ? clockWarning(r, now) : null;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size={phone ? '100%' : 760}
      title={r?.title ?? t('filejobMy.title')}
      destroyOnHidden
      className={styles.drawer}
    >
      {detail.isError ? (
        <Result status="error" title={detail.error.message} />
      ) : !r ? (
        <Skeleton active />
      ) : (
        <div className={styles.stack} data-testid="filejob-record">
          <div className={styles.head}>
            <Tag color={STATE_COLORS[r.state]}>{t(`filejobMy.states.${r.state}`)}</Tag>
            <span>
              {r.className} · {t('filejobMy.due', { time: formatDate(r.dueTime, true) })}{' '}
              <strong>{dueText(t, r, now)}</strong>
            </span>
          </div>
          {r.released && r.score !== null ? (
            <Feedback record={r} />
          ) : r.state !== 'not_handed' ? (
            <Alert type="info" showIcon title={t('filejobMy.notReleased')} />
          ) : null}
          <Requirements record={r} />
          {receipt.data ? <Receipt ref={receiptRef} receipt={receipt.data} /> : null}
          {warning ? (
            <Alert type="warning" showIcon title={t(warning, { time: formatDate(r.startTime, true) })} />
          ) : null}
          <HandinArea record={r} onHandedIn={handedIn} />
          {r.handinCount > 1 ? (
            <Typography.Text className={styles.help}>
              {t('filejobMy.handinCount', { count: r.handinCount })}
            </Typography.Text>
          ) : null}
        </div>
      )}
    </Drawer>
  );
}
