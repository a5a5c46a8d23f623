import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logRenderError } from './error-capture.ts';
import { ChunkLoadError } from './lazy.ts';

/**
 * What a failed page shows: a reload for a part that could not be downloaded, a retry for a crash. Plain HTML and
 * global.css, not antd: it must show when antd's own download is what failed, and on the login page, which has no
 * antd (issue 26 §4).
 */
export function PageFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  return (
    <div className="page-failure" role="alert">
      <span className={`page-failure-icon ${chunk ? 'warning' : 'error'}`} aria-hidden="true">
        !
      </span>
      <h2>{t(chunk ? 'error.chunkTitle' : 'error.pageCrashed')}</h2>
      <p>{t(chunk ? 'error.chunkHint' : 'error.pageCrashedHint')}</p>
      <button type="button" className="plain-button primary" onClick={chunk ? () => window.location.reload() : onRetry}>
        {t(chunk ? 'error.reload' : 'error.retryPage')}
      </button>
    </div>
  );
}

/**
 * A page that throws while rendering (or whose code cannot be downloaded) is replaced by a notice inside the frame
 * — sidebar, tabs and top bar keep working — and the error goes to the error log. Keyed by the route, so going
 * elsewhere starts afresh.
 */
export class PageBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    logRenderError(error, info.componentStack);
  }

  override render() {
    if (this.state.error)
      return <PageFailure error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
