import { DeleteOutlined, PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { QuestionLib, QuestionLibPermission, ShareAccess } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Form, Modal, Popconfirm, Radio, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shareApi, shareSchools, shareTeachers } from '../../api/question.ts';
import { useScreen } from '../../app/useScreen.ts';
import { useAuth } from '../../stores/auth.ts';

interface Props {
  lib: QuestionLib | null;
  onClose: () => void;
  /** A share was added, changed or removed. */
  onChanged: () => void;
}

type GranteeType = 'teacher' | 'school';

/**
 * 共享: the library's owner (or an administrator) sees who it is shared with, changes read/edit, takes a share back,
 * and shares it with another teacher (searchable by name or account) or a whole school.
 */
export function ShareDialog({ lib, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const phone = useScreen() === 0;
  const permission = useAuth((s) => s.permission);
  const me = useAuth((s) => s.user?.userId);
  const [granteeType, setGranteeType] = useState<GranteeType>('teacher');
  const [granteeId, setGranteeId] = useState<string>();
  const [access, setAccess] = useState<ShareAccess>('read');
  const open = lib !== null;
  const key = ['question-lib-share', lib?.id];

  const shares = useQuery({ queryKey: key, queryFn: () => shareApi.list(lib!.id), enabled: open });
  const teachers = useQuery({
    queryKey: ['question-lib-share', 'teachers'],
    queryFn: shareTeachers,
    enabled: open && granteeType === 'teacher',
    staleTime: 60_000,
  });
  const schools = useQuery({
    queryKey: ['question-lib-share', 'schools'],
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
    mutationFn: () => shareApi.submit({ libId: lib!.id, granteeType, granteeId: granteeId!, access }),
    onSuccess: () => {
      void message.success(t('questionBank.share.added'));
      setGranteeId(undefined);
      changed();
    },
  });
  const update = useMutation({
    mutationFn: (row: QuestionLibPermission & { next: ShareAccess }) =>
      shareApi.submit({
        id: row.id,
        libId: row.libId,
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
    mutationFn: (id: string) => shareApi.remove([id]),
    onSuccess: () => {
      void message.success(t('questionBank.share.removed'));
      changed();
    },
  });

  const close = () => {
    setGranteeId(undefined);
    onClose();
  };
  const accessOptions = [
    { value: 'read', label: t('questionBank.share.read') },
    { value: 'edit', label: t('questionBank.share.edit') },
  ];
  const shortAccess = [
    { value: 'read', label: t('questionBank.share.short.read') },
    { value: 'edit', label: t('questionBank.share.short.edit') },
  ];
  const loadingCandidates = granteeType === 'teacher' ? teachers.isLoading : schools.isLoading;

  return (
    <Modal
      open={open}
      title={t('questionBank.share.title', { name: lib?.name ?? '' })}
      onCancel={close}
      footer={<Button onClick={close}>{t('common.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      {permission.question_lib_permission_add && (
        <div data-testid="share-add">
          <Typography.Title level={5}>{t('questionBank.share.add')}</Typography.Title>
          <Form
            layout={phone ? 'vertical' : 'inline'}
            name="shareForm"
            onFinish={() => (granteeId ? add.mutate() : void message.warning(t('questionBank.share.pickFirst')))}
            style={{ rowGap: 8, marginBottom: 16 }}
          >
            <Form.Item label={t('questionBank.share.granteeType')}>
              <Radio.Group
                optionType="button"
                value={granteeType}
                onChange={(e) => {
                  setGranteeType(e.target.value as GranteeType);
                  setGranteeId(undefined);
                }}
                options={[
                  { value: 'teacher', label: t('questionBank.share.teacher') },
                  { value: 'school', label: t('questionBank.share.school') },
                ]}
              />
            </Form.Item>
            <Form.Item label={t(`questionBank.share.${granteeType}`)} style={{ minWidth: phone ? undefined : 240 }}>
              <Select
                id="shareForm_grantee"
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                value={granteeId}
                onChange={setGranteeId}
                options={options}
                loading={loadingCandidates}
                placeholder={t(`questionBank.share.pick.${granteeType}`)}
                notFoundContent={
                  loadingCandidates ? undefined : (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description={t(`questionBank.share.none.${granteeType}`)}
                    />
                  )
                }
                style={{ width: phone ? '100%' : 240 }}
              />
            </Form.Item>
            <Form.Item label={t('questionBank.share.access')}>
              <Radio.Group
                value={access}
                onChange={(e) => setAccess(e.target.value as ShareAccess)}
                options={accessOptions}
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
                {t('questionBank.share.submit')}
              </Button>
            </Form.Item>
          </Form>
        </div>
      )}
      <Typography.Title level={5}>{t('questionBank.share.current')}</Typography.Title>
      <Table<QuestionLibPermission>
        size="small"
        rowKey="id"
        loading={shares.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 480 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('questionBank.share.empty')} />,
        }}
        columns={[
          {
            key: 'grantee',
            title: t('questionBank.share.grantee'),
            render: (_, row) => (
              <Flex gap={6} align="center">
                {row.granteeType === 'teacher' ? <UserOutlined /> : <TeamOutlined />}
                <span>{row.granteeName || row.granteeId}</span>
                <Tag>{t(`questionBank.share.${row.granteeType}`)}</Tag>
              </Flex>
            ),
          },
          {
            key: 'access',
            title: t('questionBank.share.access'),
            width: 130,
            render: (_, row) =>
              permission.question_lib_permission_edit ? (
                <Select<ShareAccess>
                  size="small"
                  value={row.access}
                  options={shortAccess}
                  aria-label={t('questionBank.share.accessOf', { name: row.granteeName })}
                  onChange={(next) => update.mutate({ ...row, next })}
                  style={{ width: 110 }}
                />
              ) : (
                t(`questionBank.share.short.${row.access}`)
              ),
          },
          {
            key: 'actions',
            title: t('crud.actions'),
            width: 90,
            render: (_, row) =>
              permission.question_lib_permission_delete ? (
                <Popconfirm
                  title={t('questionBank.share.removeConfirm', { name: row.granteeName })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                    {t('questionBank.share.remove')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
