import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logRenderError } from './error-capture.ts';
import { ChunkLoadError } from './lazy.ts';

/** What a failed page shows: a reload for a part that could not be downloaded, a retry for a crash. */
export function PageFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ChunkLoadError) {
    return (
      <Result
        status="warning"
        title={t('error.chunkTitle')}
        subTitle={t('error.chunkHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      title={t('error.pageCrashed')}
      subTitle={t('error.pageCrashedHint')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('error.retryPage')}
        </Button>
      }
    />
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
