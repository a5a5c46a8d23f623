import { ClockCircleOutlined, DisconnectOutlined } from '@ant-design/icons';
import { ANSWER_ITEM_MAX, ANSWER_TEXT_MAX } from '@shixun/contracts';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './exam.module.css';
import type { Leaf } from './paper.ts';
import type { SyncState } from './sync.ts';

interface Props {
  state: SyncState;
  online: boolean;
  /** The paper's questions, to name those whose answer is too long. */
  leaves: Leaf[];
  /** Loads the paper again, to see whether it was handed in. */
  onCheck: () => void;
}

/**
 * Above the paper when saving is in trouble: refused by the server (and why); answers too long to be saved (which);
 * offline; or the server asked to wait (busy or briefly unavailable) — the answers are on this device meanwhile.
 */
export function SaveBanner({ state, online, leaves, onCheck }: Props) {
  const { t } = useTranslation();
  const refusal = state.failure?.kind === 'refused' ? state.failure.message : null;
  if (refusal)
    return (
      <div className={styles.banners}>
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
      </div>
    );
  const tooLong = leaves.filter((l) => state.tooLong.includes(l.question.id)).map((l) => l.label);
  return (
    <div className={styles.banners}>
      {tooLong.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="save-too-long"
          title={t('take.tooLong', { questions: tooLong.join('、'), text: ANSWER_TEXT_MAX, item: ANSWER_ITEM_MAX })}
        />
      )}
      {!online || state.failure?.kind === 'network' ? (
        <Alert type="warning" showIcon icon={<DisconnectOutlined />} title={t('take.offline')} />
      ) : (
        state.failure?.kind === 'delayed' && (
          <Alert type="warning" showIcon icon={<ClockCircleOutlined />} title={t('take.delayed')} />
        )
      )}
    </div>
  );
}
