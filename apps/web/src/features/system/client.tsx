import { KeyOutlined } from '@ant-design/icons';
import { CLIENT_GRANT_TYPES, type Client, clientFormSchema, LOGIN_CLIENT_ID } from '@shixun/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Space, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientApi } from '../../api/system.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { OneTimeSecrets } from '../../components/OneTimeSecrets.tsx';

/** A row, and the add form's optional secret. */
type ClientRow = Client & { clientSecret?: string };
type Secret = NonNullable<Client['oneTime']>;

const UNITS = [
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
] as const;

/** Seconds as a person reads them, in the two largest units: 3600 → "1 小时", 90000 → "1 天 1 小时". */
export function humanDuration(seconds: number, t: TFunction): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(seconds));
  for (const [unit, size] of UNITS) {
    if (rest >= size && parts.length < 2) {
      parts.push(t(`client.duration.${unit}`, { n: Math.floor(rest / size) }));
      rest %= size;
    } else if (parts.length) {
      break;
    }
  }
  return parts.join(' ') || t('client.duration.s', { n: 0 });
}

function Validity({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      {seconds}
      <Typography.Text type="secondary">· {humanDuration(seconds, t)}</Typography.Text>
    </Space>
  );
}

/** The sign-in page's client is marked, with the rule the server keeps for it. */
function ClientId({ row }: { row: Client }) {
  const { t } = useTranslation();
  if (row.clientId !== LOGIN_CLIENT_ID) return <>{row.clientId}</>;
  return (
    <Space size={6}>
      {row.clientId}
      <Tooltip title={t('shared:client.loginClient.fixed')}>
        <Tag color="gold">{t('client.loginClient')}</Tag>
      </Tooltip>
    </Space>
  );
}

/** 应用管理: the applications allowed to sign users in (`oauth/token`), for the platform administrator only. */
export default function ClientPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<Secret | null>(null);

  const option = useMemo<CrudOption<ClientRow, typeof clientFormSchema>>(
    () => ({
      biz: 'client',
      title: 'client.title',
      rowKey: 'id',
      api: clientApi,
      formSchema: clientFormSchema,
      defaults: {
        authorizedGrantTypes: ['password', 'refresh_token'],
        scope: 'all',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604_800,
        status: 1,
      },
      columns: [
        {
          prop: 'clientId',
          label: 'client.clientId',
          search: true,
          width: 200,
          render: (_, row) => <ClientId row={row} />,
        },
        {
          prop: 'clientSecret',
          label: 'client.clientSecret',
          type: 'password',
          modes: ['add'],
          hideInTable: true,
          help: 'client.secretHelp',
        },
        {
          prop: 'authorizedGrantTypes',
          label: 'client.grantTypes',
          type: 'select',
          multiple: true,
          separator: ',',
          options: CLIENT_GRANT_TYPES.map((g) => ({ label: `client.grant.${g}`, value: g })),
          width: 260,
        },
        {
          prop: 'accessTokenValidity',
          label: 'client.accessValidity',
          type: 'number',
          half: true,
          help: 'client.accessHelp',
          width: 170,
          render: (value) => <Validity seconds={value as number} />,
        },
        {
          prop: 'refreshTokenValidity',
          label: 'client.refreshValidity',
          type: 'number',
          half: true,
          help: 'client.refreshHelp',
          width: 190,
          render: (value) => <Validity seconds={value as number} />,
        },
        { prop: 'scope', label: 'client.scope', half: true, width: 100 },
        { prop: 'status', label: 'client.status', type: 'status', half: true, width: 90 },
        { prop: 'webServerRedirectUri', label: 'client.redirectUri', ellipsis: true, width: 220 },
      ],
      afterSave: (saved) => {
        const oneTime = (saved as Client | null)?.oneTime;
        if (oneTime) setSecret(oneTime);
      },
      // 重置密钥: confirmed, then the new secret is shown once. Not offered for the sign-in page's client.
      rowActions: (row) => [
        {
          code: 'client_edit',
          icon: <KeyOutlined />,
          label: 'client.resetSecret',
          disabled: row.clientId === LOGIN_CLIENT_ID,
          hint: row.clientId === LOGIN_CLIENT_ID ? 'shared:client.loginClient.fixed' : undefined,
          onClick: () =>
            modal.confirm({
              title: t('client.resetSecret'),
              content: t('client.resetConfirm', { clientId: row.clientId }),
              okButtonProps: { danger: true },
              onOk: async () => {
                const saved = await clientApi.resetSecret(row.id).catch(() => null);
                if (saved?.oneTime) setSecret(saved.oneTime);
                void queryClient.invalidateQueries({ queryKey: ['client'] });
              },
            }),
        },
      ],
    }),
    [modal, queryClient, t],
  );

  return (
    <>
      <CrudPage option={option} />
      <OneTimeSecrets
        title={t('client.secretTitle', { clientId: secret?.clientId ?? '' })}
        secrets={secret ? [{ account: secret.clientId, secret: secret.clientSecret }] : []}
        accountLabel={t('client.clientId')}
        secretLabel={t('client.clientSecret')}
        warning={t('client.secretOnce')}
        onClose={() => setSecret(null)}
      />
    </>
  );
}
