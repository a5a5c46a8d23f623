import { PaperClipOutlined } from '@ant-design/icons';
import type { FilejobStudent } from '@shixun/contracts';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePreview } from '../../../components/FilePreview/index.tsx';
import { RichHtml } from '../../../components/QuestionView/RichHtml.tsx';
import styles from './my.module.css';
import { policyText } from './words.ts';

/** The job as the assignment froze it: requirements (rich text), the teacher's files, and what may be handed in. */
export function Requirements({ record }: { record: FilejobStudent }) {
  const { t } = useTranslation();
  const job = record.job;
  const [preview, setPreview] = useState<{ name: string; link: string } | null>(null);
  return (
    <section aria-labelledby="filejob-requirements">
      <Typography.Title level={2} id="filejob-requirements" className={styles.section}>
        {t('filejobMy.requirements')}
      </Typography.Title>
      {job.requirements.trim() ? (
        <RichHtml html={job.requirements} />
      ) : (
        <Typography.Paragraph>{t('filejobMy.noRequirements')}</Typography.Paragraph>
      )}
      {job.attachments.length ? (
        <>
          <Typography.Title level={3} className={styles.subsection}>
            {t('filejobMy.attachments')}
          </Typography.Title>
          <ul className={styles.attachments}>
            {job.attachments.map((f) => (
              <li key={f.link}>
                <Button type="link" icon={<PaperClipOutlined />} onClick={() => setPreview(f)}>
                  {f.name}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Typography.Title level={3} className={styles.subsection}>
        {t('filejobMy.rules')}
      </Typography.Title>
      <dl className={styles.facts}>
        <dt>{t('filejobMy.kinds')}</dt>
        <dd>{job.allowedKinds.length ? job.allowedKinds.join(', ') : t('filejobMy.anyKind')}</dd>
        <dt>{t('filejobMy.size')}</dt>
        <dd>{t('filejobMy.sizeValue', { size: job.maxSizeMb })}</dd>
        <dt>{t('filejobMy.count')}</dt>
        <dd>{t('filejobMy.countValue', { count: job.maxFiles })}</dd>
        <dt>{t('filejobMy.latePolicy')}</dt>
        <dd>{policyText(t, job)}</dd>
        <dt>{t('filejobMy.totalScore')}</dt>
        <dd>{job.score}</dd>
      </dl>
      <FilePreview
        open={Boolean(preview)}
        link={preview?.link}
        title={preview?.name}
        onClose={() => setPreview(null)}
      />
    </section>
  );
}
