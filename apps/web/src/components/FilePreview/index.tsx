import { DownloadOutlined } from '@ant-design/icons';
import type { FilePreview as Preview } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Space, Spin, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPreview } from '../../api/files.ts';
import { http } from '../../api/http.ts';
import { formatSize } from './format.ts';
import styles from './preview.module.css';

// Each viewer is its own chunk, fetched the first time a file of its kind is opened.
const PdfViewer = lazy(() => import('./PdfViewer.tsx'));
const DocxViewer = lazy(() => import('./DocxViewer.tsx'));
const XlsxViewer = lazy(() => import('./XlsxViewer.tsx'));
const TextViewer = lazy(() => import('./TextViewer.tsx'));

export interface FilePreviewProps {
  /** The file's link as `put-file` answered it; empty = 文件路径有误 (SPEC §5). */
  link?: string | null;
  open: boolean;
  onClose: () => void;
  /** Default 预览 / Preview. */
  title?: string;
}

function Viewer({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  const { mode, source, name } = preview;
  switch (mode) {
    case 'image':
      return <img className={styles.image} src={source} alt={name} />;
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: teachers' recordings come without caption files.
      return <audio className={styles.audio} src={source} controls preload="metadata" aria-label={name} />;
    case 'video':
      // biome-ignore lint/a11y/useMediaCaption: teachers' recordings come without caption files.
      return <video className={styles.video} src={source} controls preload="metadata" aria-label={name} />;
    case 'pdf':
      return <PdfViewer source={source} />;
    case 'docx':
      return <DocxViewer source={source} />;
    case 'xlsx':
      return <XlsxViewer source={source} />;
    case 'text':
      return <TextViewer source={source} />;
    case 'external':
      return <iframe className={styles.frame} src={source} title={name} referrerPolicy="no-referrer" />;
    default:
      return <Result className={styles.center} status="info" title={t('preview.cannotShow')} />;
  }
}

/**
 * 预览: shows a stored file in the viewer its kind needs (ARCHITECTURE §7) — PDF (pdf.js), pictures, audio and
 * video players, Office documents as the server's PDF or drawn in the browser, text, or an external preview
 * service — with a download of the original.
 */
export function FilePreview({ link, open, onClose, title }: FilePreviewProps) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: ['preview', link],
    queryFn: () => fetchPreview(link!),
    enabled: open && Boolean(link),
    retry: false,
    gcTime: 0,
  });
  const data = preview.data;

  let body: ReactNode;
  if (!link) body = <Result className={styles.center} status="warning" title={t('preview.noPath')} />;
  else if (preview.isError) {
    body = (
      <Result className={styles.center} status="error" title={t('preview.failed')} subTitle={preview.error.message} />
    );
  } else if (!data) body = <Spin className={styles.center} tip={t('preview.loading')} size="large" />;
  else body = <Viewer preview={data} />;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width="min(1100px, 92vw)"
      centered
      destroyOnHidden
      title={
        <Space size={8} wrap>
          {title ?? t('preview.title')}
          {data && <Typography.Text type="secondary">{data.name}</Typography.Text>}
          {data && <Typography.Text type="secondary">{formatSize(data.size)}</Typography.Text>}
          {data?.converted && <Tag>{t('preview.converted')}</Tag>}
        </Space>
      }
      footer={
        <Space>
          {data && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void http.download(data.download).catch(() => undefined)}
            >
              {t('preview.download')}
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Space>
      }
    >
      <div className={styles.body} data-testid="file-preview" data-mode={data?.mode}>
        <Suspense fallback={<Spin className={styles.center} />}>{body}</Suspense>
      </div>
    </Modal>
  );
}
