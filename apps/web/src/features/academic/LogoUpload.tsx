import { DeleteOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { acceptOf } from '@shixun/contracts';
import { Avatar, Button, ConfigProvider, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/upload.ts';

/**
 * A school's logo: an image uploaded through `put-file` (checked by content on the server); the value is its link.
 * In a read-only form (the 查看 drawer) it is just the picture.
 */
export function LogoUpload({ value, onChange }: { value?: string; onChange?: (link: string) => void }) {
  const { t } = useTranslation();
  const { componentDisabled: disabled } = ConfigProvider.useConfig();
  const [uploading, setUploading] = useState(false);
  return (
    <Space>
      <Avatar shape="square" size={64} src={value || undefined} alt={t('academic.school.logo')}>
        {t('academic.school.noLogo')}
      </Avatar>
      {!disabled && (
        <>
          <Upload
            accept={acceptOf('image')}
            showUploadList={false}
            customRequest={async ({ file }) => {
              setUploading(true);
              try {
                onChange?.((await putFile(file as File, 'image')).link);
              } catch {
                // The client has shown why.
              } finally {
                setUploading(false);
              }
            }}
          >
            <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />}>
              {t('academic.school.uploadLogo')}
            </Button>
          </Upload>
          {value && (
            <Button
              icon={<DeleteOutlined />}
              onClick={() => onChange?.('')}
              aria-label={t('academic.school.removeLogo')}
            />
          )}
        </>
      )}
    </Space>
  );
}
