import type { Question } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionApi } from '../../api/question.ts';
import { LibrarySelect, useEditableLibraries } from './LibrarySelect.tsx';

interface Props {
  /** The questions to copy; null: closed. */
  questions: Question[] | null;
  onClose: () => void;
  onCopied: () => void;
}

/** 复制到题库: ticked questions (from any library the teacher reads, e.g. a public one) copied into one they edit. */
export function CopyDialog({ questions, onClose, onCopied }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [libId, setLibId] = useState<string>();
  const { libraries: targets, loading } = useEditableLibraries(questions !== null);
  const copy = useMutation({
    mutationFn: () =>
      questionApi.copyInto(
        libId!,
        (questions ?? []).map((q) => q.id),
      ),
    onSuccess: (answer) => {
      const name = targets.find((l) => l.id === libId)?.name ?? '';
      void message.success(t('questionBank.copy.done', { count: answer.count, name }));
      setLibId(undefined);
      onCopied();
    },
  });
  return (
    <Modal
      open={questions !== null}
      title={t('questionBank.copy.title', { count: questions?.length ?? 0 })}
      okText={t('questionBank.copy.ok')}
      okButtonProps={{ disabled: !libId }}
      confirmLoading={copy.isPending}
      onOk={() => copy.mutate()}
      onCancel={() => {
        setLibId(undefined);
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('questionBank.copy.hint')}</Typography.Paragraph>
      <Form layout="vertical" name="copyForm">
        <Form.Item label={t('questionBank.copy.target')} required>
          <LibrarySelect id="copyForm_libId" value={libId} onChange={setLibId} libraries={targets} loading={loading} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
