import { DownloadOutlined, PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import { PAPER_QRCODE_DAYS, type Paper } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Image, Modal, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paperApi } from '../../api/paper.ts';

interface Props {
  paper: Paper;
  open: boolean;
  onClose(): void;
}

const SIZE = 240;

/** A file name without the characters file systems refuse. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'paper';

/** Prints the code on a page of its own (a hidden frame): the paper's title above it, the hint below. */
function printCode(url: string, title: string, caption: string, hint: string): void {
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
  h1.textContent = title;
  h1.style.fontSize = '24px';
  const h2 = doc.createElement('p');
  h2.textContent = caption;
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

/**
 * 二维码: a picture of the paper's signed link (`/paper/open?code=…`, valid PAPER_QRCODE_DAYS days) for students
 * to scan, to download (下载图片) or print (打印). It opens the paper for students of classes it is assigned to.
 */
export function QrDialog({ paper, open, onClose }: Props) {
  const { t } = useTranslation();
  const code = useQuery({
    queryKey: ['paper', 'qrcode', paper.id],
    queryFn: () => paperApi.qrcode(paper.id),
    enabled: open,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!code.data) return setUrl(undefined);
    const next = URL.createObjectURL(code.data.blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [code.data]);
  const hint = t('paperQr.hint', { days: PAPER_QRCODE_DAYS });

  const download = () => {
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${t('paperQr.file', { name: safeName(paper.title) })}.png`;
    link.click();
  };

  return (
    <Modal
      open={open}
      title={
        <span>
          <QrcodeOutlined /> {t('paperQr.title')}
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
          onClick={() => url && printCode(url, paper.title, t('paperQr.printTitle'), hint)}
        >
          {t('paperQr.print')}
        </Button>,
        <Button key="download" type="primary" icon={<DownloadOutlined />} disabled={!url} onClick={download}>
          {t('paperQr.download')}
        </Button>,
      ]}
      destroyOnHidden
    >
      {code.isError ? (
        <Result
          status="warning"
          title={t('paperQr.failed')}
          subTitle={code.error.message}
          extra={<Button onClick={() => void code.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} align="center">
          <Typography.Title level={5} style={{ margin: 0, textAlign: 'center' }}>
            {paper.title}
          </Typography.Title>
          <Spin spinning={code.isFetching}>
            <div style={{ width: SIZE, height: SIZE }}>
              {url && (
                <Image
                  src={url}
                  width={SIZE}
                  height={SIZE}
                  preview={false}
                  alt={t('paperQr.alt', { name: paper.title })}
                />
              )}
            </div>
          </Spin>
          <Alert type="info" showIcon title={hint} />
        </Space>
      )}
    </Modal>
  );
}
