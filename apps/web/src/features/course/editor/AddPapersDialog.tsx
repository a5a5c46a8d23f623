import type { Paper } from '@shixun/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coursePaperApi } from '../../../api/course.ts';
import { TYPE_COLORS } from '../../paper/labels.ts';
import { PickerFilters } from './PickerFilters.tsx';

const TYPES = ['practice', 'exam', 'homework'] as const;

/**
 * 添加试卷: the papers the teacher may read that are not yet on the topic, searchable by title and kind; the ticked
 * ones go on the topic at once.
 */
export function AddPapersDialog({
  courseId,
  courseSubId,
  open,
  onClose,
  onAdded,
}: {
  courseId: string;
  courseSubId: string;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [title, setTitle] = useState('');
  const [paperType, setPaperType] = useState<string>();
  const [ticked, setTicked] = useState<string[]>([]);
  const list = useQuery({
    queryKey: ['course_paper', 'not_relate', courseSubId, paging, title, paperType],
    queryFn: () =>
      coursePaperApi.notRelated({
        courseSubId,
        ...paging,
        ...(title ? { title } : {}),
        ...(paperType ? { paperType } : {}),
      }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: () => coursePaperApi.addBatch({ courseId, courseSubId, paperIds: ticked }),
    onSuccess: (result) => {
      void message.success(t('shared:coursePaper.added', { count: result.added }));
      setTicked([]);
      onAdded();
    },
  });
  return (
    <Modal
      open={open}
      title={t('course.paper.add')}
      width={760}
      okText={t('course.paper.addTicked', { count: ticked.length })}
      okButtonProps={{ disabled: ticked.length === 0 }}
      confirmLoading={add.isPending}
      onOk={() => add.mutate()}
      onCancel={() => {
        setTicked([]);
        onClose();
      }}
      destroyOnHidden
    >
      <PickerFilters
        searchLabel={t('course.paper.search')}
        kindLabel={t('course.paper.type')}
        kind={paperType}
        kinds={TYPES.map((k) => ({ label: t(`paper.type.${k}`), value: k }))}
        onChange={(change) => {
          if ('search' in change) setTitle(change.search);
          else setPaperType(change.kind);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      <Table<Paper>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        rowSelection={{
          selectedRowKeys: ticked,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setTicked(keys.map(String)),
          getCheckboxProps: (row) => ({ 'aria-label': row.title }),
        }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
        scroll={{ x: 'max-content' }}
        columns={[
          { dataIndex: 'title', title: t('course.paper.title') },
          {
            dataIndex: 'paperType',
            title: t('course.paper.type'),
            width: 90,
            render: (v: Paper['paperType']) => <Tag color={TYPE_COLORS[v]}>{t(`paper.type.${v}`)}</Tag>,
          },
          { dataIndex: 'totalScore', title: t('course.paper.total'), width: 80 },
        ]}
      />
    </Modal>
  );
}
