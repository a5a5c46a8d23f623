import { CameraOutlined, DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/upload.ts';
import styles from './attachments.module.css';

type File_ = { name: string; link: string };
const isPicture = (f: File_) => /\.(jpe?g|png|gif|webp)$/i.test(f.link);

/**
 * Files kept with a record as `[{name, link}]`: pictures as thumbnails that open large, other files as links; with
 * `onChange`, an upload button and a delete button on each. `photos` (evidence at a workbench, drawings): pictures
 * and PDFs, and a camera button (the phone's rear camera straight away); `documents`: any kind uploads accept.
 */
export function Attachments({
  files,
  itemName,
  onChange,
  kinds = 'photos',
}: {
  files: File_[];
  /** What the files belong to, in the buttons' accessible names. */
  itemName: string;
  /** Absent: read-only. */
  onChange?: (files: File_[]) => void;
  kinds?: 'photos' | 'documents';
}) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const addLabel = kinds === 'photos' ? 'attachments.addPhotoOrPdf' : 'attachments.addFile';

  const add = async (list: FileList | null) => {
    const file = list?.[0];
    if (!file || !onChange) return;
    setUploading(true);
    try {
      const category = kinds === 'documents' ? 'file' : file.type === 'application/pdf' ? 'document' : 'image';
      const stored = await putFile(file, category);
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
    <div className={styles.list}>
      <Space wrap size={8}>
        {files.map((f) => (
          <span key={f.link} className={styles.file}>
            {isPicture(f) ? (
              <Image src={f.link} alt={f.name} width={72} height={72} className={styles.thumb} />
            ) : (
              <a href={f.link} target="_blank" rel="noreferrer">
                <FileOutlined /> {f.name}
              </a>
            )}
            {onChange ? (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('attachments.remove', { name: f.name })}
                onClick={() => onChange(files.filter((x) => x.link !== f.link))}
              />
            ) : null}
          </span>
        ))}
      </Space>
      {onChange ? (
        <Space wrap size={8} className={styles.buttons}>
          {kinds === 'photos' ? (
            <>
              <Button icon={<CameraOutlined />} loading={uploading} onClick={() => camera.current?.click()}>
                {t('attachments.takePhoto')}
              </Button>
              <input
                ref={camera}
                type="file"
                accept="image/*"
                capture="environment"
                // Not the `hidden` attribute: inside a form, antd's styles show file inputs as blocks.
                style={{ display: 'none' }}
                aria-label={`${itemName} ${t('attachments.takePhoto')}`}
                onChange={(e) => void add(e.target.files)}
              />
            </>
          ) : null}
          <Button icon={<UploadOutlined />} loading={uploading} onClick={() => picker.current?.click()}>
            {t(addLabel)}
          </Button>
          <input
            ref={picker}
            type="file"
            {...(kinds === 'photos' ? { accept: 'image/*,application/pdf' } : {})}
            // Not the `hidden` attribute: inside a form, antd's styles show file inputs as blocks.
            style={{ display: 'none' }}
            data-testid="evidence-file"
            aria-label={`${itemName} ${t(addLabel)}`}
            onChange={(e) => void add(e.target.files)}
          />
        </Space>
      ) : null}
    </div>
  );
}
