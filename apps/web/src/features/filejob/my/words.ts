import type { FilejobFrozen, FilejobReceipt, FilejobStudent } from '@shixun/contracts';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../components/CrudPage/values.ts';
import type { ReceiptWords } from './receipt-text.ts';
import { timeLeft } from './rules.ts';

/** "截止 … · 还剩 2 天 3 小时", "已截止", or when it opens. */
export function dueText(t: TFunction, r: Pick<FilejobStudent, 'startTime' | 'dueTime'>, now: number): string {
  if (now < Date.parse(r.startTime)) return t('filejobMy.notOpen', { time: formatDate(r.startTime, true) });
  const left = timeLeft(r.dueTime, now);
  if (left.closed) return t('filejobMy.closed');
  const text =
    left.days > 0
      ? t('filejobMy.leftDays', { ...left })
      : left.hours > 0
        ? t('filejobMy.leftHours', { ...left })
        : t('filejobMy.leftMinutes', { ...left });
  return t('filejobMy.left', { text });
}

/** The late policy in words: 不接受迟交 / 迟交将被标记 / 每迟交一天扣 10%，最多 5 天. */
export function policyText(t: TFunction, job: Pick<FilejobFrozen, 'latePolicy' | 'penaltyPercent' | 'penaltyMaxDays'>) {
  if (job.latePolicy !== 'penalty') return t(`filejobMy.policy.${job.latePolicy}`);
  return job.penaltyMaxDays > 0
    ? t('filejobMy.policy.penalty', { percent: job.penaltyPercent, days: job.penaltyMaxDays })
    : t('filejobMy.policy.penaltyUncapped', { percent: job.penaltyPercent });
}

/** On time, late, or late with its penalty. */
export function lateText(t: TFunction, r: Pick<FilejobReceipt, 'late' | 'lateDays' | 'penalty'>): string {
  if (!r.late) return t('filejobMy.onTime');
  return r.penalty > 0
    ? t('filejobMy.penaltyMark', { days: r.lateDays, penalty: r.penalty })
    : t('filejobMy.lateMark', { days: r.lateDays });
}

export function receiptWords(t: TFunction, r: FilejobReceipt): ReceiptWords {
  return {
    heading: t('filejobMy.receiptTitle'),
    student: t('filejobMy.student'),
    serverTime: t('filejobMy.serverTime'),
    status: `${lateText(t, r)}${r.superseded ? ` · ${t('filejobMy.superseded')}` : ''}`,
    file: t('filejobMy.file'),
    size: t('filejobMy.fileSize'),
    sha256: t('filejobMy.sha256'),
    note: t('filejobMy.receiptNote'),
  };
}
