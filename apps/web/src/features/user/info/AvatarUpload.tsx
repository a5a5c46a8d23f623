import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, acceptOf } from '@shixun/contracts';
import { App, Avatar, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../../api/upload.ts';
import { website } from '../../../config.ts';
import styles from './info.module.css';

const AVATAR_TYPES = ['image/jpeg', 'image/png'];

/**
 * The avatar field: a JPG/PNG of at most 500 KB (SPEC §5), refused here before any byte is sent; the server checks
 * the content again. The value is the link `put-file` answers.
 */
export function AvatarUpload({ value, onChange }: { value?: string; onChange?: (link: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const check = (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) {
      void message.error(t('shared:file.avatar.type'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(t('shared:file.avatar.size'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  return (
    <div className={styles.avatar}>
      <Avatar size={88} src={value || website.defaultAvatar} alt={t('info.avatar')} data-testid="avatar-image" />
      <div>
        <Upload
          accept={acceptOf('avatar')}
          showUploadList={false}
          beforeUpload={check}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading(true);
            putFile(file as File, 'avatar')
              .then((res) => {
                onChange?.(res.link);
                onSuccess?.(res);
              })
              .catch((e: Error) => onError?.(e))
              .finally(() => setUploading(false));
          }}
        >
          <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
            {t('info.avatarUpload')}
          </Button>
        </Upload>
        <p className={styles.hint}>{t('info.avatarHint')}</p>
      </div>
    </div>
  );
}
