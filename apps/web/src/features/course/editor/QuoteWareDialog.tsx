import { EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { COURSEWARE_KINDS, type Courseware } from '@shixun/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coursewareApi } from '../../../api/course.ts';
import { FilePreview } from '../../../components/FilePreview/index.tsx';
import { PickerFilters } from './PickerFilters.tsx';

export const KIND_COLORS: Record<Courseware['kind'], string> = { file: 'blue', richtext: 'purple', link: 'cyan' };

/**
 * 从资源库引用: the public library's coursewares (search by name, filter by kind), each with its course and how many
 * courses use it, previewable; 引用 puts one last on the topic, pinned to its current version.
 */
export function QuoteWareDialog({
  courseSubId,
  open,
  onClose,
  onQuoted,
}: {
  courseSubId: string;
  open: boolean;
  onClose: () => void;
  onQuoted: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [name, setName] = useState('');
  const [kind, setKind] = useState<string>();
  const [previewing, setPreviewing] = useState<Courseware | null>(null);
  const list = useQuery({
    queryKey: ['courseware', 'library', paging, name, kind],
    queryFn: () => coursewareApi.library({ ...paging, ...(name ? { name } : {}), ...(kind ? { kind } : {}) }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const quote = useMutation({
    mutationFn: (ware: Courseware) => coursewareApi.quote(ware.id, courseSubId),
    onSuccess: (row) => {
      void message.success(t('shared:courseware.quoted', { name: row.name }));
      onQuoted();
    },
  });
  return (
    <Modal open={open} title={t('course.wareQuote.title')} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      <Alert type="info" showIcon message={t('course.wareQuote.hint')} style={{ marginBottom: 12 }} />
      <PickerFilters
        searchLabel={t('course.wareQuote.search')}
        kindLabel={t('course.wareQuote.kind')}
        kind={kind}
        kinds={COURSEWARE_KINDS.map((k) => ({ label: t(`course.kind.${k}`), value: k }))}
        onChange={(change) => {
          if ('search' in change) setName(change.search);
          else setKind(change.kind);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      <Table<Courseware>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.wareQuote.empty')} /> }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
        scroll={{ x: 'max-content' }}
        columns={[
          { dataIndex: 'name', title: t('course.ware.name') },
          {
            dataIndex: 'kind',
            title: t('course.wareQuote.kind'),
            width: 80,
            render: (v: Courseware['kind']) => <Tag color={KIND_COLORS[v]}>{t(`course.kind.${v}`)}</Tag>,
          },
          { dataIndex: 'courseName', title: t('course.wareQuote.course') },
          {
            dataIndex: 'usedBy',
            title: t('course.wareQuote.usedBy'),
            width: 130,
            render: (n: number) => t('course.wareQuote.usedByCount', { count: n }),
          },
          {
            key: 'actions',
            title: '',
            width: 150,
            // Kept in view on a phone, where the table scrolls sideways.
            fixed: 'right',
            render: (_, row) => (
              <Space size={4}>
                {row.kind !== 'richtext' && (
                  <Button
                    type="link"
                    size="small"
                    icon={row.kind === 'file' ? <EyeOutlined /> : <LinkOutlined />}
                    aria-label={`${t(row.kind === 'file' ? 'course.ware.preview' : 'course.ware.open')} ${row.name}`}
                    onClick={() =>
                      row.kind === 'link' ? window.open(row.link, '_blank', 'noopener,noreferrer') : setPreviewing(row)
                    }
                  >
                    {t(row.kind === 'file' ? 'course.ware.preview' : 'course.ware.open')}
                  </Button>
                )}
                <Button
                  type="primary"
                  size="small"
                  aria-label={`${t('course.wareQuote.quote')} ${row.name}`}
                  loading={quote.isPending && quote.variables?.id === row.id}
                  onClick={() => quote.mutate(row)}
                >
                  {t('course.wareQuote.quote')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FilePreview
        open={previewing !== null}
        link={previewing?.link ?? null}
        title={previewing?.name ?? ''}
        onClose={() => setPreviewing(null)}
      />
    </Modal>
  );
}
