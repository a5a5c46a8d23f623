import { DownloadOutlined, PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Image, Modal, Result, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SIZE = 240;

/** A file name without the characters file systems refuse. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'qrcode';

/** Prints the code on a page of its own (a hidden frame): a heading and the caption above it, the hint below. */
function printCode(url: string, heading: string, caption: string, hint: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  document.body.append(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  const page = doc.createElement('div');
  page.style.cssText = 'text-align:center;font-family:sans-serif;padding-top:48px';
  const h1 = doc.createElement('h1');
  h1.textContent = caption;
  h1.style.fontSize = '24px';
  const h2 = doc.createElement('p');
  h2.textContent = heading;
  h2.style.fontSize = '18px';
  const img = doc.createElement('img');
  img.src = url;
  img.style.cssText = 'width:320px;height:320px';
  const p = doc.createElement('p');
  p.textContent = hint;
  p.style.cssText = 'max-width:480px;margin:16px auto;color:#555;font-size:14px';
  page.append(h1, h2, img, p);
  doc.body.append(page);
  const go = () => {
    win.focus();
    win.print();
    setTimeout(() => frame.remove(), 1000);
  };
  if (img.complete) go();
  else img.onload = go;
}

export interface QrCode {
  /** The query key of the code's picture (fetched while the dialog is open). */
  key: unknown[];
  fetch(): Promise<{ blob: Blob }>;
}

interface Props {
  open: boolean;
  onClose(): void;
  /** The dialog's title: which kind of code this is (班级二维码, 试卷二维码). */
  title: string;
  /** What this code opens (a class, a paper): above the code, and the printed page's heading. */
  caption: string;
  /** The picture to show; none (e.g. no class to choose) shows `empty` instead. */
  code: QrCode | null;
  empty?: ReactNode;
  /** What scanning does and how long the code works: below the code, and on the printed page. */
  hint: string;
  /** The printed page's line under the heading (扫码加入班级, 扫码打开试卷). */
  printLine: string;
  /** The downloaded picture's name, without `.png`. */
  fileName: string;
  alt: string;
  /** Above the caption: a choice of what the code is for (a teacher's classes). */
  children?: ReactNode;
}

/**
 * A QR code students scan (signed in) — to join a class, to open a paper — shown large, downloadable as a PNG and
 * printable on a page of its own. The one dialog for every code the product hands out.
 */
export function QrCodeDialog({
  open,
  onClose,
  title,
  caption,
  code,
  empty,
  hint,
  printLine,
  fileName,
  alt,
  children,
}: Props) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['qrcode', ...(code?.key ?? [])],
    queryFn: () => code!.fetch(),
    enabled: open && Boolean(code),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!query.data) return setUrl(undefined);
    const next = URL.createObjectURL(query.data.blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);

  const download = () => {
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${safeName(fileName)}.png`;
    link.click();
  };

  return (
    <Modal
      open={open}
      title={
        <span>
          <QrcodeOutlined /> {title}
        </span>
      }
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button
          key="print"
          icon={<PrinterOutlined />}
          disabled={!url}
          onClick={() => url && printCode(url, printLine, caption, hint)}
        >
          {t('qrCode.print')}
        </Button>,
        <Button key="download" type="primary" icon={<DownloadOutlined />} disabled={!url} onClick={download}>
          {t('qrCode.download')}
        </Button>,
      ]}
      destroyOnHidden
    >
      {!code ? (
        empty
      ) : query.isError ? (
        <Result
          status="warning"
          title={t('qrCode.failed')}
          subTitle={query.error.message}
          extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} align="center">
          {children}
          <Typography.Title level={5} style={{ margin: 0, textAlign: 'center' }}>
            {caption}
          </Typography.Title>
          <Spin spinning={query.isFetching}>
            <div style={{ width: SIZE, height: SIZE }}>
              {url && <Image src={url} width={SIZE} height={SIZE} preview={false} alt={alt} />}
            </div>
          </Spin>
          <Alert type="info" showIcon title={hint} />
        </Space>
      )}
    </Modal>
  );
}
