import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a panel shows when its data did not arrive: the reason and a way to ask again. */
export function LoadFailed({ title, reason, retry }: { title: string; reason?: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={reason}
      extra={
        <Button type="primary" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
