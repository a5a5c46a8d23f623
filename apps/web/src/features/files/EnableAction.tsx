import { CheckCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Space, Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../components/CrudPage/index.tsx';

interface Config {
  id: string;
  status: number;
  enabled: number;
}

/** The status column of a config: 启用/停用, and 使用中 on the one config the school uses (object storage, SMS). */
export function ConfigStatus({ row, family }: { row: Config; family: 'oss' | 'sms' }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {row.status === 1 ? <Tag color="green">{t('crud.enabled')}</Tag> : <Tag color="red">{t('crud.disabled')}</Tag>}
      {row.enabled === 1 && <Tag color="blue">{t(`${family}.inUse`)}</Tag>}
    </Space>
  );
}

/**
 * 启用, a row action: confirmed, then this config is the school's one in use (a disabled one cannot be). The returned
 * function keeps its identity, so a page's option built with it stays the same object.
 */
export function useEnableAction(family: 'oss' | 'sms', enable: (id: string) => Promise<unknown>) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(
    (row: Config, code: string): RowAction => ({
      code: `${family}_edit`,
      icon: <CheckCircleOutlined />,
      label: `${family}.enable`,
      disabled: row.enabled === 1 || row.status !== 1,
      onClick: () =>
        modal.confirm({
          title: t(`${family}.enable`),
          content: t(`${family}.enableConfirm`, { code }),
          onOk: async () => {
            await enable(row.id);
            void message.success(t(`${family}.enabled`));
            void queryClient.invalidateQueries({ queryKey: [family] });
          },
        }),
    }),
    [family, enable, modal, message, queryClient, t],
  );
}
