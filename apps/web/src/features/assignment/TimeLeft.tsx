import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './assignment.module.css';
import { formatCountdown, timeLeft } from './logic.ts';

/** The time now, refreshed every `ms`. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * The time an attempt in progress has left, counting down to the end the server fixed for it; the last five minutes
 * in the warning colour, then "时间到" while the server collects it.
 */
export function TimeLeft({ end }: { end: string | null }) {
  const { t } = useTranslation();
  const now = useNow();
  const left = timeLeft(end, now);
  if (left === null) return <Typography.Text type="secondary">{t('assignment.monitor.noLimit')}</Typography.Text>;
  if (left === 0) return <Typography.Text type="danger">{t('assignment.monitor.timeUp')}</Typography.Text>;
  return (
    <Typography.Text type={left < 5 * 60_000 ? 'warning' : undefined} className={styles.countdown}>
      {formatCountdown(left)}
    </Typography.Text>
  );
}
