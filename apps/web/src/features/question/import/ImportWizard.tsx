import {
  FileExcelOutlined,
  FileTextOutlined,
  FileWordOutlined,
  InboxOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { ImportFix, ImportPlan, ImportPreview, ImportProgress, ImportSaved } from '@shixun/contracts';
import { Alert, App, Button, Form, Modal, Progress, Result, Space, Steps, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importQuestions, previewOf, questionApi } from '../../../api/question.ts';
import { useScreen } from '../../../app/useScreen.ts';
import { LibrarySelect, useEditableLibraries } from '../LibrarySelect.tsx';
import { ColumnMapping } from './ColumnMapping.tsx';
import { ImportReview } from './ImportReview.tsx';

interface Props {
  open: boolean;
  /** The library to import into, preselected. */
  libId?: string;
  onClose: () => void;
  /** Questions were saved into `libId`. */
  onImported: (libId: string) => void;
}

/** The question files the import reads (the content decides; the name only steers the file picker). */
const IMPORT_ACCEPT = '.docx,.xlsx,.csv,.txt,.xml,.gift,.doc,.wps,.xls,.et,.rtf';

type Phase = 'pick' | 'uploading' | 'preview' | 'saving' | 'done';

/** A plan's fixes with `fix` in place of any earlier fix of the same question. */
const withFix = (plan: ImportPlan, fix: ImportFix): ImportPlan => ({
  ...plan,
  fixes: [...(plan.fixes ?? []).filter((f) => f.index !== fix.index), fix],
});

/** A plan with `indexes` skipped or kept. */
const withSkips = (plan: ImportPlan, indexes: number[], skip: boolean): ImportPlan => {
  const skipped = new Set(plan.skip ?? []);
  for (const i of indexes) {
    if (skip) skipped.add(i);
    else skipped.delete(i);
  }
  return { ...plan, skip: [...skipped].sort((a, b) => a - b) };
};

/**
 * 导入试题, in steps: pick the library and a question file (a filled Excel template, a Word paper, …; the templates
 * download here), watch it upload, then check every question as it will be saved. Flagged questions are fixed in
 * place or skipped — the plan, sent with the file each time it is read again — and the questions kept are imported
 * on 导入. Nothing is saved until then.
 */
export function ImportWizard({ open, libId: preset, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useScreen() === 0;
  const [libId, setLibId] = useState(preset);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('pick');
  const [percent, setPercent] = useState(0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [plan, setPlan] = useState<ImportPlan>({});
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string>();
  const [count, setCount] = useState(0);
  /** A large import saving in the background: its progress, asked for every second until it ends. */
  const [background, setBackground] = useState<ImportProgress | null>(null);
  const { libraries: targets, loading } = useEditableLibraries(open);
  // The poll below must not restart whenever the parent renders a new callback.
  const imported = useRef(onImported);
  imported.current = onImported;

  useEffect(() => {
    if (open) setLibId((current) => current ?? preset);
  }, [open, preset]);

  useEffect(() => {
    if (background?.state !== 'saving') return;
    const timer = setTimeout(() => {
      questionApi.importProgress(background.id).then(
        (next) => {
          setBackground(next);
          if (next.state === 'saving') return;
          setCount(next.saved);
          setPhase('done');
          imported.current(next.libId);
        },
        // A missed answer (the network, a restart): ask again.
        () => setBackground((b) => b && { ...b }),
      );
    }, 1000);
    return () => clearTimeout(timer);
  }, [background]);

  const reset = () => {
    setFile(null);
    setPhase('pick');
    setPercent(0);
    setPreview(null);
    setPlan({});
    setError(undefined);
    setBackground(null);
  };
  const close = () => {
    // The import goes on without the window: the list shows what is saved so far.
    if (background?.state === 'saving' && libId) onImported(libId);
    reset();
    onClose();
  };

  const check = async (picked: File) => {
    if (!libId) {
      void message.warning(t('questionBank.editor.libRequired'));
      return;
    }
    setFile(picked);
    setPlan({});
    setError(undefined);
    setPercent(0);
    setPhase('uploading');
    try {
      const answer = await importQuestions(picked, { libId, confirm: false }, setPercent);
      setPreview(answer as ImportPreview);
      setPhase('preview');
    } catch (e) {
      const refused = previewOf(e);
      if (refused) {
        setPreview(refused);
        // A sheet whose columns must be mapped first says so above them.
        if (!refused.questions.length) setError((e as Error).message);
        setPhase('preview');
      } else {
        setError((e as Error).message);
        setPhase('pick');
      }
    }
  };

  /** The file read again with the next plan; the preview it answers, or undefined when it could not be read. */
  const reread = async (next: ImportPlan): Promise<ImportPreview | undefined> => {
    if (!file || !libId) return undefined;
    setChecking(true);
    try {
      const answer = (await importQuestions(file, { libId, confirm: false, plan: next })) as ImportPreview;
      setPlan(next);
      setPreview(answer);
      setError(undefined);
      return answer;
    } catch (e) {
      const refused = previewOf(e);
      if (refused) {
        setPlan(next);
        setPreview(refused);
      }
      if (refused && !refused.questions.length) setError((e as Error).message);
      else void message.error((e as Error).message);
      return undefined;
    } finally {
      setChecking(false);
    }
  };

  /** A fix checked by reading the file again: true when the fixed question passes. */
  const fix = async (change: ImportFix): Promise<boolean> => {
    const answer = await reread(withFix(plan, change));
    const fixed = answer?.questions[change.index];
    if (fixed?.problems.length) void message.warning(t('questionBank.import.stillFlagged'));
    return Boolean(fixed && !fixed.problems.length);
  };

  const confirm = async () => {
    if (!file || !libId) return;
    setPercent(0);
    setPhase('saving');
    try {
      const answer = (await importQuestions(file, { libId, confirm: true, plan }, setPercent)) as ImportSaved;
      if ('importId' in answer) {
        const { importId: id, total } = answer;
        setBackground({ id, libId, total, saved: 0, state: 'saving', error: '' });
        return;
      }
      setCount(answer.count);
      setPhase('done');
      onImported(libId);
    } catch (e) {
      const refused = previewOf(e);
      if (refused) setPreview(refused);
      else void message.error((e as Error).message);
      setPhase('preview');
    }
  };

  const step = phase === 'pick' || phase === 'uploading' ? 0 : phase === 'done' ? 2 : 1;
  const libName = targets.find((l) => l.id === libId)?.name ?? '';
  // Skipping needs no new reading: the preview's questions are kept as the plan says.
  const skipped = new Set(plan.skip ?? []);
  const questions = (preview?.questions ?? []).map((q, i) => ({ ...q, kept: !skipped.has(i) }));
  const kept = questions.filter((q) => q.kept);
  const errors = kept.filter((q) => q.problems.length).length;

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={close}>
            {t('crud.cancel')}
          </Button>,
        ]
      : step === 1
        ? [
            <Button key="again" icon={<ReloadOutlined />} onClick={reset} disabled={phase === 'saving'}>
              {t('questionBank.import.again')}
            </Button>,
            <Button
              key="ok"
              type="primary"
              disabled={errors > 0 || kept.length === 0 || checking}
              loading={phase === 'saving'}
              onClick={() => void confirm()}
            >
              {t('questionBank.import.confirmCount', { count: kept.length })}
            </Button>,
          ]
        : [
            <Button key="more" onClick={reset}>
              {t('questionBank.import.more')}
            </Button>,
            <Button key="close" type="primary" onClick={close}>
              {t('questionBank.import.view')}
            </Button>,
          ];

  return (
    <Modal
      open={open}
      title={t('questionBank.import.title')}
      width={phone ? '100%' : 1000}
      onCancel={close}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 20 }}
        items={[
          { title: t('questionBank.import.stepUpload') },
          { title: t('questionBank.import.stepCheck') },
          { title: t('questionBank.import.stepDone') },
        ]}
      />
      {step === 0 && (
        <Form layout="vertical" name="importForm">
          <Form.Item label={t('questionBank.import.library')} required>
            <LibrarySelect
              id="importForm_libId"
              value={libId}
              onChange={setLibId}
              libraries={targets}
              loading={loading}
              disabled={phase === 'uploading'}
            />
          </Form.Item>
          <Form.Item label={t('questionBank.import.templates')} extra={t('questionBank.import.templatesHint')}>
            <Space wrap>
              <Button
                icon={<FileExcelOutlined />}
                onClick={() => void questionApi.downloadTemplate('xlsx').catch(() => undefined)}
              >
                {t('questionBank.import.excelTemplate')}
              </Button>
              <Button
                icon={<FileWordOutlined />}
                onClick={() => void questionApi.downloadTemplate('docx').catch(() => undefined)}
              >
                {t('questionBank.import.wordTemplate')}
              </Button>
              <Button
                icon={<FileTextOutlined />}
                onClick={() => void questionApi.downloadTemplate('moodle').catch(() => undefined)}
              >
                {t('questionBank.import.moodleTemplate')}
              </Button>
            </Space>
          </Form.Item>
          <Form.Item label={t('questionBank.import.file')}>
            <Upload.Dragger
              accept={IMPORT_ACCEPT}
              maxCount={1}
              showUploadList={false}
              disabled={phase === 'uploading' || !libId}
              beforeUpload={(picked) => {
                void check(picked);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">
                {libId ? t('questionBank.import.choose') : t('questionBank.import.chooseLibFirst')}
              </p>
              <p className="ant-upload-hint">{t('questionBank.import.chooseHint')}</p>
            </Upload.Dragger>
          </Form.Item>
          {phase === 'uploading' && (
            <div data-testid="import-progress">
              <Typography.Text>
                {percent < 100
                  ? t('questionBank.import.uploading', { name: file?.name ?? '' })
                  : t('questionBank.import.checking', { name: file?.name ?? '' })}
              </Typography.Text>
              <Progress percent={percent} status="active" />
            </div>
          )}
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
      {step === 1 && preview && (
        <>
          {phase === 'saving' && !background && (
            <Progress percent={percent} status="active" style={{ marginBottom: 12 }} />
          )}
          {background && (
            <div data-testid="import-saving" style={{ marginBottom: 12 }}>
              <Typography.Text>
                {t('questionBank.import.saving', { saved: background.saved, total: background.total })}
              </Typography.Text>
              <Progress percent={Math.floor((background.saved * 100) / background.total)} status="active" />
              <Typography.Text type="secondary">{t('questionBank.import.savingHint')}</Typography.Text>
            </div>
          )}
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
          {preview.sheet && (
            <ColumnMapping
              key={JSON.stringify(preview.sheet)}
              sheet={preview.sheet}
              busy={checking}
              // Other columns may make other questions: fixes and skips start again.
              onApply={(columns) => void reread({ columns })}
            />
          )}
          <ImportReview
            questions={questions}
            fileName={file?.name ?? ''}
            libName={libName}
            // Being saved: nothing in the preview can change any more.
            checking={checking || phase === 'saving'}
            onFix={fix}
            onSkip={(indexes, skip) => setPlan((p) => withSkips(p, indexes, skip))}
          />
        </>
      )}
      {step === 2 &&
        (background?.state === 'failed' ? (
          <Result status="warning" title={t('questionBank.import.savingFailed', { ...background })} />
        ) : (
          <Result
            status="success"
            title={t('shared:question.import.done', { count })}
            subTitle={t('questionBank.import.doneHint', { name: libName })}
          />
        ))}
    </Modal>
  );
}
