import { EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { type Question, type QuestionType, questionFormSchema } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Rate,
  Select,
  Space,
  Spin,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canEditLib, knowledgeTree, LIB_OPTIONS_KEY, libraryApi, questionApi } from '../../api/question.ts';
import { schemaRule } from '../../components/CrudPage/schema-rules.ts';
import { RichEditor } from '../../components/RichEditor/index.tsx';
import { AnswerFields } from './AnswerFields.tsx';
import { treeKey } from './ChildList.tsx';
import styles from './editor.module.css';
import { disciplineOptions, LIB_LIST_KEY, typeOptions } from './labels.ts';
import { PreviewDialog } from './PreviewDialog.tsx';
import {
  type EditorValues,
  emptyValues,
  type ProblemField,
  partsScore,
  problemsOf,
  QUESTION_LIST_KEY,
  savedViewQuestion,
  scoreProblemOf,
  toBody,
  toValues,
  toViewQuestion,
} from './question-form.ts';

/** What the editor opens on. */
export interface EditorTarget {
  /** The question to edit; without it, a new one. */
  id?: string;
  /** A new question's library, preselected. */
  libId?: string;
  /** A new question's type. */
  type?: QuestionType;
  /** A child of this composite question (in its library). */
  parent?: { id: string; libId: string };
}

interface Props {
  target: EditorTarget | null;
  onClose: () => void;
  /**
   * After each successful save of the question the editor was opened on (not of a composite's children, which have
   * editors of their own): the question as the server answered, with its id. A new composite question is saved
   * before its first child is added, so this may come more than once for the same question.
   */
  onSaved?: (question: Question) => void;
}

// The score's agreement with its parts is the score field's own rule (live, beside it), not one of these.
const PROBLEM_FIELDS: ProblemField[] = ['stem', 'type', 'options', 'judge', 'blanks'];

/**
 * The question editor, a window as wide as the screen. Its parts follow the type: options with their right answers,
 * 正确/错误, blanks with their accepted answers and rules, a reference answer with scoring points, accepted files, or
 * a composite question's children. Checked with the server's own rules before it is sent; a question some paper uses
 * is saved only after the teacher agrees (papers keep their snapshot).
 */
export function QuestionEditor({ target, onClose, onSaved }: Props) {
  if (!target) return null;
  return <EditorWindow target={target} onClose={onClose} onSaved={onSaved} />;
}

function EditorWindow({ target, onClose, onSaved }: { target: EditorTarget } & Omit<Props, 'target'>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditorValues>();
  /** The question's id once it is saved (a new composite question is saved before its first child). */
  const [id, setId] = useState(target.id);
  const [previewing, setPreviewing] = useState(false);
  const [child, setChild] = useState<EditorTarget | null>(null);
  const isChild = Boolean(target.parent);

  const detail = useQuery({
    queryKey: ['question-detail', target.id],
    queryFn: () => questionApi.get(target.id!),
    enabled: Boolean(target.id),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const initial = useMemo<EditorValues | undefined>(() => {
    if (target.id) return detail.data ? toValues(detail.data) : undefined;
    return emptyValues(target.type ?? 'single', target.parent?.libId ?? target.libId);
  }, [target, detail.data]);

  const libs = useQuery({ queryKey: [...LIB_OPTIONS_KEY, 'edit'], queryFn: () => libraryApi.options('edit') });
  const knowledge = useQuery({ queryKey: ['question-knowledge'], queryFn: knowledgeTree, staleTime: 60_000 });
  const tree = useQuery({
    queryKey: treeKey(id),
    queryFn: () => questionApi.tree(id!),
    enabled: Boolean(id) && initial?.type === 'composite',
  });

  // A new question goes into a library the teacher may edit: the one chosen or preselected if it is such, else their
  // only one. A cached list is there before the form has taken its initial values, so the preselected library is
  // looked at as well as the form's (what is set here before that wins over the initial values).
  const editableLibs = (libs.data ?? []).filter((l) => canEditLib(l.access));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the libraries arrive
  useEffect(() => {
    if (isChild || target.id || !libs.data) return;
    const current = (form.getFieldValue('libId') as string | undefined) || target.libId;
    const keep = current && editableLibs.some((l) => l.id === current) ? current : undefined;
    form.setFieldValue('libId', keep ?? (editableLibs.length === 1 ? editableLibs[0]!.id : undefined));
  }, [libs.data]);

  const type = (Form.useWatch('type', form) ?? initial?.type ?? 'single') as QuestionType;
  const values = Form.useWatch([], { form, preserve: true }) as EditorValues | undefined;
  const hasChildren = (tree.data?.children.length ?? 0) > 0;

  /** Once the teacher has tried to save, the shape problems follow every change (one fixed, its message goes). */
  const [checked, setChecked] = useState(false);
  /** The shape rules (`questionProblems`, the server's own), each message beside its field. */
  const showProblems = () => {
    const all = form.getFieldsValue(true) as EditorValues;
    const problems = problemsOf(all, isChild);
    form.setFields(
      PROBLEM_FIELDS.map((name) => ({
        name,
        errors: problems.filter((p) => p.field === name).map((p) => t(`shared:${p.key}`, p.params)),
      })),
    );
    return { all, problems };
  };
  /**
   * The score agrees with its parts (the server's rule): changing the type, the points or the blanks makes the score
   * their total when they carry scores; a score typed otherwise is told at once, naming both sums.
   */
  const onValuesChange = (changed: Partial<EditorValues>) => {
    const all = form.getFieldsValue(true) as EditorValues;
    if ('type' in changed || 'blanks' in changed || 'points' in changed) {
      const total = partsScore(all);
      if (total !== undefined && total !== all.score) form.setFieldValue('score', total);
    }
    if (checked) showProblems();
  };
  /** The score field's rule: it agrees with the points or blanks (`scoreProblemOf`, the server's message and sums). */
  const partsRule = {
    validator: async () => {
      const problem = scoreProblemOf(form.getFieldsValue(true) as EditorValues);
      if (problem) throw new Error(t(`shared:${problem.key}`, problem.params));
    },
  };
  // A composite's score is its children's total, kept by the server: shown as it is, not typed.
  const childTotal = hasChildren
    ? (tree.data?.children ?? []).reduce((sum, c) => sum + Math.round((c.score ?? 0) * 10), 0) / 10
    : undefined;
  useEffect(() => {
    // A derived total is not the user's edit, so closing asks nothing: setFields without `touched` keeps the field's
    // touched state (setFieldValue and setFieldsValue both mark it touched).
    if (type === 'composite' && childTotal !== undefined) form.setFields([{ name: 'score', value: childTotal }]);
  }, [type, childTotal, form]);

  /** Field rules first, then the shape rules. */
  const validate = async (): Promise<EditorValues | undefined> => {
    const fieldsOk = await form
      .validateFields()
      .then(() => true)
      .catch(() => false);
    setChecked(true);
    const { all, problems } = showProblems();
    if (!fieldsOk || problems.length) {
      void message.error(t('questionBank.editor.fixFirst'));
      const first = form.getFieldsError().find((f) => f.errors.length);
      if (first) form.scrollToField(first.name, { block: 'center' });
      return undefined;
    }
    return all;
  };

  const saved = (question: Question, stay: boolean) => {
    void message.success(t(id ? 'crud.updated' : 'crud.added'));
    onSaved?.(question);
    void queryClient.invalidateQueries({ queryKey: [QUESTION_LIST_KEY] });
    void queryClient.invalidateQueries({ queryKey: [LIB_LIST_KEY] });
    if (target.parent) void queryClient.invalidateQueries({ queryKey: treeKey(target.parent.id) });
    if (id) void queryClient.invalidateQueries({ queryKey: treeKey(id) });
    // Saved: leaving now loses nothing.
    form.setFields(Object.keys(form.getFieldsValue(true)).map((name) => ({ name: name as never, touched: false })));
    if (stay) setId(question.id);
    else onClose();
  };

  const save = useMutation({
    mutationFn: (all: EditorValues) => {
      const body = toBody(all);
      if (target.parent && !id) return questionApi.addChild(target.parent.id, body);
      return questionApi.save({
        ...body,
        libId: target.parent?.libId ?? all.libId ?? '',
        ...(target.parent ? { parentId: target.parent.id } : {}),
        ...(id ? { id } : {}),
      });
    },
  });

  /** Saves; a question already used in a paper only after the teacher agrees. `stay`: keep the editor open. */
  const submit = async (stay = false) => {
    const all = await validate();
    if (!all) return;
    if (id) {
      const usage = await questionApi.usage(id).catch(() => null);
      if (!usage) return;
      if (usage.used) {
        const go = await modal.confirm({
          title: t('questionBank.editor.inUseTitle'),
          content: t('questionBank.editor.inUse', { places: usage.places }),
          okText: t('questionBank.editor.saveAnyway'),
        });
        if (!go) return;
      }
    }
    const question = await save.mutateAsync(all).catch(() => null);
    if (question) saved(question, stay);
  };

  /** A composite question not saved yet: save it, then open the new child. */
  const saveThenAdd = async (childType: QuestionType) => {
    const all = await validate();
    if (!all) return;
    const question = await save.mutateAsync(all).catch(() => null);
    if (!question) return;
    saved(question, true);
    setChild({ type: childType, parent: { id: question.id, libId: question.libId } });
  };

  const close = () => {
    if (!form.isFieldsTouched()) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('questionBank.editor.discardTitle'),
      content: t('questionBank.editor.discard'),
      okText: t('questionBank.editor.discardOk'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  const label = (key: string) => t(`questionBank.editor.${key}`);
  const title = t(
    isChild
      ? id
        ? 'questionBank.editor.editChild'
        : 'questionBank.editor.addChild'
      : id
        ? 'questionBank.editor.edit'
        : 'questionBank.editor.add',
  );
  const scoreRule = schemaRule(questionFormSchema, 'score', label('score'), t);
  const sourceRule = schemaRule(questionFormSchema, 'source', label('source'), t);

  const preview = values
    ? toViewQuestion(
        values,
        (tree.data?.children ?? []).map((c) => savedViewQuestion(c)),
      )
    : undefined;

  return (
    <Modal
      open
      title={title}
      width="100%"
      className={styles.editorModal}
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0, margin: 0 }}
      onCancel={close}
      mask={{ closable: false }}
      keyboard
      footer={
        <Space wrap className={styles.footer}>
          <Button onClick={close}>{t('crud.cancel')}</Button>
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} disabled={!values}>
            {t('questionBank.preview.button')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            onClick={() => void submit()}
            disabled={!initial}
          >
            {t('crud.save')}
          </Button>
        </Space>
      }
    >
      {!initial ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : (
        <Form<EditorValues>
          form={form}
          name={isChild ? 'childForm' : 'questionForm'}
          layout="vertical"
          initialValues={initial}
          onValuesChange={onValuesChange}
          className={styles.form}
          scrollToFirstError
        >
          <div className={styles.layout}>
            <div className={styles.main}>
              <Form.Item name="type" label={label('type')} required>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  className={styles.types}
                  options={typeOptions(isChild).map((o) => ({
                    ...o,
                    disabled: Boolean(id) && initial.type === 'composite' && hasChildren && o.value !== 'composite',
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="stem"
                label={label(type === 'composite' ? 'compositeStem' : 'stem')}
                required
                extra={type === 'fill' ? label('stemFillHint') : undefined}
              >
                <RichEditor
                  height={type === 'composite' ? 220 : 160}
                  ariaLabel={label('stem')}
                  placeholder={label('stemPlaceholder')}
                />
              </Form.Item>
              <AnswerFields
                type={type}
                composite={{
                  parentId: id,
                  onAdd: (childType) =>
                    setChild({ type: childType, parent: { id: id!, libId: tree.data?.libId ?? values?.libId ?? '' } }),
                  onEdit: (c) => setChild({ id: c.id, parent: { id: id!, libId: c.libId } }),
                  onSaveFirst: (childType) => void saveThenAdd(childType),
                }}
              />
              <Form.Item name="analysis" label={label('analysis')}>
                <RichEditor height={110} ariaLabel={label('analysis')} placeholder={label('analysisPlaceholder')} />
              </Form.Item>
            </div>
            <aside className={styles.side}>
              {isChild ? null : id || target.id ? (
                <Form.Item label={label('library')}>
                  <Typography.Text strong>
                    {detail.data?.libName ?? libs.data?.find((l) => l.id === values?.libId)?.name}
                  </Typography.Text>
                </Form.Item>
              ) : (
                <Form.Item
                  name="libId"
                  label={label('library')}
                  rules={[{ required: true, message: label('libRequired') }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={libs.isLoading}
                    placeholder={label('libPlaceholder')}
                    options={editableLibs.map((l) => ({ value: l.id, label: l.name }))}
                  />
                </Form.Item>
              )}
              <Form.Item name="difficulty" label={label('difficulty')}>
                <Rate
                  count={5}
                  allowClear={false}
                  tooltips={[1, 2, 3, 4, 5].map((n) => t(`questionBank.difficulty.${n}`))}
                />
              </Form.Item>
              <Form.Item
                name="score"
                label={label('score')}
                rules={scoreRule ? [scoreRule, partsRule] : [partsRule]}
                dependencies={['type', 'points', 'blanks']}
                extra={type === 'composite' ? label('compositeScoreHint') : undefined}
              >
                <InputNumber
                  min={0}
                  max={1000}
                  step={0.5}
                  disabled={type === 'composite'}
                  style={{ width: '100%' }}
                  suffix={t('questionBank.editor.points')}
                />
              </Form.Item>
              <Form.Item name="discipline" label={label('discipline')}>
                <Select
                  allowClear
                  placeholder={label('disciplinePlaceholder')}
                  options={[{ value: '', label: t('questionBank.discipline.none') }, ...disciplineOptions()]}
                />
              </Form.Item>
              <Form.Item name="source" label={label('source')} rules={sourceRule ? [sourceRule] : []}>
                <Input maxLength={200} placeholder={label('sourcePlaceholder')} allowClear />
              </Form.Item>
              <Form.Item name="flagIds" label={label('knowledge')}>
                <TreeSelect
                  multiple
                  allowClear
                  treeData={knowledge.data ?? []}
                  fieldNames={{ label: 'title', value: 'id', children: 'children' }}
                  showSearch={{ treeNodeFilterProp: 'title' }}
                  treeDefaultExpandAll
                  loading={knowledge.isLoading}
                  placeholder={label('knowledgePlaceholder')}
                  notFoundContent={label('knowledgeEmpty')}
                  popupMatchSelectWidth={false}
                />
              </Form.Item>
              {type === 'composite' && !id && <Alert type="info" showIcon title={label('compositeFirst')} />}
            </aside>
          </div>
        </Form>
      )}
      <PreviewDialog open={previewing} question={preview} onClose={() => setPreviewing(false)} />
      {child && <EditorWindow target={child} onClose={() => setChild(null)} />}
    </Modal>
  );
}
