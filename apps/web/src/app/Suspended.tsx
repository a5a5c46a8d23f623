import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A plain CSS spinner (global.css), not antd's: it shows while antd itself is still downloading (UiRoot), and
 * the login page carries no antd at all (issue 26 §4).
 */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** A lazily loaded page with a spinner while its chunk downloads. */
export function Suspended({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{page}</Suspense>;
}
