import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FormOutlined,
  MoreOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { countPaperQuestions, type PaperSection } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Form, Input, type MenuProps, Modal } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SectionBody, sectionApi } from '../../api/paper.ts';
import { typeOptions } from '../question/labels.ts';
import { type PlacedSection, placeSections, sectionSuggestions } from './compose.ts';
import styles from './paper.module.css';

/** The add / edit dialog: a new section (under `parentId`) or a section to change. */
export type SectionDialogState =
  | { mode: 'add'; parentId?: string; siblings: number }
  | { mode: 'edit'; section: PaperSection };

interface DialogProps {
  paperId: string;
  state: SectionDialogState | null;
  onClose: () => void;
  onSaved: (id: string | undefined) => void;
}

/** 添加大题 / 添加小节 / 编辑大题: its name (usual names offered) and a line under the heading. */
export function SectionDialog({ paperId, state, onClose, onSaved }: DialogProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; remark?: string }>();
  useEffect(() => {
    if (!state) return;
    form.resetFields();
    if (state.mode === 'edit') form.setFieldsValue({ name: state.section.name, remark: state.section.remark });
  }, [state, form]);

  const save = useMutation({
    mutationFn: (body: SectionBody) => sectionApi.save(body),
    onSuccess: (saved) => {
      void message.success(t(state?.mode === 'edit' ? 'crud.updated' : 'crud.added'));
      onSaved(saved?.id);
    },
  });
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !state) return;
    save.mutate({
      paperId,
      name: values.name.trim(),
      remark: values.remark?.trim() ?? '',
      ...(state.mode === 'edit' ? { titleId: state.section.id } : state.parentId ? { parentId: state.parentId } : {}),
    });
  };

  const topLevel = state?.mode === 'add' && !state.parentId;
  const suggestions = topLevel
    ? sectionSuggestions(
        state.siblings + 1,
        i18n.language,
        typeOptions().map((o) => o.label),
      )
    : [];
  const title =
    state?.mode === 'edit'
      ? t('paper.section.editTitle')
      : state?.parentId
        ? t('paper.section.addSubTitle')
        : t('paper.section.addTitle');

  return (
    <Modal
      open={Boolean(state)}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('crud.save')}
      confirmLoading={save.isPending}
      forceRender
    >
      <Form form={form} name="paperSection" layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('paper.section.name')}
          rules={[
            { required: true, whitespace: true, message: t('shared:paper.section.required') },
            { max: 100, message: t('shared:validation.tooLong', { field: t('paper.section.name') }) },
          ]}
          extra={
            suggestions.length > 0 && (
              <div className={styles.suggestions}>
                <span>{t('paper.section.nameHint')}</span>
                {suggestions.map((name) => (
                  <Button key={name} size="small" type="dashed" onClick={() => form.setFieldsValue({ name })}>
                    {name}
                  </Button>
                ))}
              </div>
            )
          }
        >
          <Input autoFocus placeholder={t('paper.section.namePlaceholder')} maxLength={100} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('paper.section.remark')}
          rules={[{ max: 500, message: t('shared:validation.tooLong', { field: t('paper.section.remark') }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('paper.section.remarkPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface Props {
  paperId: string;
  sections: PaperSection[];
  selected: string | undefined;
  onSelect: (id: string) => void;
  editable: boolean;
  /** After a change: the tree is fetched again; `select` is the section to show next (a new one). */
  onChanged: (select?: string) => Promise<void> | void;
  /** Opens the page's one section dialog (add, add a sub-section, edit). */
  openDialog: (state: SectionDialogState) => void;
}

/** Sub-sections may go this deep (大题 → 小节 → 小节). */
const MAX_DEPTH = 2;

/**
 * The paper's sections (大题 and their 小节) in order, each with its score and question count: picking one shows its
 * questions. Each has its actions — 添加小节, 重命名 (also by double-click or F2, in place), 编辑, 上移/下移, 复制, 删除.
 */
export function SectionTree({ paperId, sections, selected, onSelect, editable, onChanged, openDialog }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [renaming, setRenaming] = useState<string>();
  const placed = placeSections(sections);

  const run = useMutation({
    mutationFn: async (action: () => Promise<unknown>) => action(),
  });
  const act = async (
    action: () => Promise<unknown>,
    done: string,
    select?: (answer: unknown) => string | undefined,
  ) => {
    const answer = await run.mutateAsync(action).catch(() => undefined);
    if (answer === undefined) return;
    void message.success(t(done));
    await onChanged(select?.(answer));
  };

  const rename = async (section: PaperSection, name: string) => {
    setRenaming(undefined);
    const trimmed = name.trim();
    if (!trimmed || trimmed === section.name) return;
    await act(
      () => sectionApi.save({ paperId, titleId: section.id, name: trimmed, remark: section.remark }).then(() => true),
      'paper.section.renamed',
    );
  };

  const confirmRemove = (p: PlacedSection) => {
    const { section } = p;
    modal.confirm({
      title: t('paper.section.deleteTitle'),
      content: t(section.children.length ? 'paper.section.deleteWithChildren' : 'paper.section.deleteConfirm', {
        name: section.name,
        count: countPaperQuestions([section]),
        sections: section.children.length,
      }),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      onOk: () =>
        act(
          () => sectionApi.remove(section.id).then(() => true),
          'paper.section.deleted',
          () => undefined,
        ).catch(() => undefined),
    });
  };

  const menu = (p: PlacedSection): MenuProps['items'] => [
    ...(p.depth < MAX_DEPTH
      ? [
          {
            key: 'sub',
            icon: <SubnodeOutlined />,
            label: t('paper.section.addSub'),
            onClick: () => openDialog({ mode: 'add', parentId: p.section.id, siblings: p.section.children.length }),
          },
        ]
      : []),
    {
      key: 'rename',
      icon: <EditOutlined />,
      label: t('paper.section.rename'),
      onClick: () => setRenaming(p.section.id),
    },
    {
      key: 'edit',
      icon: <FormOutlined />,
      label: t('paper.section.edit'),
      onClick: () => openDialog({ mode: 'edit', section: p.section }),
    },
    {
      key: 'up',
      icon: <ArrowUpOutlined />,
      label: t('paper.section.up'),
      disabled: p.index === 0,
      onClick: () => void act(() => sectionApi.move(p.section.id, 'up').then(() => true), 'paper.section.moved'),
    },
    {
      key: 'down',
      icon: <ArrowDownOutlined />,
      label: t('paper.section.down'),
      disabled: p.index === p.siblings - 1,
      onClick: () => void act(() => sectionApi.move(p.section.id, 'down').then(() => true), 'paper.section.moved'),
    },
    {
      key: 'copy',
      icon: <CopyOutlined />,
      label: t('paper.section.copy'),
      onClick: () =>
        void act(
          () => sectionApi.copy(p.section.id).then((copy) => copy ?? true),
          'paper.section.copied',
          (copy) => (copy && typeof copy === 'object' && 'id' in copy ? String(copy.id) : undefined),
        ),
    },
    { type: 'divider' },
    {
      key: 'delete',
      icon: <DeleteOutlined />,
      label: t('crud.delete'),
      danger: true,
      onClick: () => confirmRemove(p),
    },
  ];

  return (
    <Card
      size="small"
      className={styles.tree}
      title={t('paper.section.heading')}
      extra={
        editable && (
          <Button
            type="primary"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => openDialog({ mode: 'add', siblings: sections.length })}
          >
            {t('paper.section.add')}
          </Button>
        )
      }
    >
      {placed.length === 0 ? (
        <p className={styles.muted}>{t('paper.section.none')}</p>
      ) : (
        <nav aria-label={t('paper.section.heading')}>
          <ul className={styles.sectionList}>
            {placed.map((p) => (
              <SectionRow
                key={p.section.id}
                placed={p}
                selected={p.section.id === selected}
                renaming={renaming === p.section.id}
                editable={editable}
                busy={run.isPending}
                menu={menu(p)}
                onSelect={() => onSelect(p.section.id)}
                onRename={() => editable && setRenaming(p.section.id)}
                onRenamed={(name) => void rename(p.section, name)}
                onCancelRename={() => setRenaming(undefined)}
              />
            ))}
          </ul>
        </nav>
      )}
    </Card>
  );
}

function SectionRow({
  placed,
  selected,
  renaming,
  editable,
  busy,
  menu,
  onSelect,
  onRename,
  onRenamed,
  onCancelRename,
}: {
  placed: PlacedSection;
  selected: boolean;
  renaming: boolean;
  editable: boolean;
  busy: boolean;
  menu: MenuProps['items'];
  onSelect: () => void;
  onRename: () => void;
  onRenamed: (name: string) => void;
  onCancelRename: () => void;
}) {
  const { t } = useTranslation();
  const { section, depth } = placed;
  const [name, setName] = useState(section.name);
  useEffect(() => {
    if (renaming) setName(section.name);
  }, [renaming, section.name]);

  const keys = (e: KeyboardEvent) => {
    if (e.key === 'F2' && editable) {
      e.preventDefault();
      onRename();
    }
  };
  // Counted as the student will count them (a composite as its parts): the same number everywhere.
  const meta = t('paper.section.meta', { count: countPaperQuestions([section]), score: section.score });

  return (
    <li
      className={`${styles.sectionRow} ${selected ? styles.sectionSelected : ''}`}
      style={{ paddingInlineStart: 4 + depth * 16 }}
      data-section={section.id}
    >
      {renaming ? (
        <Input
          autoFocus
          onFocus={(e) => e.target.select()}
          size="small"
          value={name}
          maxLength={100}
          aria-label={t('paper.section.renameOf', { name: section.name })}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => onRenamed(name)}
          onBlur={() => onRenamed(name)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              onCancelRename();
            }
          }}
          className={styles.renameInput}
        />
      ) : (
        <button
          type="button"
          className={styles.sectionButton}
          aria-current={selected ? 'true' : undefined}
          onClick={onSelect}
          onDoubleClick={onRename}
          onKeyDown={keys}
          title={editable ? t('paper.section.renameHint') : undefined}
        >
          <span className={styles.sectionName}>{section.name}</span>
          {/* Named by what it shows, name and figures (WCAG 2.5.3 label in name). */}
          <span className={styles.sectionMeta}>{meta}</span>
        </button>
      )}
      {editable && !renaming && (
        <Dropdown menu={{ items: menu }} trigger={['click']} disabled={busy} autoFocus>
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('paper.section.actionsOf', { name: section.name })}
          />
        </Dropdown>
      )}
    </li>
  );
}
