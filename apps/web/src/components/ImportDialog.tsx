import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ImportIssue, UserImportResult } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Steps, Table, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../api/http.ts';
import { OneTimeSecrets } from './OneTimeSecrets.tsx';

interface Props {
  open: boolean;
  title: string;
  /** The first step: what the template holds and how many rows it may have. */
  templateHint: ReactNode;
  downloadTemplate: () => Promise<void>;
  run: (file: File) => Promise<UserImportResult>;
  /** A report column's name: the template column's label. */
  fieldLabel: (field: string) => string;
  /** Options shown under the file (e.g. "update existing accounts"). */
  options?: ReactNode;
  onClose: () => void;
  onImported: (result: UserImportResult) => void;
}

/**
 * 导入 (users, students, teachers): download the template, upload the filled file. The server checks every row first;
 * a refused import lists each row's problem here and writes nothing, so the administrator fixes the file and tries
 * again. New accounts' generated passwords are shown once afterwards.
 */
export function ImportDialog({
  open,
  title,
  templateHint,
  downloadTemplate,
  run: importFile,
  fieldLabel,
  options,
  onClose,
  onImported,
}: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [issues, setIssues] = useState<ImportIssue[]>([]);
  const [done, setDone] = useState<UserImportResult | null>(null);

  const reset = () => {
    setFile(null);
    setIssues([]);
  };
  const run = useMutation({
    mutationFn: () => importFile(file!),
    onSuccess: (result) => {
      void message.success(t('import.imported', { inserted: result.inserted, updated: result.updated }));
      reset();
      onClose();
      onImported(result);
      if (result.passwords.length) setDone(result);
    },
    onError: (e) => {
      const report = e instanceof HttpError ? (e.body as { data?: unknown } | undefined)?.data : undefined;
      if (Array.isArray(report) && report.length) setIssues(report as ImportIssue[]);
      else void message.error(e.message);
    },
  });

  return (
    <>
      <OneTimeSecrets
        title={done ? t('import.imported', { inserted: done.inserted, updated: done.updated }) : ''}
        secrets={(done?.passwords ?? []).map((p) => ({ account: p.account, secret: p.password }))}
        onClose={() => setDone(null)}
      />
      <Modal
        open={open}
        title={title}
        width={680}
        onCancel={() => {
          reset();
          onClose();
        }}
        footer={[
          <Button
            key="cancel"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('crud.cancel')}
          </Button>,
          <Button
            key="go"
            type="primary"
            loading={run.isPending}
            onClick={() => (file ? run.mutate() : void message.warning(t('import.fileRequired')))}
          >
            {run.isPending ? t('import.importing') : t('import.start')}
          </Button>,
        ]}
        destroyOnHidden
      >
        <Steps
          orientation="vertical"
          size="small"
          current={file ? 1 : 0}
          items={[
            {
              title: templateHint,
              content: (
                <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate().catch(() => undefined)}>
                  {t('import.template')}
                </Button>
              ),
            },
            {
              title: t('import.step2'),
              content: (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Upload.Dragger
                    accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    maxCount={1}
                    fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
                    beforeUpload={(f) => {
                      setFile(f);
                      setIssues([]);
                      return false;
                    }}
                    onRemove={() => {
                      setFile(null);
                      setIssues([]);
                    }}
                  >
                    <p className="ant-upload-drag-icon">
                      <InboxOutlined />
                    </p>
                    <p>{t('import.chooseFile')}</p>
                  </Upload.Dragger>
                  {options}
                </Space>
              ),
            },
          ]}
        />
        {issues.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              title={t('import.issuesTitle', { count: issues.length })}
              style={{ margin: '12px 0' }}
            />
            <Table<ImportIssue>
              size="small"
              rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
              dataSource={issues}
              pagination={issues.length > 8 ? { pageSize: 8 } : false}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('import.row'), width: 70 },
                {
                  key: 'field',
                  dataIndex: 'field',
                  title: t('import.field'),
                  width: 120,
                  render: (f: string) => fieldLabel(f),
                },
                { key: 'message', dataIndex: 'message', title: t('import.message') },
              ]}
            />
          </>
        )}
      </Modal>
    </>
  );
}
