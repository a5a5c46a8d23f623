import { daysLate, type FilejobStudent, type FilejobStudentState, latePenalty } from '@shixun/contracts';

/** Tag colours of the states: not yet handed in stands out, late in the exams' error colour. */
export const STATE_COLORS: Record<FilejobStudentState, string> = {
  not_handed: 'orange',
  handed: 'green',
  late: 'red',
};

/** Time left before a deadline, in whole days, hours and minutes (for display: the server decides lateness). */
export interface TimeLeft {
  closed: boolean;
  days: number;
  hours: number;
  minutes: number;
}

export function timeLeft(dueTime: string, now: number): TimeLeft {
  const ms = Date.parse(dueTime) - now;
  if (!(ms > 0)) return { closed: true, days: 0, hours: 0, minutes: 0 };
  const minutes = Math.floor(ms / 60_000);
  return {
    closed: false,
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

/** Whether the record can take a hand-in now, as far as the page can tell (the server has the last word). */
export function isOpen(r: Pick<FilejobStudent, 'startTime' | 'dueTime'>, now: number): boolean {
  return Date.parse(r.startTime) <= now && now < Date.parse(r.dueTime);
}

/** 我的作业's order: open homework first, the nearest deadline on top; then the rest, the latest deadline first. */
export function sortRecords(records: FilejobStudent[], now: number): FilejobStudent[] {
  return [...records].sort((a, b) => {
    const open = Number(isOpen(b, now)) - Number(isOpen(a, now));
    if (open) return open;
    const ad = Date.parse(a.dueTime);
    const bd = Date.parse(b.dueTime);
    return isOpen(a, now) ? ad - bd : bd - ad;
  });
}

/** What handing in now would mean after the deadline, if the server took it late (null: before the deadline). */
export function lateIfNow(
  r: Pick<FilejobStudent, 'dueTime' | 'job'>,
  now: number,
): { refused: boolean; days: number; penalty: number } | null {
  const days = daysLate(new Date(r.dueTime), new Date(now));
  if (days <= 0) return null;
  return { refused: r.job.latePolicy === 'refuse', days, penalty: latePenalty(r.job, days) };
}

/** For the file input's `accept`: the allowed kinds' extensions, or anything. */
export function acceptOfKinds(kinds: string[]): string | undefined {
  if (!kinds.length) return undefined;
  return kinds.flatMap((k) => (k === 'jpg' ? ['.jpg', '.jpeg'] : [`.${k}`])).join(',');
}

/**
 * Whether files whose uploads all began before the deadline may still go in on time now (the grace for a large
 * file on a slow line), so the page does not warn of lateness the server will not count.
 */
export function inGrace(
  r: Pick<FilejobStudent, 'dueTime' | 'graceMinutes'>,
  uploadStarts: string[],
  now: number,
): boolean {
  const due = Date.parse(r.dueTime);
  return now <= due + r.graceMinutes * 60_000 && uploadStarts.every((t) => Date.parse(t) <= due);
}
