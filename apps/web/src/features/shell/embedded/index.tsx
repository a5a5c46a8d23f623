import { ExportOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { externalLeaves, webAddress } from '../../../app/menu-nav.ts';
import { useAuth } from '../../../stores/auth.ts';
import styles from './myiframe.module.css';

/** After this long without the page loading, the user is told it may refuse to be embedded. */
const SLOW_MS = 8_000;

const openOutside = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

/** The framed page with its toolbar; remounted (keyed) for another address or a reload, so its state starts afresh. */
function Frame({ src, name, onReload }: { src: string; name: string; onReload: () => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Card
      variant="borderless"
      className={styles.page}
      classNames={{ body: styles.body }}
      styles={{ body: { padding: 0 } }}
    >
      <div className={styles.toolbar}>
        <strong>{name}</strong>
        <span className={styles.address} title={src}>
          {src}
        </span>
        <Space>
          {!loaded && <LoadingOutlined aria-label={t('iframe.loading')} />}
          <Tooltip title={t('iframe.reload')}>
            <Button icon={<ReloadOutlined />} aria-label={t('iframe.reload')} onClick={onReload} />
          </Tooltip>
          <Button type="primary" icon={<ExportOutlined />} onClick={() => openOutside(src)}>
            {t('iframe.openOutside')}
          </Button>
        </Space>
      </div>
      {slow && !loaded && <Alert type="warning" showIcon title={t('iframe.slow')} className={styles.alert} />}
      <iframe
        title={name}
        src={src}
        className={styles.frame}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
        onLoad={() => setLoaded(true)}
      />
      <p className={styles.hint}>{t('iframe.blankHint')}</p>
    </Card>
  );
}

/**
 * The embedded page (/myiframe/:routerPath?src=&name=, SPEC §2): an external address of the menu shown inside
 * the frame. Only http(s) addresses that the user's menu offers are framed — a crafted link cannot dress another
 * site up as part of this one — and every page can be opened in its own window, which is the way out when a site
 * refuses to be embedded (browsers show such a frame blank).
 */
export default function EmbeddedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const menu = useAuth((s) => s.menu);
  const src = webAddress(params.get('src') ?? '');
  const name = params.get('name') || t('iframe.title');
  const offered = Boolean(src) && externalLeaves(menu).some((n) => webAddress(n.path) === src);
  const [attempt, setAttempt] = useState(0);

  if (!src) return <Result status="warning" title={t('iframe.invalid')} subTitle={t('iframe.invalidHint')} />;
  if (!offered) {
    return (
      <Result
        status="warning"
        title={t('iframe.notInMenu')}
        subTitle={<span className={styles.address}>{src}</span>}
        extra={
          <Button icon={<ExportOutlined />} onClick={() => openOutside(src)}>
            {t('iframe.openOutside')}
          </Button>
        }
      />
    );
  }
  return <Frame key={`${src}#${attempt}`} src={src} name={name} onReload={() => setAttempt((n) => n + 1)} />;
}
