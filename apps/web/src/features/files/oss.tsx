import { ApiOutlined } from '@ant-design/icons';
import { type Oss, ossFormSchema } from '@shixun/contracts';
import { Alert, App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ossApi } from '../../api/files.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { ConfigStatus, useEnableAction } from './EnableAction.tsx';

/** A row, and the form's write-only secret. */
type OssRow = Oss & { secretKey?: string };

/** 对象存储: where a school's uploads are kept (its enabled S3-compatible bucket, else the server's disk). */
export default function OssPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const enableAction = useEnableAction('oss', ossApi.enable);
  const option = useMemo<CrudOption<OssRow, typeof ossFormSchema>>(() => {
    /** 测试连接: the server writes and removes a small object in the bucket, or names what went wrong. */
    const test = async (row: Oss) => {
      const done = message.loading(t('oss.test'), 0);
      try {
        await ossApi.test(row.id);
        void message.success(t('oss.testOk'));
      } catch {
        // The HTTP client has shown the server's reason.
      } finally {
        done();
      }
    };
    return {
      biz: 'oss',
      title: 'oss.title',
      rowKey: 'id',
      api: ossApi,
      formSchema: ossFormSchema,
      defaults: { category: 1, status: 1 },
      columns: [
        { prop: 'ossCode', label: 'oss.ossCode', search: true, width: 160, half: true },
        {
          prop: 'category',
          label: 'oss.category',
          type: 'select',
          dict: { code: 'oss', numeric: true },
          search: true,
          width: 120,
          half: true,
        },
        { prop: 'endpoint', label: 'oss.endpoint', ellipsis: true, width: 240, help: 'oss.endpointHelp' },
        { prop: 'bucketName', label: 'oss.bucketName', width: 140, half: true },
        { prop: 'region', label: 'oss.region', hideInTable: true, half: true },
        { prop: 'domain', label: 'oss.domain', ellipsis: true, hideInTable: true, help: 'oss.domainHelp' },
        { prop: 'accessKey', label: 'oss.accessKey', ellipsis: true, width: 160, half: true },
        {
          prop: 'secretKey',
          label: 'oss.secretKey',
          type: 'password',
          modes: ['add', 'edit'],
          hideInTable: true,
          half: true,
          help: 'oss.secretHelp',
        },
        { prop: 'appId', label: 'oss.appId', hideInTable: true, half: true },
        {
          prop: 'status',
          label: 'oss.status',
          type: 'status',
          width: 140,
          half: true,
          render: (_, row) => <ConfigStatus row={row} family="oss" />,
        },
        { prop: 'remark', label: 'oss.remark', type: 'textarea', hideInTable: true },
      ],
      rowActions: (row) => [
        enableAction(row, row.ossCode),
        { code: 'oss_edit', icon: <ApiOutlined />, label: 'oss.test', onClick: () => void test(row) },
      ],
    };
  }, [enableAction, message, t]);
  return <CrudPage option={option} heading={<Alert type="info" showIcon title={t('oss.localInUse')} />} />;
}
