import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const texts = {
  '404': 'error.notFound',
  '403': 'error.forbidden',
  '500': 'error.serverError',
} as const;

export type ErrorStatus = keyof typeof texts;

/**
 * 404, 403 or 500 with the way back home: the whole of the /404, /403 and /500 pages, and inside the frame the answer
 * to a page the signed-in user may not open (the sidebar and top bar stay). Home goes through the guard.
 */
export function StatusResult({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(texts[status])}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
