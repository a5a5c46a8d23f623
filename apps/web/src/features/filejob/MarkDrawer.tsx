import { DeleteOutlined, DownloadOutlined, EyeOutlined, HighlightOutlined, UploadOutlined } from '@ant-design/icons';
import type { FilejobAnnotation, FilejobStudent } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Form, Input, InputNumber, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filejobRecordApi } from '../../api/filejob.ts';
import { putFile } from '../../api/upload.ts';
import { useScreen } from '../../app/useScreen.ts';
import { AnnotatedPreview } from '../../components/AnnotatedPreview/index.tsx';
import { formatDate } from '../../components/CrudPage/values.ts';
import { FilePreview } from '../../components/FilePreview/index.tsx';
import styles from './filejob.module.css';
import { FILEJOB_RECORDS_KEY } from './routes.ts';

interface Values {
  score?: number | null;
  comment?: string;
}
type Feedback = { attachId: string; name: string; link: string } | null;

const countOf = (notes: FilejobAnnotation[], attachId: string) => notes.filter((n) => n.attachId === attachId).length;
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * 评分: one student's hand-in — each file previewed (picture, PDF, Office) with its size and SHA-256 — and the
 * feedback: a score out of the job's (the late penalty shown), a comment, a returned file. 上一个 / 下一个 walk the
 * class in the sheet's order.
 */
export function MarkDrawer({
  recordId,
  order,
  onMove,
  onClose,
}: {
  recordId: string | null;
  order: string[];
  onMove: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useScreen() === 0;
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState<{ link: string; name: string } | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [annotations, setAnnotations] = useState<FilejobAnnotation[]>([]);
  const [uploading, setUploading] = useState(false);
  const [annotating, setAnnotating] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const record = useQuery({
    queryKey: [FILEJOB_RECORDS_KEY, 'detail', recordId],
    queryFn: () => filejobRecordApi.detail(recordId!),
    enabled: Boolean(recordId),
  });
  const r = record.data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the record shown
  useEffect(() => {
    if (!r) return;
    form.setFieldsValue({ score: r.score, comment: r.comment ?? '' });
    setFeedback(r.feedback);
    setAnnotations(r.annotations ?? []);
    setAnnotating(null);
  }, [r?.id, r?.markTime]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      filejobRecordApi.mark({
        id: r!.id,
        score: v.score ?? 0,
        comment: v.comment?.trim() ?? '',
        feedbackAttachId: feedback?.attachId ?? null,
        annotations,
      }),
    onSuccess: (saved: FilejobStudent) => {
      void message.success(t('filejob.mark.saved'));
      void record.refetch();
      const next = order[order.indexOf(saved.id) + 1];
      if (next) onMove(next);
    },
  });

  const returnFile = async (list: FileList | null) => {
    const file = list?.[0];
    if (!file) return;
    setUploading(true);
    try {
      const stored = await putFile(file, 'file');
      setFeedback({ attachId: stored.attachId, name: stored.originalName || file.name, link: stored.link });
    } catch {
      // The HTTP client has said why.
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = '';
    }
  };

  const at = recordId ? order.indexOf(recordId) : -1;
  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (v) save.mutate(v);
  };
  const score = Form.useWatch('score', form);
  const annotated = r?.files.find((f) => f.attachId === annotating);

  return (
    <Drawer
      title={r ? t('filejob.mark.title', { name: `${r.studentName}（${r.studentNo}）` }) : ''}
      open={Boolean(recordId)}
      onClose={onClose}
      size={phone ? '100%' : annotated ? 960 : 640}
      footer={
        <Space className="crud-drawer-footer" wrap>
          <Button disabled={at <= 0} onClick={() => onMove(order[at - 1]!)}>
            {t('filejob.mark.previous')}
          </Button>
          <Button disabled={at < 0 || at >= order.length - 1} onClick={() => onMove(order[at + 1]!)}>
            {t('filejob.mark.next')}
          </Button>
          <Button type="primary" loading={save.isPending} disabled={!r?.files.length} onClick={() => void submit()}>
            {t('filejob.mark.save')}
          </Button>
        </Space>
      }
    >
      {!r ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={5}>{t('filejob.mark.files')}</Typography.Title>
          {r.files.length ? (
            <div className={styles.files}>
              {r.files.map((f) => (
                <div key={f.attachId} className={styles.file} data-file={f.name}>
                  <Typography.Text strong>{f.name}</Typography.Text>
                  <span className={styles.muted}>{sizeText(f.size)}</span>
                  <Button
                    size="small"
                    icon={<EyeOutlined />}
                    onClick={() => setPreview({ link: f.link, name: f.name })}
                  >
                    {t('filejob.mark.preview')}
                  </Button>
                  <Button
                    size="small"
                    icon={<HighlightOutlined />}
                    aria-pressed={annotating === f.attachId}
                    onClick={() => setAnnotating((open) => (open === f.attachId ? null : f.attachId))}
                  >
                    {t('filejob.mark.notes')}
                    {countOf(annotations, f.attachId) ? ` (${countOf(annotations, f.attachId)})` : ''}
                  </Button>
                  <Button size="small" icon={<DownloadOutlined />} href={f.link} target="_blank" rel="noreferrer">
                    {t('filejob.mark.download')}
                  </Button>
                  <span className={`${styles.muted} ${styles.sha}`}>{t('filejob.mark.sha', { sha: f.sha256 })}</span>
                </div>
              ))}
              {r.handinTime ? (
                <span className={styles.muted}>
                  {t('filejob.sheet.handinTime')} {formatDate(r.handinTime, true)}
                  {r.state === 'late' ? (
                    <Tag color="warning" style={{ marginInlineStart: 8 }}>
                      {t('filejob.sheet.late', { days: r.lateDays, penalty: r.penalty })}
                    </Tag>
                  ) : null}
                </span>
              ) : null}
            </div>
          ) : (
            <Empty description={t('filejob.mark.noFiles')} />
          )}
          {annotated ? (
            <section aria-label={t('filejob.mark.notesOf', { name: annotated.name })} className={styles.annotating}>
              <AnnotatedPreview file={annotated} annotations={annotations} onChange={setAnnotations} />
            </section>
          ) : null}
          <Form<Values> form={form} name="filejobMarkForm" layout="vertical">
            <Form.Item
              name="score"
              label={t('filejob.mark.score')}
              required
              rules={[{ required: true, message: t('filejob.mark.scoreRequired') }]}
              extra={
                r.penalty > 0 && typeof score === 'number'
                  ? t('filejob.mark.penalty', {
                      penalty: r.penalty,
                      final: Math.round(score * (100 - r.penalty)) / 100,
                    })
                  : undefined
              }
            >
              <InputNumber
                min={0}
                max={r.job.score}
                suffix={t('filejob.mark.scoreOf', { score: r.job.score })}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Form.Item name="comment" label={t('filejob.mark.comment')}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount />
            </Form.Item>
            <Form.Item label={t('filejob.mark.feedback')} extra={t('filejob.mark.feedbackHelp')}>
              <Space wrap>
                {feedback ? (
                  <>
                    <Typography.Link href={feedback.link} target="_blank" rel="noreferrer">
                      {feedback.name}
                    </Typography.Link>
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('attachments.remove', { name: feedback.name })}
                      onClick={() => setFeedback(null)}
                    />
                  </>
                ) : null}
                <Button icon={<UploadOutlined />} loading={uploading} onClick={() => picker.current?.click()}>
                  {t('attachments.addFile')}
                </Button>
                <input
                  ref={picker}
                  type="file"
                  // Not the `hidden` attribute: the form's own styles show file inputs as blocks.
                  style={{ display: 'none' }}
                  data-testid="feedback-file"
                  aria-label={t('filejob.mark.feedback')}
                  onChange={(e) => void returnFile(e.target.files)}
                />
              </Space>
            </Form.Item>
          </Form>
        </>
      )}
      <FilePreview
        open={Boolean(preview)}
        link={preview?.link ?? ''}
        title={preview?.name}
        onClose={() => setPreview(null)}
      />
    </Drawer>
  );
}
