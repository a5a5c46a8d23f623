import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';

const texts = {
  '404': { title: 'route.notFound', sub: 'error.notFound' },
  '403': { title: 'route.forbidden', sub: 'error.forbidden' },
  '500': { title: 'route.serverError', sub: 'error.serverError' },
} as const;

/** /404, /403 and /500: reachable signed in or not; "back home" goes through the guard. */
export default function ErrorPage({ status }: { status: keyof typeof texts }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t(texts[status].title));
  return (
    <div className="error-page">
      <Result
        status={status}
        title={status}
        subTitle={t(texts[status].sub)}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('error.backHome')}
          </Button>
        }
      />
    </div>
  );
}
