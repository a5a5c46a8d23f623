import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './exam.module.css';

/** Enters or leaves full screen; the icon follows the browser, which also leaves it on Esc. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFull = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <Tooltip title={full ? t('take.fullscreen.exit') : t('take.fullscreen.enter')}>
      <Button
        className={styles.fullscreenButton}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={full ? t('take.fullscreen.exit') : t('take.fullscreen.enter')}
        onClick={toggleFull}
      />
    </Tooltip>
  );
}
