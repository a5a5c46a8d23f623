import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { logRenderError } from './error-capture.ts';
import { PageFailure } from './PageBoundary.tsx';

/** Last resort outside the frame (the login page, the frame itself): the same notice, and the error is logged. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => logRenderError(error), [error]);
  return (
    <div className="error-page">
      <PageFailure error={error} onRetry={() => window.location.assign('/')} />
    </div>
  );
}
