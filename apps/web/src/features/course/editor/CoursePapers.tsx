import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CoursePaper, Paper } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coursePaperApi } from '../../../api/course.ts';
import { useCrudPermissions } from '../../../app/permission.ts';
import { TYPE_COLORS } from '../../paper/labels.ts';
import { AddPapersDialog } from './AddPapersDialog.tsx';

/** A topic's practice papers in order: 添加试卷 puts several on it at once; one taken off stays a paper. */
export function CoursePapers({
  courseId,
  courseSubId,
  editable,
  heading,
}: {
  courseId: string;
  courseSubId: string;
  editable: boolean;
  heading: string;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const held = useCrudPermissions('course_paper');
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: ['course_paper', 'list', courseSubId],
    queryFn: () => coursePaperApi.list({ courseSubId, current: 1, size: 100 }),
  });
  // The topic's counts in the tree follow.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['course_paper'] });
    void queryClient.invalidateQueries({ queryKey: ['course_sub'] });
  };
  const remove = (row: CoursePaper) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('course.paper.removeConfirm', { name: row.paperTitle }),
      okButtonProps: { danger: true },
      onOk: () =>
        coursePaperApi
          .remove([row.id])
          .then(() => {
            void message.success(t('crud.deleted'));
            refresh();
          })
          .catch(() => undefined),
    });
  return (
    <Card
      variant="borderless"
      title={<h3 style={{ margin: 0, fontSize: 16 }}>{heading}</h3>}
      extra={
        editable &&
        held.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('course.paper.add')}
          </Button>
        )
      }
    >
      <Table<CoursePaper>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.paper.empty')} /> }}
        columns={[
          { dataIndex: 'paperTitle', title: t('course.paper.title') },
          {
            dataIndex: 'paperType',
            title: t('course.paper.type'),
            width: 90,
            render: (v: Paper['paperType']) => <Tag color={TYPE_COLORS[v]}>{t(`paper.type.${v}`)}</Tag>,
          },
          { dataIndex: 'totalScore', title: t('course.paper.total'), width: 80 },
          ...(editable && held.delete
            ? [
                {
                  key: 'actions',
                  title: t('crud.actions'),
                  width: 80,
                  render: (_: unknown, row: CoursePaper) => (
                    <Tooltip title={t('course.paper.remove')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('course.paper.remove')} ${row.paperTitle}`}
                        onClick={() => remove(row)}
                      />
                    </Tooltip>
                  ),
                },
              ]
            : []),
        ]}
      />
      <AddPapersDialog
        courseId={courseId}
        courseSubId={courseSubId}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          refresh();
        }}
      />
    </Card>
  );
}
