import type { Attach } from '@shixun/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachApi } from '../../api/files.ts';
import { formatDate } from '../CrudPage/values.ts';
import { formatSize } from '../FilePreview/format.ts';
import styles from './picker.module.css';

export interface PicturePickerProps {
  open: boolean;
  /** The form's mode; in `view` the picker does nothing (SPEC §2), as the rest of a viewed form is read-only. */
  boxType?: 'add' | 'edit' | 'view';
  onPick: (picture: Attach) => void;
  onClose: () => void;
}

/**
 * 选择图片: a table of the pictures already uploaded (the caller's own, or the school's for attach_view) to pick one
 * from, by click and 确定 or by double click; searchable by name.
 */
export function PicturePicker({ open, boxType = 'edit', onPick, onClose }: PicturePickerProps) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Attach | null>(null);
  const active = open && boxType !== 'view';
  const list = useQuery({
    queryKey: ['attach', 'pictures', paging, name],
    queryFn: () => attachApi.pictures({ ...paging, originalName: name || undefined }),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  if (boxType === 'view') return null;

  const pick = (picture: Attach | null) => {
    if (!picture) return;
    onPick(picture);
    setChosen(null);
  };

  return (
    <Modal
      open={active}
      title={t('picker.title')}
      width={760}
      okText={t('picker.ok')}
      cancelText={t('picker.cancel')}
      okButtonProps={{ disabled: !chosen }}
      onOk={() => pick(chosen)}
      onCancel={() => {
        setChosen(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={t('picker.search')}
        aria-label={t('picker.search')}
        className={styles.search}
        onSearch={(value) => {
          setName(value.trim());
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      <Table<Attach>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty description={t('picker.empty')} /> }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen ? [chosen.id] : [],
          onChange: (_, rows) => setChosen(rows[0] ?? null),
        }}
        onRow={(row) => ({ onClick: () => setChosen(row), onDoubleClick: () => pick(row) })}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (current) => setPaging((p) => ({ ...p, current })),
        }}
        columns={[
          {
            title: t('picker.preview'),
            dataIndex: 'link',
            width: 80,
            render: (link: string, row) => <img className={styles.thumb} src={link} alt={row.originalName} />,
          },
          { title: t('picker.name'), dataIndex: 'originalName', ellipsis: true },
          { title: t('picker.size'), dataIndex: 'attachSize', width: 100, render: (v: number) => formatSize(v) },
          {
            title: t('picker.createTime'),
            dataIndex: 'createTime',
            width: 170,
            render: (v: string) => formatDate(v, true),
          },
        ]}
      />
    </Modal>
  );
}
