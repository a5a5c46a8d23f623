import { AuditOutlined, FileSearchOutlined } from '@ant-design/icons';
import { type Assignment, type Attempt, attemptSchema } from '@shixun/contracts';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { attemptApi } from '../../api/assignment.ts';
import { type CrudOption, CrudPage, type RowAction } from '../../components/CrudPage/index.tsx';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { attemptColumns } from '../assignment/AttemptColumns.tsx';
import { ATTEMPT_KEY } from '../assignment/logic.ts';
import { AttemptDrawer } from './AttemptDrawer.tsx';

/** Attempts are never edited as rows: the list's form is unused. */
const NO_FORM = attemptSchema.pick({ state: true });
const SUBMITTED = ['submitted', 'marking', 'marked'];

/**
 * 按学生阅卷: the assignment's attempts (awaiting marking shown by state and count); opening one shows the whole
 * attempt in marker mode to score question by question. The open attempt is kept in the address (`attempt`).
 */
export function ByStudent({
  assignment,
  attemptId,
  onAttempt,
}: {
  assignment: Assignment;
  attemptId: string | null;
  onAttempt: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const canMark = useAuth((s) => Boolean(s.permission.paper_student_question_view));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const option = useMemo<CrudOption<Attempt, typeof NO_FORM>>(() => {
    return {
      biz: ATTEMPT_KEY,
      ownActions: true,
      title: 'assignment.monitor.noun',
      rowKey: 'id',
      api: attemptApi,
      formSchema: NO_FORM,
      columns: [
        { prop: 'studentName', label: 'assignment.monitor.student', width: 100, ellipsis: true },
        ...attemptColumns(assignment, t),
        { prop: 'submitTime', label: 'assignment.monitor.submitted', type: 'datetime', width: 140 },
        {
          prop: 'score',
          label: 'assignment.monitor.score',
          width: 110,
          render: (_, row) => (
            <span>
              {row.score ?? '—'}
              {row.toMark > 0 && (
                <Tag color="orange" style={{ marginInlineStart: 6 }}>
                  {t('assignment.monitor.toMark', { count: row.toMark })}
                </Tag>
              )}
            </span>
          ),
        },
      ],
      rowActions: (row) => {
        if (row.state === 'not_started') return [];
        const action: RowAction = SUBMITTED.includes(row.state)
          ? {
              code: 'paper_student_question_view',
              label: 'marking.markAttempt',
              icon: <AuditOutlined />,
              onClick: () => onAttempt(row.id),
            }
          : {
              code: 'paper_student_view',
              label: 'assignment.monitor.review',
              icon: <FileSearchOutlined />,
              onClick: () => onAttempt(row.id),
            };
        return [action];
      },
    };
  }, [assignment, t, language]);

  return (
    <>
      <CrudPage
        key={assignment.id}
        option={option}
        query={{ paperTeacherId: assignment.id }}
        embedded
        name="byStudent"
        onPick={(row) => row.state !== 'not_started' && onAttempt(row.id)}
        picked={attemptId ?? undefined}
      />
      <AttemptDrawer attemptId={attemptId} onOpen={onAttempt} onClose={() => onAttempt(null)} canMark={canMark} />
    </>
  );
}
