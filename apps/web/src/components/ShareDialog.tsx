import { DeleteOutlined, PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { GranteeType, ShareAccess } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Form, Modal, Popconfirm, Radio, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Share, type ShareKind, shareApi, shareSchools, shareTeachers } from '../api/share.ts';
import { useScreen } from '../app/useScreen.ts';
import { useAuth } from '../stores/auth.ts';

interface Props {
  /** Where the shares live (`question_lib_permission` by `libId`, `paper_permission` by `paperId` …). */
  kind: ShareKind;
  /** What is shared (a library, a paper); null: the dialog is closed. */
  target: { id: string } | null;
  /** The dialog's title, naming what is shared (共享题库《…》, 共享试卷《…》). */
  title: string;
  onClose: () => void;
  /** A share was added, changed or removed. */
  onChanged: () => void;
}

/**
 * 共享: the owner of a library or a paper (or an administrator) sees who it is shared with, changes read/edit, takes
 * a share back, and shares it with another teacher (searchable by name or account) or a whole school.
 */
export function ShareDialog({ kind, target, title, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const phone = useScreen() === 0;
  const permission = useAuth((s) => s.permission);
  const me = useAuth((s) => s.user?.userId);
  const [granteeType, setGranteeType] = useState<GranteeType>('teacher');
  const [granteeId, setGranteeId] = useState<string>();
  const [access, setAccess] = useState<ShareAccess>('read');
  const open = target !== null;
  const api = shareApi(kind);
  const can = (action: 'add' | 'edit' | 'delete') => Boolean(permission[`${kind.resource}_${action}`]);
  const key = ['share', kind.resource, target?.id];

  const shares = useQuery({ queryKey: key, queryFn: () => api.list(target!.id), enabled: open });
  const teachers = useQuery({
    queryKey: ['share', 'teachers'],
    queryFn: shareTeachers,
    enabled: open && granteeType === 'teacher',
    staleTime: 60_000,
  });
  const schools = useQuery({
    queryKey: ['share', 'schools'],
    queryFn: () => shareSchools(Boolean(permission.school_view)),
    enabled: open && granteeType === 'school',
    staleTime: 60_000,
  });
  const rows = shares.data?.records ?? [];
  const taken = new Set(rows.filter((r) => r.granteeType === granteeType).map((r) => r.granteeId));
  const candidates = (granteeType === 'teacher' ? teachers.data : schools.data) ?? [];
  const options = candidates
    .filter((c) => c.id !== me)
    .map((c) => ({
      value: c.id,
      label: c.detail ? `${c.name}（${c.detail}）` : c.name,
      disabled: taken.has(c.id),
    }));

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    onChanged();
  };
  const add = useMutation({
    mutationFn: () => api.submit({ [kind.targetField]: target!.id, granteeType, granteeId: granteeId!, access }),
    onSuccess: () => {
      void message.success(t('share.added'));
      setGranteeId(undefined);
      changed();
    },
  });
  const update = useMutation({
    mutationFn: (row: Share & { next: ShareAccess }) =>
      api.submit({
        id: row.id,
        [kind.targetField]: target!.id,
        granteeType: row.granteeType,
        granteeId: row.granteeId,
        access: row.next,
      }),
    onSuccess: () => {
      void message.success(t('crud.updated'));
      changed();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.remove([id]),
    onSuccess: () => {
      void message.success(t('share.removed'));
      changed();
    },
  });

  const close = () => {
    setGranteeId(undefined);
    onClose();
  };
  const accessOptions = [
    { value: 'read', label: t('share.read') },
    { value: 'edit', label: t('share.edit') },
  ];
  const shortAccess = [
    { value: 'read', label: t('share.short.read') },
    { value: 'edit', label: t('share.short.edit') },
  ];
  const loadingCandidates = granteeType === 'teacher' ? teachers.isLoading : schools.isLoading;

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      footer={<Button onClick={close}>{t('common.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      {can('add') && (
        <div data-testid="share-add">
          <Typography.Title level={5}>{t('share.add')}</Typography.Title>
          <Form
            layout={phone ? 'vertical' : 'inline'}
            name="shareForm"
            onFinish={() => (granteeId ? add.mutate() : void message.warning(t('share.pickFirst')))}
            style={{ rowGap: 8, marginBottom: 16 }}
          >
            <Form.Item label={t('share.granteeType')}>
              <Radio.Group
                optionType="button"
                value={granteeType}
                onChange={(e) => {
                  setGranteeType(e.target.value as GranteeType);
                  setGranteeId(undefined);
                }}
                options={[
                  { value: 'teacher', label: t('share.teacher') },
                  { value: 'school', label: t('share.school') },
                ]}
              />
            </Form.Item>
            <Form.Item label={t(`share.${granteeType}`)} style={{ minWidth: phone ? undefined : 240 }}>
              <Select
                id="shareForm_grantee"
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                value={granteeId}
                onChange={setGranteeId}
                options={options}
                loading={loadingCandidates}
                placeholder={t(`share.pick.${granteeType}`)}
                notFoundContent={
                  loadingCandidates ? undefined : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`share.none.${granteeType}`)} />
                  )
                }
                style={{ width: phone ? '100%' : 240 }}
              />
            </Form.Item>
            <Form.Item label={t('share.access')}>
              <Radio.Group
                value={access}
                onChange={(e) => setAccess(e.target.value as ShareAccess)}
                options={accessOptions}
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
                {t('share.submit')}
              </Button>
            </Form.Item>
          </Form>
        </div>
      )}
      <Typography.Title level={5}>{t('share.current')}</Typography.Title>
      <Table<Share>
        size="small"
        rowKey="id"
        loading={shares.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 480 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('share.empty')} />,
        }}
        columns={[
          {
            key: 'grantee',
            title: t('share.grantee'),
            render: (_, row) => (
              <Flex gap={6} align="center">
                {row.granteeType === 'teacher' ? <UserOutlined /> : <TeamOutlined />}
                <span>{row.granteeName || row.granteeId}</span>
                <Tag>{t(`share.${row.granteeType}`)}</Tag>
              </Flex>
            ),
          },
          {
            key: 'access',
            title: t('share.access'),
            width: 130,
            render: (_, row) =>
              can('edit') ? (
                <Select<ShareAccess>
                  size="small"
                  value={row.access}
                  options={shortAccess}
                  aria-label={t('share.accessOf', { name: row.granteeName })}
                  onChange={(next) => update.mutate({ ...row, next })}
                  style={{ width: 110 }}
                />
              ) : (
                t(`share.short.${row.access}`)
              ),
          },
          {
            key: 'actions',
            title: t('crud.actions'),
            width: 90,
            render: (_, row) =>
              can('delete') ? (
                <Popconfirm
                  title={t('share.removeConfirm', { name: row.granteeName })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                    {t('share.remove')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
