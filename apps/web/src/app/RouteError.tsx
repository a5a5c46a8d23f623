import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Last resort for a render error or a chunk that failed to load (e.g. after a deployment): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="500"
      title="500"
      subTitle={t('error.serverError')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
