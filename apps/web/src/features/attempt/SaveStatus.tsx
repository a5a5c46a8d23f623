import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './exam.module.css';
import type { SyncState } from './sync.ts';

/**
 * 已保存 only after the server's ack; 保存中… while anything is unconfirmed; offline, delayed (the server asked to
 * wait), an answer too long and refused said plainly.
 */
export function SaveStatus({ state, online }: { state: SyncState; online: boolean }) {
  const { t } = useTranslation();
  let icon = <CloudSyncOutlined />;
  let text = t('take.save.auto');
  let tone = styles.saveIdle;
  if (state.stopped && state.failure?.kind === 'refused') {
    icon = <ExclamationCircleOutlined />;
    text = t('take.save.stopped');
    tone = styles.saveError;
  } else if (!online || state.failure?.kind === 'network') {
    icon = <DisconnectOutlined />;
    text = t('take.save.local');
    tone = styles.saveWarn;
  } else if (state.failure?.kind === 'delayed') {
    icon = <ClockCircleOutlined />;
    text = t('take.save.delayed');
    tone = styles.saveWarn;
  } else if (state.tooLong.length > 0) {
    icon = <ExclamationCircleOutlined />;
    text = t('take.save.tooLong');
    tone = styles.saveWarn;
  } else if (state.unacked > 0 || state.sending) {
    icon = <LoadingOutlined />;
    text = t('take.save.saving');
  } else if (state.savedAt !== null) {
    icon = <CheckCircleOutlined />;
    text = t('take.save.saved');
    tone = styles.saveOk;
  }
  return (
    <output className={`${styles.save} ${tone}`} aria-live="polite" data-testid="save-status">
      {icon}
      <span className={styles.saveText}>{text}</span>
    </output>
  );
}
