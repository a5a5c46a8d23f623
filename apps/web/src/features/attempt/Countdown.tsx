import { ClockCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dueWarnings, formatRemaining, remainingMs, urgency } from './clock.ts';
import styles from './exam.module.css';

interface Props {
  /** The attempt's end by the server's clock. */
  endTime: string;
  /** Server clock minus device clock. */
  offset: number;
  /** Minutes left: 5, then 1. */
  onWarn: (minutes: number) => void;
  /** Time is up (once). */
  onExpire: () => void;
  /**
   * No time limit, only the assignment's close: a countdown of days would alarm for nothing, so the close time is
   * shown within its last day and the clock only in its last 5 minutes (the warnings and the hand-in stay).
   */
  deadline?: boolean;
}

/** Within the last day of an untimed attempt the close time is worth showing. */
const DEADLINE_SHOWN_MS = 86_400_000;

/**
 * The time left by the server's clock, ticking each second on its own (the paper does not re-render with it):
 * amber from 5 minutes, red from 1 minute, with a warning at each and the hand-in at 0.
 */
export function Countdown({ endTime, offset, onWarn, onExpire, deadline = false }: Props) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  const given = useRef(new Set<number>());
  const expired = useRef(false);
  const callbacks = useRef({ onWarn, onExpire });
  callbacks.current = { onWarn, onExpire };

  useEffect(() => {
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 1000);
    // A phone wakes up or the tab comes back: show the true time at once.
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, []);

  const remaining = remainingMs(endTime, offset, now) ?? 0;

  useEffect(() => {
    const due = dueWarnings(remaining, given.current);
    if (due.length) {
      for (const m of due) given.current.add(m);
      callbacks.current.onWarn(Math.min(...due));
    }
    if (remaining <= 0 && !expired.current) {
      expired.current = true;
      callbacks.current.onExpire();
    }
    // Time given back (a teacher's extra time) makes a later end count again.
    if (remaining > 0) expired.current = false;
  }, [remaining]);

  const { days, clock } = formatRemaining(remaining);
  const level = urgency(remaining);
  if (deadline && level === 'calm') {
    if (remaining > DEADLINE_SHOWN_MS) return null;
    const end = dayjs(endTime);
    const time = end.format(end.isSame(dayjs(), 'day') ? 'HH:mm' : 'MM-DD HH:mm');
    return (
      <div className={styles.deadline} data-testid="exam-deadline">
        <ClockCircleOutlined aria-hidden />
        <span>{t('take.timer.due', { time })}</span>
      </div>
    );
  }
  const text = days > 0 ? t('take.timer.days', { days, clock }) : clock;
  return (
    <div
      className={`${styles.timer} ${level === 'hurry' ? styles.timerHurry : level === 'urgent' ? styles.timerUrgent : ''}`}
      role="timer"
      aria-label={t('take.timer.label', { time: text })}
      data-testid="exam-timer"
    >
      <ClockCircleOutlined aria-hidden />
      <span className={styles.timerText}>{text}</span>
    </div>
  );
}
