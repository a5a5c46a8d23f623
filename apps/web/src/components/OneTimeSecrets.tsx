import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './clipboard.ts';

export interface OneTimeSecret {
  account: string;
  secret: string;
}

/**
 * The one dialog for credentials the server generated and will never show again (new passwords, a tenant's first
 * administrator, a client secret): a warning, the secrets with copy buttons (or a `children` body of its own), and
 * closed only on purpose — not by Esc or a stray click, so a secret is never lost by accident.
 */
export function OneTimeSecrets({
  open,
  title,
  secrets = [],
  children,
  copyAllText,
  secretLabel,
  accountLabel,
  warning,
  closeLabel,
  onClose,
}: {
  /** Default: open while there are `secrets`. */
  open?: boolean;
  title: ReactNode;
  secrets?: OneTimeSecret[];
  /** A body of its own instead of the table of `secrets`. */
  children?: ReactNode;
  /** What 全部复制 copies; default: each secret's account and secret, a line each. */
  copyAllText?: string;
  secretLabel?: string;
  /** Heading of the first column (default 账号), e.g. 客户端ID. */
  accountLabel?: string;
  /** Replaces the warning that passwords are shown once, for other kinds of secret. */
  warning?: string;
  closeLabel?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async (text: string) => {
    if (await copyText(text)) void message.success(t('secrets.copied'));
    else void message.error(t('secrets.copyFailed'));
  };
  return (
    <Modal
      open={open ?? secrets.length > 0}
      title={title}
      width={560}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      // A closed Modal keeps its last content in the page; a secret must not linger there.
      destroyOnHidden
      footer={[
        <Button
          key="all"
          icon={<CopyOutlined />}
          onClick={() => void copy(copyAllText ?? secrets.map((s) => `${s.account}\t${s.secret}`).join('\n'))}
        >
          {t('secrets.copyAll')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {closeLabel ?? t('secrets.close')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={warning ?? t('secrets.onceOnly')} style={{ marginBottom: 12 }} />
      {children ?? <SecretTable secrets={secrets} accountLabel={accountLabel} secretLabel={secretLabel} copy={copy} />}
    </Modal>
  );
}

function SecretTable({
  secrets,
  accountLabel,
  secretLabel,
  copy,
}: {
  secrets: OneTimeSecret[];
  accountLabel?: string;
  secretLabel?: string;
  copy: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
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
  );
}
