import { FileExcelOutlined, FileWordOutlined, InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ImportPreview, PreviewQuestion, QuestionType } from '@shixun/contracts';
import { Alert, App, Button, Form, Modal, Progress, Result, Space, Steps, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importQuestions, previewOf, questionApi } from '../../api/question.ts';
import { useScreen } from '../../app/useScreen.ts';
import { htmlToText } from '../../components/RichEditor/index.tsx';
import { LibrarySelect, useEditableLibraries } from './LibrarySelect.tsx';
import { TYPE_COLORS, typeName } from './labels.ts';
import styles from './question.module.css';

interface Props {
  open: boolean;
  /** The library to import into, preselected. */
  libId?: string;
  onClose: () => void;
  /** Questions were saved into `libId`. */
  onImported: (libId: string) => void;
}

type Phase = 'pick' | 'uploading' | 'preview' | 'saving' | 'done';

interface Row extends Omit<PreviewQuestion, 'children'> {
  key: string;
  children?: Row[];
}

const rowsOf = (questions: PreviewQuestion[], prefix = ''): Row[] =>
  questions.map((q, i) => {
    const key = `${prefix}${i}`;
    const { children, ...rest } = q;
    return { ...rest, key, ...(children.length ? { children: rowsOf(children, `${key}.`) } : {}) };
  });

/**
 * 导入试题, in steps: pick the library and a filled Excel template or a Word file laid out like the sample (both
 * downloadable here), watch it upload, then read the check of every question — its place in the file, type, stem and
 * problems. A clean file is imported on 确认导入; a file with any problem cannot be: the teacher fixes the file and
 * uploads it again. Nothing is saved until then.
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
  const [error, setError] = useState<string>();
  const [count, setCount] = useState(0);
  const { libraries: targets, loading } = useEditableLibraries(open);

  useEffect(() => {
    if (open) setLibId((current) => current ?? preset);
  }, [open, preset]);

  const reset = () => {
    setFile(null);
    setPhase('pick');
    setPercent(0);
    setPreview(null);
    setError(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };

  const check = async (picked: File) => {
    if (!libId) {
      void message.warning(t('questionBank.editor.libRequired'));
      return;
    }
    setFile(picked);
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
        setPhase('preview');
      } else {
        setError((e as Error).message);
        setPhase('pick');
      }
    }
  };

  const confirm = async () => {
    if (!file || !libId) return;
    setPercent(0);
    setPhase('saving');
    try {
      const answer = (await importQuestions(file, { libId, confirm: true }, setPercent)) as { count: number };
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
  const errors = preview?.errorCount ?? 0;
  const libName = targets.find((l) => l.id === libId)?.name ?? '';

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
              disabled={errors > 0 || !preview?.total}
              loading={phase === 'saving'}
              onClick={() => void confirm()}
            >
              {t('questionBank.import.confirm')}
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
      width={phone ? '100%' : 960}
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
            </Space>
          </Form.Item>
          <Form.Item label={t('questionBank.import.file')}>
            <Upload.Dragger
              accept=".docx,.xlsx,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
          {phase === 'saving' && <Progress percent={percent} status="active" style={{ marginBottom: 12 }} />}
          {errors > 0 ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('questionBank.import.hasErrors', { count: errors, total: preview.total })}
              description={t('questionBank.import.fixAndRetry')}
            />
          ) : (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('questionBank.import.clean', { total: preview.total, name: libName, file: file?.name ?? '' })}
            />
          )}
          <Table<Row>
            size="small"
            rowKey="key"
            data-testid="import-preview"
            dataSource={rowsOf(preview.questions)}
            pagination={preview.questions.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            expandable={{ defaultExpandAllRows: true }}
            scroll={{ x: 760 }}
            rowClassName={(row) => (row.problems.length ? styles.errorRow! : '')}
            columns={[
              { key: 'label', dataIndex: 'label', title: t('questionBank.import.where'), width: 130 },
              {
                key: 'type',
                dataIndex: 'type',
                title: t('questionBank.question.type'),
                width: 100,
                render: (type: string) => <Tag color={TYPE_COLORS[type as QuestionType]}>{typeName(type)}</Tag>,
              },
              {
                key: 'stem',
                dataIndex: 'stem',
                title: t('questionBank.question.stem'),
                ellipsis: true,
                render: (stem: string) => htmlToText(stem).slice(0, 80),
              },
              { key: 'score', dataIndex: 'score', title: t('questionBank.question.score'), width: 60 },
              {
                key: 'problems',
                dataIndex: 'problems',
                title: t('questionBank.import.problems'),
                width: 280,
                render: (problems: string[]) =>
                  problems.length ? (
                    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                      {problems.map((p) => (
                        <li key={p}>
                          <Typography.Text type="danger">{p}</Typography.Text>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Typography.Text type="success">{t('questionBank.import.ok')}</Typography.Text>
                  ),
              },
            ]}
          />
        </>
      )}
      {step === 2 && (
        <Result
          status="success"
          title={t('shared:question.import.done', { count })}
          subTitle={t('questionBank.import.doneHint', { name: libName })}
        />
      )}
    </Modal>
  );
}
