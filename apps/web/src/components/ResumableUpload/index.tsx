import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { acceptOf, type StoredUpload, type UploadCategory } from '@shixun/contracts';
import { Button, Progress, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ui } from '../../api/bridge.ts';
import { PAUSE, uploadResumable } from '../../api/resumable.ts';
import { formatSize } from '../FilePreview/format.ts';
import { type PickProblem, problemOf } from './checks.ts';
import styles from './resumable-upload.module.css';

type State = 'uploading' | 'resuming' | 'done' | 'failed' | 'cancelled';

interface Item {
  key: string;
  name: string;
  sent: number;
  total: number;
  state: State;
  reason?: string;
  controller: AbortController;
}

export interface ResumableUploadProps {
  /** The put-file category the server checks each file against (its kind and size limits). */
  category: UploadCategory;
  /** The picker's filter and the check before sending, as `<input accept>`; default: the category's kinds. */
  accept?: string;
  /** Largest file in bytes, checked before sending (the server checks its own limit again). */
  maxSize?: number;
  /** Several files at once (default true). */
  multiple?: boolean;
  /** Most files in one pick. */
  maxCount?: number;
  /** The pick button's text (default 选择文件 / Choose files); also its accessible name. */
  label?: string;
  disabled?: boolean;
  /** Once every file of a pick has finished: the ones stored, in the order picked (failed or cancelled left out). */
  onDone: (results: StoredUpload[]) => void;
  /** Told when files start and stop arriving, so a page can hold back what needs them all (交作业). */
  onBusyChange?: (busy: boolean) => void;
}

const REASONS: Record<PickProblem, 'resumableUpload.wrongType' | 'resumableUpload.tooLarge' | 'resumableUpload.empty'> =
  {
    type: 'resumableUpload.wrongType',
    size: 'resumableUpload.tooLarge',
    empty: 'resumableUpload.empty',
  };

/**
 * Picks files and uploads each resumably (api/resumable.ts): a progress bar with percent and bytes per file, a
 * cancel button, "resuming…" while a dropped connection is retried. Files the rules refuse are named in a message
 * before anything is sent. Generic: hand-ins of file homework, attachments of practical tasks.
 */
export function ResumableUpload({
  category,
  accept,
  maxSize,
  multiple = true,
  maxCount,
  label,
  disabled,
  onDone,
  onBusyChange,
}: ResumableUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [items, setItems] = useState<Item[]>([]);
  const filter = accept ?? acceptOf(category);
  const busy = items.some((i) => i.state === 'uploading' || i.state === 'resuming');
  // biome-ignore lint/correctness/useExhaustiveDependencies: told on a change of state only, whoever the listener is
  useEffect(() => onBusyChange?.(busy), [busy]);

  // Leaving the page pauses what is still running: the server keeps what it has for a day, and picking the same
  // file again (here or after a reload) resumes it. Only the cancel button abandons an upload.
  const running = useRef(new Set<AbortController>());
  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const c of controllers) c.abort(PAUSE);
    };
  }, []);

  const update = (key: string, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const send = async (file: File, item: Item): Promise<StoredUpload | null> => {
    running.current.add(item.controller);
    try {
      return await uploadResumable(file, category, {
        signal: item.controller.signal,
        onProgress: (sent, total) => update(item.key, { sent, total, state: 'uploading' }),
        onRetry: () => update(item.key, { state: 'resuming' }),
      });
    } catch (e) {
      const cancelled = (e as Error).name === 'AbortError';
      update(item.key, cancelled ? { state: 'cancelled' } : { state: 'failed', reason: (e as Error).message });
      return null;
    } finally {
      running.current.delete(item.controller);
    }
  };

  const pick = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (!files.length) return;
    if (maxCount !== undefined && files.length > maxCount) {
      ui.error(t('resumableUpload.tooMany', { count: maxCount }));
      return;
    }
    const refused = files.flatMap((f) => {
      const problem = problemOf(f, { accept: filter, maxSize });
      return problem ? [t(REASONS[problem], { name: f.name, size: formatSize(maxSize ?? 0), types: filter })] : [];
    });
    if (refused.length) {
      ui.error(refused.join('\n'));
      return;
    }
    const batch = files.map((file, n) => ({
      file,
      item: {
        key: `${Date.now()}-${n}-${file.name}`,
        name: file.name,
        sent: 0,
        total: file.size,
        state: 'uploading' as State,
        controller: new AbortController(),
      },
    }));
    setItems((current) => [...current.filter((i) => i.state !== 'done'), ...batch.map((b) => b.item)]);
    const results = await Promise.all(
      batch.map(async ({ file, item }) => {
        const stored = await send(file, item);
        if (stored) update(item.key, { state: 'done', sent: file.size });
        return stored;
      }),
    );
    const stored = results.filter((r): r is StoredUpload => r !== null);
    if (stored.length) onDone(stored);
  };

  const choose = label ?? t('resumableUpload.choose');
  return (
    <div className={styles.root}>
      <div className={styles.picker}>
        <Button
          icon={<UploadOutlined />}
          disabled={disabled}
          loading={busy}
          aria-describedby={maxSize ? hintId : undefined}
          onClick={() => input.current?.click()}
        >
          {choose}
        </Button>
        <input
          ref={input}
          type="file"
          // Not the `hidden` attribute: inside a form, antd's styles show file inputs as blocks.
          style={{ display: 'none' }}
          multiple={multiple}
          accept={filter}
          aria-label={choose}
          data-testid="resumable-upload-input"
          onChange={(e) => void pick(e.target.files)}
        />
        {maxSize ? (
          <Typography.Text type="secondary" id={hintId}>
            {t('resumableUpload.limit', { size: formatSize(maxSize) })}
          </Typography.Text>
        ) : null}
      </div>
      {items.length ? (
        <ul className={styles.list}>
          {items.map((item) => (
            <ItemRow key={item.key} item={item} onCancel={() => item.controller.abort()} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ItemRow({ item, onCancel }: { item: Item; onCancel: () => void }) {
  const { t } = useTranslation();
  const percent = item.total ? Math.floor((item.sent / item.total) * 100) : 0;
  const active = item.state === 'uploading' || item.state === 'resuming';
  const status =
    item.state === 'failed'
      ? t('resumableUpload.failed', { reason: item.reason ?? '' })
      : t(`resumableUpload.${item.state}`);
  return (
    <li className={styles.item}>
      <span className={styles.name} title={item.name}>
        {item.name}
      </span>
      {active ? (
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('resumableUpload.cancel', { name: item.name })}
          onClick={onCancel}
        />
      ) : (
        <span />
      )}
      <Progress
        className={styles.progress}
        percent={percent}
        size="small"
        status={item.state === 'failed' ? 'exception' : item.state === 'done' ? 'success' : 'active'}
        aria-label={t('resumableUpload.progress', { name: item.name })}
      />
      <div className={styles.detail}>
        <Typography.Text type={item.state === 'failed' ? 'danger' : 'secondary'} role="status">
          {status}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('resumableUpload.bytes', { sent: formatSize(item.sent), total: formatSize(item.total) })}
        </Typography.Text>
      </div>
    </li>
  );
}
