import type { PracticalAssignment, PracticalAttempt } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { practicalAttemptApi } from '../../api/practical.ts';
import { useScreen } from '../../app/useScreen.ts';
import { ATTEMPT_STATE_COLORS } from './labels.ts';
import { workbenchPath } from './routes.ts';

const PAGE = 50;

/** 记录与评分: every student's record of an assignment, with what waits for the teacher, each opening the workbench. */
export function RecordsDrawer({
  assignment,
  onClose,
}: {
  assignment: PracticalAssignment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useScreen() === 0;
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const records = useQuery({
    queryKey: ['practical_student', 'sheet', assignment?.id, page],
    queryFn: () => practicalAttemptApi.list({ current: page, size: PAGE, practicalTeacherId: assignment!.id }),
    enabled: Boolean(assignment),
    placeholderData: (previous) => previous,
  });
  const a = assignment;
  return (
    <Drawer
      title={a ? t('practicalWork.recordsTitle', { name: a.title }) : ''}
      open={Boolean(a)}
      onClose={onClose}
      size={phone ? '100%' : 880}
    >
      <Table<PracticalAttempt>
        rowKey="id"
        size="small"
        loading={records.isLoading}
        dataSource={records.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: records.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty description={t('practicalWork.noRecords')} /> }}
        columns={[
          { title: t('practicalWork.student'), dataIndex: 'studentName', width: 100 },
          { title: t('practicalWork.studentNo'), dataIndex: 'studentNo', width: 100 },
          { title: t('practicalWork.class'), dataIndex: 'className', width: 120, ellipsis: true },
          {
            title: t('practicalWork.state'),
            dataIndex: 'state',
            width: 90,
            render: (_, r) => (
              <Tag color={ATTEMPT_STATE_COLORS[r.state]}>{t(`practicalWork.attemptStates.${r.state}`)}</Tag>
            ),
          },
          {
            title: t('practicalWork.score'),
            dataIndex: 'score',
            width: 70,
            render: (_, r) => (r.state === 'submitted' || r.state === 'marked' ? r.score : '—'),
          },
          {
            title: t('practicalWork.findings'),
            key: 'findings',
            render: (_, r) => (
              <Space size={4} wrap>
                {r.criticalFailed ? <Tag color="red">{t('practicalWork.criticalFailed')}</Tag> : null}
                {r.remeasure ? <Tag color="orange">{t('practicalWork.remeasure', { count: r.remeasure })}</Tag> : null}
                {r.disagree ? <Tag color="gold">{t('practicalWork.disagree', { count: r.disagree })}</Tag> : null}
              </Space>
            ),
          },
          {
            title: '',
            key: 'open',
            width: 110,
            render: (_, r) =>
              a ? (
                <Button
                  size="small"
                  type={r.state === 'submitted' ? 'primary' : 'default'}
                  aria-label={`${r.state === 'marked' ? t('practicalWork.view') : t('practicalWork.correct')} ${r.studentName}`}
                  onClick={() => navigate(workbenchPath(a.paperId, r.id, r.state === 'marked' ? 'view' : 'correct'))}
                >
                  {r.state === 'marked' ? t('practicalWork.view') : t('practicalWork.correct')}
                </Button>
              ) : null,
          },
        ]}
      />
      {a ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('practicalWork.progressText', {
            submitted: a.progress.submitted,
            students: a.progress.students,
            marked: a.progress.marked,
          })}
        </Typography.Paragraph>
      ) : null}
    </Drawer>
  );
}
