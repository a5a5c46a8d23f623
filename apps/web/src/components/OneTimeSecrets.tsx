import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface OneTimeSecret {
  account: string;
  secret: string;
}

/**
 * Credentials the server generated and will never show again (new passwords, a tenant's first administrator, a
 * client secret): listed with copy buttons, and closed only on purpose.
 */
export function OneTimeSecrets({
  title,
  secrets,
  extra,
  secretLabel,
  accountLabel,
  warning,
  onClose,
}: {
  title: ReactNode;
  secrets: OneTimeSecret[];
  extra?: ReactNode;
  secretLabel?: string;
  /** Heading of the first column (default 账号), e.g. 客户端ID. */
  accountLabel?: string;
  /** Replaces the warning that passwords are shown once, for other kinds of secret. */
  warning?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = (text: string) =>
    navigator.clipboard
      .writeText(text)
      .then(() => message.success(t('secrets.copied')))
      .catch(() => message.error(t('secrets.copyFailed')));
  return (
    <Modal
      open={secrets.length > 0}
      title={title}
      width={560}
      onCancel={onClose}
      maskClosable={false}
      // A closed Modal keeps its last content in the page; a secret must not linger there.
      destroyOnHidden
      footer={[
        <Button
          key="all"
          icon={<CopyOutlined />}
          onClick={() => void copy(secrets.map((s) => `${s.account}\t${s.secret}`).join('\n'))}
        >
          {t('secrets.copyAll')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('secrets.close')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={warning ?? t('secrets.onceOnly')} style={{ marginBottom: 12 }} />
      {extra}
      <Table<OneTimeSecret>
        size="small"
        rowKey="account"
        pagination={secrets.length > 10 ? { pageSize: 10 } : false}
        dataSource={secrets}
        columns={[
          { key: 'account', dataIndex: 'account', title: accountLabel ?? t('secrets.account') },
          {
            key: 'secret',
            dataIndex: 'secret',
            title: secretLabel ?? t('secrets.secret'),
            render: (value: string) => (
              <Typography.Text code copyable={false} data-testid="one-time-secret" style={{ whiteSpace: 'nowrap' }}>
                {value}
              </Typography.Text>
            ),
          },
          {
            key: 'copy',
            width: 80,
            render: (_: unknown, row) => (
              <Button size="small" type="link" icon={<CopyOutlined />} onClick={() => void copy(row.secret)}>
                {t('secrets.copy')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
