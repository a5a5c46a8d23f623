import type { Courseware, CoursewareFollow } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, List, Modal, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { coursewareApi } from '../../../api/course.ts';

/**
 * "v3 可更新": the source's versions newer than the one this quoted courseware shows, with the author's notes; 更新
 * takes the latest, 保持当前版本 closes, 复制为本地课件 (after a confirmation) stops following.
 */
export function VersionDialog({
  ware,
  onClose,
  onChanged,
}: {
  ware: Courseware | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const versions = useQuery({
    queryKey: ['courseware', 'versions', ware?.id],
    queryFn: () => coursewareApi.versions(ware!.id),
    enabled: ware !== null,
  });
  const follow = useMutation({
    mutationFn: (action: CoursewareFollow['action']) => coursewareApi.follow({ id: ware!.id, action }),
    onSuccess: (row, action) => {
      void message.success(
        action === 'update'
          ? t('shared:courseware.follow.updated', { version: row.sourceVersion })
          : t('shared:courseware.follow.copied'),
      );
      onChanged();
      onClose();
    },
  });
  const data = versions.data;
  return (
    <Modal
      open={ware !== null}
      title={t('course.version.title', { name: ware?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button
            disabled={follow.isPending}
            onClick={() =>
              modal.confirm({
                title: t('course.version.copy'),
                content: t('course.version.copyConfirm'),
                onOk: () => follow.mutateAsync('copy'),
              })
            }
          >
            {t('course.version.copy')}
          </Button>
          <Button onClick={onClose}>{t('course.version.keep')}</Button>
          <Button
            type="primary"
            loading={follow.isPending && follow.variables === 'update'}
            disabled={!data?.versions.length}
            onClick={() => follow.mutate('update')}
          >
            {t('course.version.apply')}
          </Button>
        </Space>
      }
    >
      {versions.isLoading || !data ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('course.version.current', { version: data.sourceVersion, latest: data.latestVersion })}
          </Typography.Paragraph>
          <List
            size="small"
            dataSource={data.versions}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.version.none')} />,
            }}
            renderItem={(v) => (
              <List.Item>
                <List.Item.Meta
                  title={`v${v.version}`}
                  description={
                    <>
                      <div>{v.changeNote || t('course.version.noNote')}</div>
                      <Typography.Text type="secondary">
                        {t('course.version.by', {
                          name: v.createUserName,
                          time: dayjs(v.createTime).format('YYYY-MM-DD HH:mm'),
                        })}
                      </Typography.Text>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
