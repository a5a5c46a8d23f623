import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PicturePicker } from '../../components/PicturePicker/index.tsx';
import { ResumableUpload } from '../../components/ResumableUpload/index.tsx';
import styles from './course.module.css';

/**
 * The course's cover: a picture already uploaded (picked from the school's pictures) or one uploaded here; the form
 * keeps its link.
 */
export function CoverField({ value, onChange }: { value?: string; onChange?: (link: string) => void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const readOnly = !onChange;
  return (
    <div className={styles.cover}>
      {value ? (
        <img className={styles.coverImage} src={value} alt={t('course.field.cover')} />
      ) : (
        <div className={styles.coverEmpty}>{t('course.cover.none')}</div>
      )}
      {!readOnly && (
        <Space wrap>
          <Button icon={<PictureOutlined />} onClick={() => setPicking(true)}>
            {t('course.cover.pick')}
          </Button>
          <ResumableUpload
            category="image"
            multiple={false}
            label={t('course.cover.upload')}
            onDone={(files) => files[0] && onChange(files[0].link)}
          />
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange('')}>
              {t('course.cover.clear')}
            </Button>
          )}
        </Space>
      )}
      <PicturePicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(picture) => {
          onChange?.(picture.link);
          setPicking(false);
        }}
      />
    </div>
  );
}
