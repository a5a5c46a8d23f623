import { CameraOutlined, DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../../api/upload.ts';
import styles from './workbench.module.css';

type File_ = { name: string; link: string };
const isPdf = (f: File_) => /\.pdf$/i.test(f.name) || /\.pdf$/i.test(f.link);

/**
 * Photos and PDFs of one item: a camera button (the phone's rear camera straight away), an upload button, previews
 * (pictures open large, PDFs in a new tab) and, while recording, a delete button on each.
 */
export function Evidence({
  files,
  itemName,
  onChange,
}: {
  files: File_[];
  itemName: string;
  /** Absent: read-only. */
  onChange?: (files: File_[]) => void;
}) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const add = async (list: FileList | null) => {
    const file = list?.[0];
    if (!file || !onChange) return;
    setUploading(true);
    try {
      const stored = await putFile(file, file.type === 'application/pdf' ? 'document' : 'image');
      onChange([...files, { name: stored.originalName || file.name, link: stored.link }]);
    } catch {
      // The HTTP client has said why (too large, a kind not allowed, offline).
    } finally {
      setUploading(false);
      if (camera.current) camera.current.value = '';
      if (picker.current) picker.current.value = '';
    }
  };

  if (!files.length && !onChange) return null;
  return (
    <div className={styles.evidence}>
      <Space wrap size={8}>
        {files.map((f) => (
          <span key={f.link} className={styles.evidenceFile}>
            {isPdf(f) ? (
              <a href={f.link} target="_blank" rel="noreferrer">
                <FilePdfOutlined /> {f.name}
              </a>
            ) : (
              <Image src={f.link} alt={f.name} width={72} height={72} className={styles.thumb} />
            )}
            {onChange ? (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('workbench.removeFile', { name: f.name })}
                onClick={() => onChange(files.filter((x) => x.link !== f.link))}
              />
            ) : null}
          </span>
        ))}
      </Space>
      {onChange ? (
        <Space wrap size={8} className={styles.evidenceButtons}>
          <Button icon={<CameraOutlined />} loading={uploading} onClick={() => camera.current?.click()}>
            {t('workbench.takePhoto')}
          </Button>
          <Button icon={<UploadOutlined />} disabled={uploading} onClick={() => picker.current?.click()}>
            {t('workbench.addFile')}
          </Button>
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            aria-label={`${itemName} ${t('workbench.takePhoto')}`}
            onChange={(e) => void add(e.target.files)}
          />
          <input
            ref={picker}
            type="file"
            accept="image/*,application/pdf"
            hidden
            data-testid="evidence-file"
            aria-label={`${itemName} ${t('workbench.addFile')}`}
            onChange={(e) => void add(e.target.files)}
          />
        </Space>
      ) : null}
    </div>
  );
}
