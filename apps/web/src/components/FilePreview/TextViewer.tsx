import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewBytes } from './bytes.ts';
import styles from './preview.module.css';

/** Plain text, UTF-8 or (as Windows Notepad in China saves it) GBK. */
export default function TextViewer({ source }: { source: string }) {
  const { t } = useTranslation();
  const bytes = usePreviewBytes(source);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes.data) return;
    void bytes.data.arrayBuffer().then((buffer) => {
      try {
        setText(new TextDecoder('utf-8', { fatal: true }).decode(buffer));
      } catch {
        setText(new TextDecoder('gbk').decode(buffer));
      }
    });
  }, [bytes.data]);
  if (bytes.isError) return <div className={styles.message}>{t('preview.failed')}</div>;
  if (text === null) return <Spin />;
  return <pre className={styles.text}>{text}</pre>;
}
