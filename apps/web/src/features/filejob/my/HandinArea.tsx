import { DeleteOutlined, FileOutlined } from '@ant-design/icons';
import type { FilejobStudent, StoredUpload } from '@shixun/contracts';
import { Alert, App, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filejobRecordApi } from '../../../api/filejob.ts';
import { HttpError } from '../../../api/http.ts';
import { formatSize } from '../../../components/FilePreview/format.ts';
import { ResumableUpload } from '../../../components/ResumableUpload/index.tsx';
import styles from './my.module.css';
import { acceptOfKinds, inGrace, lateIfNow } from './rules.ts';

const MB = 1024 * 1024;

/** The server's words for a hand-in taken: on time, late, late with a penalty (shared catalog). */
function takenMessage(next: FilejobStudent) {
  const r = next.receipt;
  if (!r?.late) return { key: 'shared:filejob.handin.done', args: {} };
  const args = { days: r.lateDays, penalty: r.penalty };
  return { key: r.penalty > 0 ? 'shared:filejob.handin.penalty' : 'shared:filejob.handin.late', args };
}

/**
 * 交作业: files picked and uploaded resumably (checked against the job's kinds, size and count first), listed
 * ready to go, then handed in together — after a confirmation when this replaces an earlier hand-in or counts as
 * late. The server decides lateness by its own clock; a refusal is shown as it answers it.
 */
export function HandinArea({
  record,
  onHandedIn,
}: {
  record: FilejobStudent;
  onHandedIn: (next: FilejobStudent) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const job = record.job;
  const [ready, setReady] = useState<StoredUpload[]>([]);
  // A new uploader after each finished pick: its rows move to the ready list below, with a remove button each.
  const [uploader, setUploader] = useState(0);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const room = job.maxFiles - ready.length;

  const send = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const next = await filejobRecordApi.handIn(
        record.id,
        ready.map((f) => f.attachId),
      );
      setReady([]);
      setUploader((n) => n + 1);
      const taken = takenMessage(next);
      void message.success(t(taken.key, taken.args));
      onHandedIn(next);
    } catch (e) {
      // The client has toasted it too; kept here beside the button, where the student looks.
      if (e instanceof HttpError) setRefusal(e.message);
    } finally {
      setBusy(false);
    }
  };

  const handIn = () => {
    const now = Date.now();
    const late = inGrace(
      record,
      ready.map((f) => f.beganAt),
      now,
    )
      ? null
      : lateIfNow(record, now);
    const warnings: string[] = [];
    if (record.handinId && record.files.length)
      warnings.push(t('filejobMy.replaceBody', { count: record.files.length }));
    if (late && !late.refused)
      warnings.push(late.penalty > 0 ? t('filejobMy.penaltyBody', { penalty: late.penalty }) : t('filejobMy.lateBody'));
    if (!warnings.length) return void send();
    modal.confirm({
      title: late && !late.refused ? t('filejobMy.lateTitle') : t('filejobMy.replaceTitle'),
      content: (
        <div className={styles.confirm}>
          {warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </div>
      ),
      okText: t('filejobMy.confirmHandIn'),
      onOk: send,
    });
  };

  return (
    <section className={styles.handin} aria-labelledby="filejob-handin">
      <Typography.Title level={2} id="filejob-handin" className={styles.section}>
        {t('filejobMy.handin')}
      </Typography.Title>
      <Typography.Paragraph className={styles.help}>{t('filejobMy.pickHelp')}</Typography.Paragraph>
      <ResumableUpload
        key={uploader}
        category="file"
        accept={acceptOfKinds(job.allowedKinds)}
        maxSize={job.maxSizeMb * MB}
        maxCount={Math.max(room, 1)}
        disabled={room <= 0 || busy}
        label={t('filejobMy.pick')}
        onBusyChange={setUploading}
        onDone={(stored) => {
          setReady((list) => [...list, ...stored].slice(0, job.maxFiles));
          setUploader((n) => n + 1);
        }}
      />
      {room <= 0 ? <Typography.Text>{t('filejobMy.tooMany', { count: job.maxFiles })}</Typography.Text> : null}
      <ul className={styles.ready} aria-label={t('filejobMy.readyList')} data-testid="handin-ready">
        {ready.map((f) => (
          <li key={f.attachId} className={styles.readyFile}>
            <FileOutlined aria-hidden="true" />
            <span className={styles.fileName}>{f.originalName}</span>
            <span className={styles.fileSize}>{formatSize(f.size)}</span>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('filejobMy.remove', { name: f.originalName })}
              onClick={() => setReady((list) => list.filter((x) => x.attachId !== f.attachId))}
            />
          </li>
        ))}
      </ul>
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="handin-refused" /> : null}
      <Button type="primary" size="large" block loading={busy} disabled={!ready.length || uploading} onClick={handIn}>
        {ready.length ? t('filejobMy.handInCount', { count: ready.length }) : t('filejobMy.handIn')}
      </Button>
      {uploading ? (
        <Typography.Text className={styles.help}>{t('filejobMy.waitUploads')}</Typography.Text>
      ) : !ready.length ? (
        <Typography.Text className={styles.help}>{t('filejobMy.noFiles')}</Typography.Text>
      ) : null}
    </section>
  );
}
