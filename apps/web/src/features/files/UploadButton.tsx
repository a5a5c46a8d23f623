import { UploadOutlined } from '@ant-design/icons';
import { acceptOf } from '@shixun/contracts';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/upload.ts';

/**
 * 上传: one or several files into the school's storage. What is accepted is decided by the server from each file's
 * content (an .exe renamed slides.pdf is refused with the reason); each success refreshes the list.
 */
export function UploadButton({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pending, setPending] = useState(0);
  return (
    <Upload
      accept={acceptOf('file')}
      multiple
      showUploadList={false}
      customRequest={async ({ file }) => {
        setPending((n) => n + 1);
        try {
          const saved = await putFile(file as File, 'file');
          void message.success(t('attach.uploaded', { name: saved.originalName }));
          onUploaded();
        } catch {
          // The HTTP client has shown why the server refused it.
        } finally {
          setPending((n) => n - 1);
        }
      }}
    >
      <Button icon={<UploadOutlined />} loading={pending > 0}>
        {t('attach.upload')}
      </Button>
    </Upload>
  );
}
