import { ApiOutlined, BugOutlined, ThunderboltOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, http } from '../../../api/http.ts';
import { useShellUi } from '../../../app/layout/shell-ui.ts';
import { PageBoundary } from '../../../app/PageBoundary.tsx';
import { useLogs } from '../../../stores/logs.ts';
import styles from './test.module.css';

/** Renders nothing but an error: what a broken page does. */
function Broken(): ReactNode {
  throw new Error('诊断：页面渲染错误（测试） / Diagnostics: render error (test)');
}

/**
 * Drills for support staff: each makes the app fail the way real faults do, so they can see that errors reach the
 * error log and that the user is told in words — a script error, an unhandled async error, a page that crashes and
 * an unknown API.
 */
export function ErrorDrills() {
  const { t } = useTranslation();
  const logs = useLogs((s) => s.logs.length);
  const [result, setResult] = useState<string>();
  const [crashed, setCrashed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const request = async (run: () => Promise<unknown>) => {
    setResult(undefined);
    try {
      await run();
      setResult(t('diagnostics.requestOk'));
    } catch (e) {
      setResult(
        e instanceof HttpError
          ? t('diagnostics.requestFailed', { code: e.code || t('diagnostics.noResponse'), message: e.message })
          : String(e),
      );
    }
  };

  const drills = [
    {
      key: 'script',
      icon: <BugOutlined />,
      run: () =>
        setTimeout(() => {
          throw new Error('诊断：脚本错误（测试） / Diagnostics: script error (test)');
        }),
    },
    {
      key: 'promise',
      icon: <ThunderboltOutlined />,
      run: () => void Promise.reject(new Error('诊断：未处理的异步错误（测试） / Diagnostics: async error (test)')),
    },
    { key: 'render', icon: <WarningOutlined />, run: () => setCrashed(true) },
    { key: 'notFound', icon: <ApiOutlined />, run: () => void request(() => http.get('/api/diagnostics/missing')) },
  ];

  return (
    <Card
      variant="borderless"
      title={t('diagnostics.drills')}
      extra={
        <Button onClick={() => useShellUi.getState().open('logs')}>{t('diagnostics.openLogs', { count: logs })}</Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('diagnostics.drillsIntro')}</Typography.Paragraph>
      <Space wrap>
        {drills.map((d) => (
          <Button key={d.key} icon={d.icon} onClick={d.run} data-testid={`drill-${d.key}`}>
            {t(`diagnostics.drill.${d.key}`)}
          </Button>
        ))}
      </Space>
      {result && <Alert className={styles.result} type="info" showIcon title={result} role="status" />}
      <div className={styles.sandbox}>
        <PageBoundary key={attempt}>{crashed ? <Broken /> : <p>{t('diagnostics.sandbox')}</p>}</PageBoundary>
        {crashed && (
          <Button
            onClick={() => {
              setCrashed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('diagnostics.restore')}
          </Button>
        )}
      </div>
    </Card>
  );
}
