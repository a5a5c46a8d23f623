import { useTranslation } from 'react-i18next';
import { type ErrorStatus, StatusResult } from '../../../app/StatusResult.tsx';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';

const titles = { '404': 'route.notFound', '403': 'route.forbidden', '500': 'route.serverError' } as const;

/** /404, /403 and /500: reachable signed in or not, on a page of their own. */
export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  useDocumentTitle(t(titles[status]));
  return (
    <div className="error-page">
      <StatusResult status={status} />
    </div>
  );
}
