import { DisconnectOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './exam.module.css';
import type { SyncState } from './sync.ts';

interface Props {
  state: SyncState;
  online: boolean;
  /** Loads the paper again, to see whether it was handed in. */
  onCheck: () => void;
}

/** Above the paper when saving is in trouble: refused by the server (and why), or offline. */
export function SaveBanner({ state, online, onCheck }: Props) {
  const { t } = useTranslation();
  const refusal = state.failure?.kind === 'refused' ? state.failure.message : null;
  return (
    <div className={styles.banners}>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={t('take.save.refused', { reason: refusal })}
          action={
            <Button size="small" onClick={onCheck}>
              {t('take.save.checkState')}
            </Button>
          }
        />
      ) : (
        (!online || state.failure?.kind === 'network') && (
          <Alert type="warning" showIcon icon={<DisconnectOutlined />} title={t('take.offline')} />
        )
      )}
    </div>
  );
}
