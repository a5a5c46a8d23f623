import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/http.ts';
import { screenClass } from '../../../app/useScreen.ts';
import { copyText } from '../../../components/clipboard.ts';
import { useAuth } from '../../../stores/auth.ts';
import { useLogs } from '../../../stores/logs.ts';
import { useSettings } from '../../../stores/settings.ts';

interface Health {
  status: string;
  database: string;
  version: string;
}

/** One round trip to the server's health check, timed. */
async function probe(): Promise<Health & { ms: number }> {
  const started = performance.now();
  const health = await http.get<Health>('/api/health');
  return { ...health, ms: Math.round(performance.now() - started) };
}

/**
 * What a support person asks first: which version, is the server reachable and how fast, which browser, screen,
 * language and skin, who is signed in — one click copies it all into a ticket.
 */
export function Environment() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useAuth((s) => s.user);
  const settings = useSettings();
  const logs = useLogs((s) => s.logs.length);
  const health = useQuery({ queryKey: ['diagnostics', 'health'], queryFn: probe, gcTime: 0 });

  const up = health.data?.status === 'ok' && health.data.database === 'up';
  const facts: [string, string][] = [
    [t('diagnostics.version'), health.data?.version ?? '—'],
    [t('diagnostics.server'), health.isError ? t('diagnostics.unreachable') : up ? t('diagnostics.up') : '—'],
    [t('diagnostics.latency'), health.data ? `${health.data.ms} ms` : '—'],
    [t('diagnostics.browser'), navigator.userAgent],
    [
      t('diagnostics.screen'),
      `${window.innerWidth} × ${window.innerHeight} (${t('diagnostics.screenClass', { n: screenClass(window.innerWidth) })})`,
    ],
    [t('diagnostics.language'), settings.language],
    [t('diagnostics.theme'), `${t(`theme.names.${settings.theme}`)} · ${settings.color}`],
    [t('diagnostics.timeZone'), Intl.DateTimeFormat().resolvedOptions().timeZone],
    [t('diagnostics.account'), user ? `${user.account} @ ${user.tenantId} (${user.roleName})` : '—'],
    [t('diagnostics.errors'), String(logs)],
  ];

  const copy = async () => {
    const text = facts.map(([k, v]) => `${k}: ${v}`).join('\n');
    if (await copyText(text)) void message.success(t('diagnostics.copied'));
  };

  return (
    <Card
      variant="borderless"
      title={t('diagnostics.environment')}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} loading={health.isFetching} onClick={() => void health.refetch()}>
            {t('diagnostics.recheck')}
          </Button>
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('diagnostics.copy')}
          </Button>
        </Space>
      }
    >
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        bordered
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={facts.map(([label, value], i) => ({
          key: label,
          label,
          children:
            i === 1 ? <Badge status={health.isError ? 'error' : up ? 'success' : 'processing'} text={value} /> : value,
        }))}
      />
    </Card>
  );
}
