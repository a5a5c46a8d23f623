import { CheckCircleFilled, ExportOutlined, EyeOutlined } from '@ant-design/icons';
import type { StudyCourseware } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Progress, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPreview } from '../../../api/files.ts';
import { FilePreview } from '../../../components/FilePreview/index.tsx';
import { RichHtml } from '../../../components/QuestionView/RichHtml.tsx';
import { type Beats, useBeats } from './beats.ts';
import { MediaWare } from './MediaWare.tsx';
import styles from './study.module.css';

const PdfWare = lazy(() => import('./PdfWare.tsx'));

/** The server's percent and completed after the last beat, and what is still being sent. */
function ProgressLine({ ware, beats, extra }: { ware: StudyCourseware; beats: Beats; extra?: string }) {
  const { t } = useTranslation();
  const p = beats.progress ?? ware.progress;
  return (
    <div className={styles.progressLine} aria-live="polite" data-testid="ware-progress" data-percent={p.percent}>
      <Progress
        percent={p.percent}
        size="small"
        status={p.completed ? 'success' : 'normal'}
        aria-label={t('courseStudy.percent', { percent: p.percent })}
        className={styles.progressBar}
      />
      {p.completed ? (
        <Tag color="success" icon={<CheckCircleFilled />}>
          {t('courseStudy.wareCompleted')}
        </Tag>
      ) : (
        <span className={styles.muted}>{t(`courseStudy.rule.${ware.completion.kind}`, { ...ware.completion })}</span>
      )}
      {extra && <span className={styles.muted}>{extra}</span>}
      {beats.failed && <Typography.Text type="warning">{t('courseStudy.saveFailed')}</Typography.Text>}
    </div>
  );
}

/** A stored file: played (video, audio), read in place (PDF), or opened in the preview dialog (slides, Office …). */
function FileWare({ ware, startAt }: { ware: StudyCourseware; startAt: number | undefined }) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: ['preview', ware.link],
    queryFn: () => fetchPreview(ware.link),
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (preview.isLoading) return <Spin />;
  const mode = preview.data?.mode;
  if (preview.data && (mode === 'video' || mode === 'audio')) {
    return (
      <MediaWare ware={ware} source={preview.data.source} audio={mode === 'audio'} startAt={startAt}>
        {(beats) => <ProgressLine ware={ware} beats={beats} />}
      </MediaWare>
    );
  }
  if (preview.data && mode === 'pdf') {
    return (
      <Suspense fallback={<Spin />}>
        <PdfWare ware={ware} source={preview.data.source} startPage={startAt}>
          {(beats, pages) => (
            <ProgressLine
              ware={ware}
              beats={beats}
              {...(pages.count ? { extra: t('courseStudy.pages', pages) } : {})}
            />
          )}
        </PdfWare>
      </Suspense>
    );
  }
  return <OpenedWare ware={ware} kind="file" />;
}

/** Opened once (a beat when it is), then shown elsewhere: the preview dialog, or a link in a new tab. */
function OpenedWare({ ware, kind }: { ware: StudyCourseware; kind: 'file' | 'link' }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const open = () => {
    setOpened(true);
    if (kind === 'file') setPreviewing(true);
  };
  return (
    <div>
      {kind === 'link' ? (
        <Button icon={<ExportOutlined />} href={ware.link} target="_blank" rel="noopener noreferrer" onClick={open}>
          {t('courseStudy.openLink')}
        </Button>
      ) : (
        <Button icon={<EyeOutlined />} onClick={open}>
          {t('courseStudy.open')}
        </Button>
      )}
      {opened ? <OpenedBeats ware={ware} /> : <ProgressLine ware={ware} beats={idle(ware)} />}
      {kind === 'file' && (
        <FilePreview link={ware.link} open={previewing} onClose={() => setPreviewing(false)} title={ware.name} />
      )}
    </div>
  );
}

const idle = (ware: StudyCourseware): Beats => ({ progress: ware.progress, failed: false, beat: () => undefined });

/** Beats from the moment a file or link is opened (the "opened" beat first). */
function OpenedBeats({ ware }: { ware: StudyCourseware }) {
  const beats = useBeats({
    coursewareId: ware.id,
    active: true,
    initial: ware.progress,
    collect: () => ({ ranges: [], position: 0 }),
  });
  return <ProgressLine ware={ware} beats={beats} />;
}

/** Rich text: read on the page (sanitised by the server), beating while it is shown, so time spent counts. */
function RichWare({ ware }: { ware: StudyCourseware }) {
  const beats = useBeats({
    coursewareId: ware.id,
    active: true,
    initial: ware.progress,
    collect: () => ({ ranges: [], position: 0 }),
  });
  return (
    <>
      <RichHtml html={ware.content} className={styles.rich} />
      <ProgressLine ware={ware} beats={beats} />
    </>
  );
}

/** What a courseware's kind says it is, for its tag. */
function kindOf(ware: StudyCourseware): string {
  if (ware.kind !== 'file') return ware.kind;
  const ext = ware.extension.toLowerCase();
  if (['mp4', 'webm', 'ogv', 'mov', 'm4v'].includes(ext)) return 'video';
  if (['mp3', 'wav', 'm4a', 'aac', 'ogg', 'oga', 'flac'].includes(ext)) return 'audio';
  return ext === 'pdf' ? 'pdf' : 'file';
}

/** One courseware of the open topic, as its kind is studied. */
export function WareView({
  ware,
  startAt,
  focused,
}: {
  ware: StudyCourseware;
  startAt: number | undefined;
  /** The deep link named this courseware. */
  focused: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={styles.ware}
      aria-labelledby={`ware-${ware.id}`}
      data-ware={ware.id}
      data-focused={focused || undefined}
      ref={(el) => {
        if (focused && el) el.scrollIntoView({ block: 'start' });
      }}
    >
      <h3 className={styles.wareName} id={`ware-${ware.id}`}>
        <Tag>{t(`courseStudy.kinds.${kindOf(ware)}`)}</Tag>
        {ware.name}
      </h3>
      {ware.kind === 'richtext' ? (
        <RichWare ware={ware} />
      ) : ware.kind === 'link' ? (
        <OpenedWare ware={ware} kind="link" />
      ) : (
        <FileWare ware={ware} startAt={startAt} />
      )}
    </section>
  );
}
