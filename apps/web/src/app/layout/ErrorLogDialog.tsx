import { CloudUploadOutlined, DeleteOutlined, ToolOutlined } from '@ant-design/icons';
import type { ErrorLogEntry } from '@shixun/contracts';
import { App, Button, Empty, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sendErrorLogs } from '../../api/logs.ts';
import { website } from '../../config.ts';
import { isAdministrator, useAuth } from '../../stores/auth.ts';
import { useLogs } from '../../stores/logs.ts';
import { useShellUi } from './shell-ui.ts';

const TYPE_COLORS: Record<string, string> = { error: 'red', promise: 'orange', render: 'magenta', chunk: 'gold' };

/**
 * 错误日志 (SPEC §2): the front-end errors kept in this browser, to send to the server for the support team or to
 * clear — each after a confirmation.
 */
export function ErrorLogDialog() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const open = useShellUi((s) => s.panel === 'logs');
  const close = useShellUi((s) => s.close);
  const logs = useLogs((s) => s.logs);
  const administrator = useAuth((s) => isAdministrator(s.user));
  const [sending, setSending] = useState(false);

  const upload = () =>
    modal.confirm({
      title: t('logs.uploadTitle'),
      content: t('logs.uploadConfirm', { count: logs.length }),
      onOk: async () => {
        setSending(true);
        try {
          await sendErrorLogs(logs);
          useLogs.getState().clear();
          void message.success(t('logs.sent'));
        } catch {
          // The client has shown the server's answer; the logs stay for another try.
        } finally {
          setSending(false);
        }
      },
    });

  const clear = () =>
    modal.confirm({
      title: t('logs.clearTitle'),
      content: t('logs.clearConfirm'),
      okButtonProps: { danger: true },
      onOk: () => {
        useLogs.getState().clear();
        void message.success(t('logs.cleared'));
      },
    });

  return (
    <Modal
      title={t('logs.title')}
      open={open}
      onCancel={close}
      width={960}
      footer={
        <Space wrap>
          {administrator && (
            <Button
              icon={<ToolOutlined />}
              onClick={() => {
                close();
                navigate(website.diagnosticsPath);
              }}
            >
              {t('route.diagnostics')}
            </Button>
          )}
          <Button danger icon={<DeleteOutlined />} disabled={!logs.length} onClick={clear}>
            {t('logs.clear')}
          </Button>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            disabled={!logs.length}
            loading={sending}
            onClick={upload}
          >
            {t('logs.upload')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('logs.intro')}</Typography.Paragraph>
      <Table<ErrorLogEntry>
        size="small"
        rowKey={(row) => `${row.time}|${row.message}|${logs.indexOf(row)}`}
        dataSource={logs}
        locale={{ emptyText: <Empty description={t('logs.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 860 }}
        expandable={{
          rowExpandable: (row) => Boolean(row.stack || row.info),
          expandedRowRender: (row) => (
            <pre className="error-log-stack">{[row.stack, row.info].filter(Boolean).join('\n\n')}</pre>
          ),
        }}
        columns={[
          {
            title: t('logs.type'),
            dataIndex: 'type',
            width: 90,
            render: (type: string) => <Tag color={TYPE_COLORS[type] ?? 'default'}>{t(`logs.types.${type}`, type)}</Tag>,
          },
          { title: t('logs.url'), dataIndex: 'url', width: 240, ellipsis: true },
          { title: t('logs.message'), dataIndex: 'message', ellipsis: true },
          { title: t('logs.time'), dataIndex: 'time', width: 170 },
        ]}
      />
    </Modal>
  );
}
