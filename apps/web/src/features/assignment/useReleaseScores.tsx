import type { Assignment } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { assignmentApi } from '../../api/assignment.ts';
import { formatDate } from '../../components/CrudPage/values.ts';
import { ASSIGNMENT_KEY, progressSummary, stillAnswerable } from './logic.ts';

/**
 * 公布成绩, asked first (考试安排 and 阅卷). While students can still answer, the dialog says how many have not handed in,
 * that those who have see their scores now and the key only once nobody can answer any more (the server's rule), and
 * offers to release at the close instead.
 */
export function useReleaseScores() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [ASSIGNMENT_KEY] });
  const release = useMutation({
    mutationFn: (id: string) => assignmentApi.release(id),
    onSuccess: () => {
      void message.success(t('shared:assignment.released'));
      refresh();
    },
  });
  const releaseLater = useMutation({
    mutationFn: (id: string) => assignmentApi.submit({ id, releaseRule: 'after_close' }),
    onSuccess: () => {
      void message.success(t('assignment.list.releaseLaterDone'));
      refresh();
    },
  });

  const confirm = (row: Assignment) => {
    const s = progressSummary(row.progress);
    const open = stillAnswerable(row);
    const lines = [
      open
        ? t('assignment.list.releaseOpen', {
            name: row.title,
            time: formatDate(row.answerableUntil, true),
            notSubmitted: s.students - s.submitted,
          })
        : t('assignment.list.releaseConfirm', { name: row.title }),
      s.inProgress > 0 ? t('assignment.list.releaseInProgress', { count: s.inProgress }) : '',
      s.toMark > 0 ? t('assignment.list.releasePending', { count: s.toMark }) : '',
      open ? t('assignment.list.releaseOpenKeys') : '',
    ].filter(Boolean);
    const dialog = modal.confirm({
      title: t(open ? 'assignment.list.releaseOpenTitle' : 'assignment.list.releaseTitle'),
      width: 540,
      content: (
        <div data-testid="release-confirm">
          {lines.map((line) => (
            <p key={line} style={{ margin: '0 0 8px' }}>
              {line}
            </p>
          ))}
        </div>
      ),
      okText: t(open ? 'assignment.list.releaseScoresNow' : 'assignment.list.release'),
      onOk: () => release.mutateAsync(row.id).catch(() => undefined),
      footer:
        open && row.releaseRule !== 'after_close'
          ? (_, { OkBtn, CancelBtn }) => (
              <>
                <CancelBtn />
                <Button
                  onClick={() =>
                    void releaseLater
                      .mutateAsync(row.id)
                      .then(() => dialog.destroy())
                      .catch(() => undefined)
                  }
                >
                  {t('assignment.list.releaseAfterClose')}
                </Button>
                <OkBtn />
              </>
            )
          : undefined,
    });
  };

  return { confirm, pending: release.isPending };
}
