import { CalendarOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { FilejobAssignment, FilejobClass } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filejobAssignmentApi } from '../../api/filejob.ts';
import { useScreen } from '../../app/useScreen.ts';
import { formatDate } from '../../components/CrudPage/values.ts';
import { useAuth } from '../../stores/auth.ts';
import { ExtendDialog } from './ExtendDialog.tsx';
import styles from './filejob.module.css';
import { MarkDrawer } from './MarkDrawer.tsx';
import { FILEJOB_RECORDS_KEY } from './routes.ts';

type Row = FilejobClass['records'][number];
const STATE_COLORS: Record<Row['state'], string> = { not_handed: 'default', handed: 'success', late: 'warning' };

/**
 * 提交与评分: an assignment's classes as tabs — who handed in, late (with the penalty) or not; each hand-in marked in
 * the marking drawer, a student's deadline extended with a reason, and the class's hand-ins downloaded as one zip.
 */
export function HandinsDrawer({ assignment, onClose }: { assignment: FilejobAssignment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useScreen() === 0;
  const held = useAuth((s) => s.permission);
  const [classId, setClassId] = useState<string>();
  const [marking, setMarking] = useState<string | null>(null);
  const [extending, setExtending] = useState<Row | null>(null);
  const a = assignment;
  const classes = useQuery({
    queryKey: [FILEJOB_RECORDS_KEY, 'classes', a?.id],
    queryFn: () => filejobAssignmentApi.classes(a!.id),
    enabled: Boolean(a),
  });
  const zip = useMutation({ mutationFn: (cls: string) => filejobAssignmentApi.zip(a!.id, cls) });
  const list = classes.data ?? [];
  const current = list.find((c) => c.classId === classId) ?? list[0];
  const order = (current?.records ?? []).map((r) => r.id);

  const table = (cls: FilejobClass) => (
    <>
      <div className={styles.sheetBar}>
        <Typography.Text>
          {t('filejob.sheet.summary', {
            students: cls.students,
            handed: cls.handed + cls.late,
            late: cls.late,
            missing: cls.missing,
          })}
        </Typography.Text>
        {held.filejob_teacher_zip ? (
          <Button
            icon={<DownloadOutlined />}
            loading={zip.isPending}
            disabled={cls.handed + cls.late === 0}
            onClick={() => zip.mutate(cls.classId)}
          >
            {t('filejob.sheet.zip')}
          </Button>
        ) : null}
      </div>
      <Table<Row>
        rowKey="id"
        size="small"
        dataSource={cls.records}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: <Empty description={t('filejob.sheet.empty')} /> }}
        columns={[
          { title: t('filejob.sheet.studentNo'), dataIndex: 'studentNo', width: 110 },
          { title: t('filejob.sheet.student'), dataIndex: 'studentName', width: 100 },
          {
            title: t('filejob.sheet.state'),
            dataIndex: 'state',
            width: 170,
            render: (_, r) => (
              <Space size={4} wrap>
                <Tag color={STATE_COLORS[r.state]}>{t(`filejob.sheet.states.${r.state}`)}</Tag>
                {r.state === 'late' ? (
                  <span className={styles.muted}>
                    {t('filejob.sheet.late', { days: r.lateDays, penalty: r.penalty })}
                  </span>
                ) : null}
                {r.extensionUntil ? (
                  <span className={styles.muted}>
                    {t('filejob.sheet.extension', { time: formatDate(r.extensionUntil, true) })}
                  </span>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('filejob.sheet.handinTime'),
            dataIndex: 'handinTime',
            width: 140,
            render: (v: string | null) => (v ? formatDate(v, true) : '—'),
          },
          { title: t('filejob.sheet.files'), dataIndex: 'fileCount', width: 70 },
          {
            title: t('filejob.sheet.score'),
            dataIndex: 'score',
            width: 80,
            render: (_, r) =>
              r.marked ? r.score : <span className={styles.muted}>{t('filejob.sheet.unmarked')}</span>,
          },
          {
            title: t('crud.actions'),
            key: 'actions',
            width: 150,
            fixed: phone ? undefined : 'right',
            render: (_, r) => (
              <Space size={0}>
                {held.filejob_student_mark ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    disabled={r.state === 'not_handed'}
                    aria-label={`${t('filejob.sheet.mark')} ${r.studentName}`}
                    onClick={() => setMarking(r.id)}
                  >
                    {t('filejob.sheet.mark')}
                  </Button>
                ) : null}
                {held.filejob_teacher_extension ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<CalendarOutlined />}
                    aria-label={`${t('filejob.sheet.extend')} ${r.studentName}`}
                    onClick={() => setExtending(r)}
                  >
                    {t('filejob.sheet.extend')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </>
  );

  return (
    <Drawer
      title={a ? t('filejob.sheet.title', { name: a.title }) : ''}
      open={Boolean(a)}
      onClose={onClose}
      size={phone ? '100%' : 920}
    >
      {classes.isLoading ? (
        <Skeleton active />
      ) : list.length === 1 ? (
        table(list[0]!)
      ) : (
        <Tabs
          activeKey={current?.classId}
          onChange={setClassId}
          items={list.map((cls) => ({ key: cls.classId, label: cls.className, children: table(cls) }))}
        />
      )}
      <MarkDrawer
        recordId={marking}
        order={order}
        onMove={setMarking}
        onClose={() => {
          setMarking(null);
          void classes.refetch();
        }}
      />
      <ExtendDialog
        record={extending}
        deadline={a?.deadline}
        onClose={(changed) => {
          setExtending(null);
          if (changed) void classes.refetch();
        }}
      />
    </Drawer>
  );
}
