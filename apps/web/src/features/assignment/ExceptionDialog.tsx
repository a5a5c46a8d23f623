import type { Attempt } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentApi } from '../../api/assignment.ts';
import { DateTimeInput, UnitNumber } from '../paper/FormControls.tsx';
import { ASSIGNMENT_KEY, ATTEMPT_KEY } from './logic.ts';

/** 延时 or 重新开放 for one student, or 收卷 of attempts in progress. */
export type ExceptionTarget = { kind: 'extend' | 'reopen'; attempt: Attempt } | { kind: 'force'; attempts: Attempt[] };

interface Values {
  minutes?: number;
  until?: Dayjs | null;
  reason?: string;
}

/**
 * Per-student exceptions, each with its reason (logged with who granted it): extra minutes for an attempt, a new
 * window for a student who missed it, or attempts collected now from what they saved.
 */
export function ExceptionDialog({ target, onClose }: { target: ExceptionTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({ minutes: 10, until: dayjs().add(1, 'day').startOf('hour'), reason: '' });
  }, [target, form]);

  const save = useMutation({
    mutationFn: async ({ target: to, values: v }: { target: ExceptionTarget; values: Values }): Promise<string> => {
      const reason = v.reason?.trim() ?? '';
      if (to.kind === 'force') {
        const { count } = await assignmentApi.forceSubmit(
          to.attempts.map((a) => a.id),
          reason,
        );
        return t('shared:exam.forced', { count });
      }
      if (to.kind === 'extend') {
        const minutes = v.minutes ?? 0;
        await assignmentApi.exception({ paperStudentId: to.attempt.id, kind: 'extend', minutes, reason });
        return t('shared:exam.extended', { minutes });
      }
      const until = v.until ?? dayjs();
      await assignmentApi.exception({
        paperStudentId: to.attempt.id,
        kind: 'reopen',
        until: until.toISOString(),
        reason,
      });
      return t('shared:exam.reopened', { time: until.format('YYYY-MM-DD HH:mm') });
    },
    onSuccess: (text) => {
      void message.success(text);
      void queryClient.invalidateQueries({ queryKey: [ATTEMPT_KEY] });
      void queryClient.invalidateQueries({ queryKey: [ASSIGNMENT_KEY] });
      onClose();
    },
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values && target) save.mutate({ target, values });
  };

  const names =
    target?.kind === 'force'
      ? target.attempts.map((a) => a.studentName).join('、')
      : target
        ? `${target.attempt.studentName}（${target.attempt.studentNo}）`
        : '';
  const kind = target?.kind ?? 'extend';

  return (
    <Modal
      title={t(`assignment.exception.${kind}Title`)}
      open={Boolean(target)}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t(`assignment.exception.${kind}Ok`)}
      okButtonProps={{ danger: kind === 'force', loading: save.isPending }}
      cancelText={t('crud.cancel')}
      forceRender
    >
      {kind === 'force' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('assignment.exception.forceConfirm', {
            count: target?.kind === 'force' ? target.attempts.length : 0,
          })}
          description={names}
        />
      ) : (
        <Typography.Paragraph>{t('assignment.exception.student', { name: names })}</Typography.Paragraph>
      )}
      <Form<Values> form={form} name="exceptionForm" layout="vertical">
        {kind === 'extend' && (
          <Form.Item
            name="minutes"
            label={t('assignment.exception.minutes')}
            required
            extra={t('assignment.exception.extendHelp')}
            rules={[
              {
                validator: async (_r, v: unknown) => {
                  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 1440)
                    throw new Error(t('shared:assignment.extra.invalid'));
                },
              },
            ]}
          >
            <UnitNumber min={1} max={1440} unit="assignment.unit.minutes" />
          </Form.Item>
        )}
        {kind === 'reopen' && (
          <Form.Item
            name="until"
            label={t('assignment.exception.until')}
            required
            extra={t('assignment.exception.reopenHelp')}
            rules={[
              {
                validator: async (_r, v: unknown) => {
                  if (!dayjs.isDayjs(v) || !(v as Dayjs).isAfter(dayjs()))
                    throw new Error(t('assignment.exception.untilFuture'));
                },
              },
            ]}
          >
            <DateTimeInput />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('assignment.exception.reason')}
          required
          rules={[{ required: true, whitespace: true, message: t('shared:assignment.reason.required') }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={500}
            placeholder={t('assignment.exception.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
