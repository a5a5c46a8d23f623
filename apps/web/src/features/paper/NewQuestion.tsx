import type { PaperSection, Question, QuestionType } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Radio, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paperQuestionApi } from '../../api/paper.ts';
import { canEditLib, LIB_OPTIONS_KEY, libraryApi } from '../../api/question.ts';
import { typeOptions } from '../question/labels.ts';
import { type EditorTarget, QuestionEditor } from '../question/QuestionEditor.tsx';

interface Props {
  paperId: string;
  section: PaperSection;
  open: boolean;
  onClose: () => void;
  onAdded: () => Promise<void> | void;
}

/** The library a teacher last wrote a paper's question into, offered first next time. */
let lastLib: string | undefined;

/**
 * 新建试题: the library (one the teacher may edit) and the type are chosen first, then the question bank's own
 * editor opens; the question it saves (`onSaved`, once however often it is saved; a composite question's children
 * come with it) is written into the bank by the editor itself, and added to the section when the editor closes.
 */
export function NewQuestion({ paperId, section, open, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ libId?: string; type: QuestionType }>();
  const [target, setTarget] = useState<EditorTarget | null>(null);
  /** The questions the editor saved since it opened. */
  const saved = useRef<string[]>([]);
  // The editor's own list: cached here, it keeps the library chosen here (its preselected one).
  const libs = useQuery({
    queryKey: [...LIB_OPTIONS_KEY, 'edit'],
    queryFn: () => libraryApi.options('edit'),
    enabled: open,
  });
  const editable = (libs.data ?? []).filter((l) => canEditLib(l.access));

  // The library used last time, or the only one there is.
  useEffect(() => {
    if (!open || !libs.data) return;
    const choices = libs.data.filter((l) => canEditLib(l.access));
    const current = form.getFieldValue('libId') as string | undefined;
    if (current && choices.some((l) => l.id === current)) return;
    const preferred = choices.find((l) => l.id === lastLib) ?? (choices.length === 1 ? choices[0] : undefined);
    form.setFieldsValue({ libId: preferred?.id });
  }, [open, libs.data, form]);

  const next = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values?.libId) return;
    lastLib = values.libId;
    onClose();
    saved.current = [];
    setTarget({ libId: values.libId, type: values.type });
  };

  /** The editor closed: what it saved goes into the section. */
  const closed = async () => {
    setTarget(null);
    const ids = [...saved.current];
    saved.current = [];
    if (!ids.length) return;
    const ok = await paperQuestionApi
      .importInto(paperId, section.id, ids)
      .then(() => true)
      .catch(() => false);
    if (ok) void message.success(t('shared:paper.imported', { count: ids.length }));
    await onAdded();
  };

  return (
    <>
      <Modal
        open={open}
        title={t('paper.newQuestion.title', { name: section.name })}
        onCancel={onClose}
        onOk={() => void next()}
        okText={t('paper.newQuestion.next')}
        okButtonProps={{ disabled: libs.isSuccess && editable.length === 0 }}
        forceRender
      >
        {libs.isSuccess && editable.length === 0 ? (
          <Alert type="warning" showIcon title={t('paper.newQuestion.noLibrary')} />
        ) : (
          <Form form={form} name="paperNewQuestion" layout="vertical" initialValues={{ type: 'single' }}>
            <Form.Item
              name="libId"
              label={t('paper.newQuestion.library')}
              rules={[{ required: true, message: t('questionBank.editor.libRequired') }]}
              extra={t('paper.newQuestion.libraryHint')}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={libs.isLoading}
                placeholder={t('questionBank.editor.libPlaceholder')}
                options={editable.map((l) => ({ value: l.id, label: l.name }))}
              />
            </Form.Item>
            <Form.Item name="type" label={t('questionBank.editor.type')}>
              <Radio.Group optionType="button" buttonStyle="solid" options={typeOptions()} />
            </Form.Item>
          </Form>
        )}
      </Modal>
      <QuestionEditor
        target={target}
        onClose={() => void closed()}
        onSaved={(q: Question) => {
          if (!saved.current.includes(q.id)) saved.current.push(q.id);
        }}
      />
    </>
  );
}
