import { PaperClipOutlined } from '@ant-design/icons';
import type { FilejobStudent } from '@shixun/contracts';
import { Button, Collapse, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnotatedPreview } from '../../../components/AnnotatedPreview/index.tsx';
import { FilePreview } from '../../../components/FilePreview/index.tsx';
import styles from './my.module.css';

/**
 * What the teacher gave back, once released: the score and the score after the late penalty, the comment, a
 * returned file, and the handed-in files with the teacher's notes drawn over them.
 */
export function Feedback({ record }: { record: FilejobStudent }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState(false);
  const notes = record.annotations ?? [];
  const noted = new Set(notes.map((a) => a.attachId));
  return (
    <section aria-labelledby="filejob-feedback" className={styles.feedback} data-testid="feedback">
      <Typography.Title level={2} id="filejob-feedback" className={styles.section}>
        {t('filejobMy.feedback')}
      </Typography.Title>
      <dl className={styles.facts}>
        <dt>{t('filejobMy.score')}</dt>
        <dd>{t('filejobMy.scoreOf', { score: record.score, total: record.job.score })}</dd>
        {record.penalty > 0 ? (
          <>
            <dt>{t('filejobMy.finalScore')}</dt>
            <dd>
              <strong>{t('filejobMy.scoreOf', { score: record.finalScore, total: record.job.score })}</strong> (
              {t('filejobMy.penaltyOf', { penalty: record.penalty })})
            </dd>
          </>
        ) : null}
        <dt>{t('filejobMy.comment')}</dt>
        <dd className={styles.comment}>{record.comment || t('filejobMy.noComment')}</dd>
        {record.feedback ? (
          <>
            <dt>{t('filejobMy.feedbackFile')}</dt>
            <dd>
              <Button type="link" icon={<PaperClipOutlined />} onClick={() => setPreview(true)}>
                {record.feedback.name}
              </Button>
            </dd>
          </>
        ) : null}
      </dl>
      {record.files.length ? (
        <>
          <Typography.Title level={3} className={styles.subsection}>
            {t('filejobMy.annotated')}
          </Typography.Title>
          <Collapse
            size="small"
            defaultActiveKey={record.files.filter((f) => noted.has(f.attachId)).map((f) => f.attachId)}
            items={record.files.map((f) => ({
              key: f.attachId,
              label: f.name,
              children: <AnnotatedPreview file={f} annotations={notes} />,
            }))}
          />
        </>
      ) : null}
      <FilePreview
        open={preview}
        link={record.feedback?.link}
        title={record.feedback?.name}
        onClose={() => setPreview(false)}
      />
    </section>
  );
}
