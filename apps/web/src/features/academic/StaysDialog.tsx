import { HistoryOutlined } from '@ant-design/icons';
import type { Student } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Modal, Spin, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { studentApi } from '../../api/exam.ts';
import { formatDate } from '../../components/CrudPage/values.ts';

/** 班级记录: every class the student has been in, oldest first; the open stay is the current class. */
export function StaysDialog({ student, onClose }: { student: Student | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ['student', 'classes', student?.id],
    queryFn: () => studentApi.classes(student!.id),
    enabled: Boolean(student),
  });
  return (
    <Modal
      open={Boolean(student)}
      title={
        <span>
          <HistoryOutlined /> {t('academic.student.staysTitle', { name: student?.realName ?? '' })}
        </span>
      }
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={isLoading}>
        <Timeline
          style={{ marginTop: 16 }}
          items={(data ?? []).map((s) => ({
            color: s.endTime ? 'gray' : 'green',
            content: (
              <>
                <strong>{[s.gradeName, s.className].filter(Boolean).join('/')}</strong>
                <div>
                  {formatDate(s.startTime, true)} —{' '}
                  {s.endTime ? formatDate(s.endTime, true) : t('academic.student.now')}
                </div>
              </>
            ),
          }))}
        />
      </Spin>
    </Modal>
  );
}
