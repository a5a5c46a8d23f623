import type { MarkingQuestion, RegradeForm, RegradeResult, ReviewQuestion } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Input, Modal, Radio, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markingApi } from '../../api/assignment.ts';
import { ASSIGNMENT_KEY, ATTEMPT_KEY } from '../assignment/logic.ts';
import styles from './marking.module.css';
import { MARKING_KEY } from './marking.ts';

const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** The key the question has now, as the dialog edits it. */
function keyOf(detail: ReviewQuestion): Omit<RegradeForm, 'id' | 'apply'> {
  if (detail.type === 'judge') return { judge: detail.key === 'F' ? 'F' : 'T' };
  if (detail.type === 'fill') return { blanks: detail.items.map((i) => plain(i.content)) };
  return { rightOptionIds: detail.items.filter((i) => i.isAnswer).map((i) => i.id) };
}

/**
 * 修正答案: a corrected key for an objective question of this assignment, previewed (each student whose mark would
 * change, before and after), then applied — the server re-grades and logs every change.
 */
export function RegradeDialog({
  question,
  detail,
  onClose,
}: {
  question: MarkingQuestion;
  detail: ReviewQuestion;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(() => keyOf(detail));
  const [preview, setPreview] = useState<RegradeResult>();
  const run = useMutation({
    mutationFn: (apply: 0 | 1) => markingApi.regrade({ id: question.id, ...key, apply }),
    onSuccess: async (result) => {
      if (!result.applied) {
        setPreview(result);
        return;
      }
      void message.success(t('shared:mark.regraded', { count: result.changes.length }));
      await Promise.all(
        [MARKING_KEY, ASSIGNMENT_KEY, ATTEMPT_KEY].map((k) => queryClient.invalidateQueries({ queryKey: [k] })),
      );
      onClose();
    },
  });
  const edit = (next: typeof key) => {
    setKey(next);
    setPreview(undefined);
  };

  return (
    <Modal
      open
      title={t('marking.regrade.title', { no: question.no })}
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        preview ? (
          <Button key="apply" type="primary" danger loading={run.isPending} onClick={() => run.mutate(1)}>
            {t('marking.regrade.apply', { count: preview.changes.length })}
          </Button>
        ) : (
          <Button key="preview" type="primary" loading={run.isPending} onClick={() => run.mutate(0)}>
            {t('marking.regrade.preview')}
          </Button>
        ),
      ]}
    >
      <Typography.Paragraph type="secondary">{t('marking.regrade.hint')}</Typography.Paragraph>
      {detail.type === 'judge' ? (
        <Radio.Group
          value={key.judge}
          onChange={(e) => edit({ judge: e.target.value as 'T' | 'F' })}
          options={[
            { value: 'T', label: t('marking.answer.true') },
            { value: 'F', label: t('marking.answer.false') },
          ]}
        />
      ) : detail.type === 'fill' ? (
        <div className={styles.blanks}>
          {(key.blanks ?? []).map((b, k) => (
            <Input
              // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional
              key={k}
              addonBefore={t('marking.answer.blankNo', { n: k + 1 })}
              value={b}
              aria-label={t('marking.answer.blankNo', { n: k + 1 })}
              onChange={(e) => edit({ blanks: key.blanks!.map((x, i) => (i === k ? e.target.value : x)) })}
            />
          ))}
          <Typography.Text type="secondary">{t('marking.regrade.blanksHint')}</Typography.Text>
        </div>
      ) : (
        <Checkbox.Group
          value={key.rightOptionIds}
          onChange={(ids) =>
            edit({ rightOptionIds: detail.type === 'single' ? (ids as string[]).slice(-1) : (ids as string[]) })
          }
          options={detail.items.map((i) => ({ value: i.id, label: `${i.label}. ${plain(i.content)}` }))}
        />
      )}
      {preview && (
        <div style={{ marginTop: 16 }}>
          {preview.changes.length ? (
            <Table
              size="small"
              rowKey="paperStudentId"
              pagination={false}
              dataSource={preview.changes}
              columns={[
                { title: t('marking.regrade.student'), render: (_, c) => `${c.studentName}（${c.studentNo}）` },
                { title: t('marking.regrade.question'), render: (_, c) => `${c.before} → ${c.after}` },
                { title: t('marking.regrade.total'), render: (_, c) => `${c.totalBefore} → ${c.totalAfter}` },
              ]}
            />
          ) : (
            <Alert type="info" showIcon title={t('marking.regrade.none')} />
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('marking.regrade.unchanged', { count: preview.unchanged })}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
