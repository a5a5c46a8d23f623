import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a panel shows when its data did not arrive: what failed (加载失败 unless told), the reason when known, a way to
 * ask again and, on a page of its own, a way back.
 */
export function LoadFailed({
  title,
  reason,
  retry,
  back,
}: {
  title?: string;
  reason?: string;
  retry: () => void;
  back?: { label: string; onClick: () => void };
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title ?? t('crud.loadFailed')}
      subTitle={reason}
      extra={
        <Space wrap>
          {back && (
            <Button icon={<ArrowLeftOutlined />} onClick={back.onClick}>
              {back.label}
            </Button>
          )}
          <Button type="primary" onClick={retry}>
            {t('common.retry')}
          </Button>
        </Space>
      }
    />
  );
}
