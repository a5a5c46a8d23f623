import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { UserImportResult } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Modal, Space, Steps, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http.ts';
import { type ImportIssue, userApi } from '../../../api/user.ts';

/**
 * 导入用户: download the template, upload the filled file. The server checks every row first; a refused import
 * lists each row's problem here and writes nothing, so the administrator fixes the file and tries again.
 */
export function ImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: (result: UserImportResult) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [covered, setCovered] = useState(false);
  const [issues, setIssues] = useState<ImportIssue[]>([]);

  const reset = () => {
    setFile(null);
    setIssues([]);
    setCovered(false);
  };
  const run = useMutation({
    mutationFn: () => userApi.importUsers(file!, covered),
    onSuccess: (result) => {
      void message.success(t('user.imported', { inserted: result.inserted, updated: result.updated }));
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      reset();
      onClose();
      onImported(result);
    },
    onError: (e) => {
      const report = e instanceof HttpError ? (e.body as { data?: unknown } | undefined)?.data : undefined;
      if (Array.isArray(report) && report.length) setIssues(report as ImportIssue[]);
      else void message.error(e.message);
    },
  });

  return (
    <Modal
      open={open}
      title={t('user.importTitle')}
      width={680}
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button
          key="go"
          type="primary"
          loading={run.isPending}
          onClick={() => (file ? run.mutate() : void message.warning(t('user.fileRequired')))}
        >
          {run.isPending ? t('user.importing') : t('user.startImport')}
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
            title: t('user.importStep1'),
            content: (
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void userApi.downloadTemplate().catch(() => undefined)}
              >
                {t('user.template')}
              </Button>
            ),
          },
          {
            title: t('user.importStep2'),
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
                  <p>{t('user.chooseFile')}</p>
                </Upload.Dragger>
                <Checkbox checked={covered} onChange={(e) => setCovered(e.target.checked)}>
                  {t('user.covered')}
                </Checkbox>
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
            title={t('user.issuesTitle', { count: issues.length })}
            style={{ margin: '12px 0' }}
          />
          <Table<ImportIssue>
            size="small"
            rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
            dataSource={issues}
            pagination={issues.length > 8 ? { pageSize: 8 } : false}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('user.row'), width: 70 },
              {
                key: 'field',
                dataIndex: 'field',
                title: t('user.field'),
                width: 120,
                render: (f: string) => t(`user.${f}`, { defaultValue: f }),
              },
              { key: 'message', dataIndex: 'message', title: t('user.message') },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
