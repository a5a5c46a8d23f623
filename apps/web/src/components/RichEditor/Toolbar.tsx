import Icon, {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Editor, useEditorState } from '@tiptap/react';
import { Button, Divider, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';
import { InsertButtons } from './InsertButtons.tsx';
import { LinkButton } from './LinkButton.tsx';

const QuoteSvg = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
    <path d="M4.6 17.3C3.6 16.2 3 15 3 13c0-3.5 2.5-6.6 6-8.2l.9 1.4C6.6 8 6 10.3 6.2 11.8c.5-.3 1.1-.4 1.8-.3 1.8.2 3.2 1.6 3.2 3.5A3.5 3.5 0 0 1 7.7 18.5c-1.3 0-2.4-.5-3.1-1.2Zm10 0C13.6 16.2 13 15 13 13c0-3.5 2.5-6.6 6-8.2l.9 1.4c-3.3 1.8-3.9 4.1-3.7 5.6.5-.3 1.1-.4 1.8-.3 1.8.2 3.2 1.6 3.2 3.5a3.5 3.5 0 0 1-3.5 3.5c-1.3 0-2.4-.5-3.1-1.2Z" />
  </svg>
);

const WavySvg = () => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M7 4v6a5 5 0 0 0 10 0V4" strokeLinecap="round" />
    <path d="M3 19c1.5-2 3-2 4.5 0s3 2 4.5 0 3-2 4.5 0 3 2 4.5 0" strokeLinecap="round" />
  </svg>
);

/** 着重号: a character with a dot under it. */
const DotSvg = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
    <text x="12" y="15" textAnchor="middle" fontSize="14" fontWeight="600">
      A
    </text>
    <circle cx="12" cy="21" r="2" />
  </svg>
);

/** A toolbar button: `label` is a catalog key, `keys` its shortcut as shown in the tooltip. */
interface Action {
  key: string;
  label: string;
  icon: ReactNode;
  keys?: string;
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

/** The formatting buttons; each one acts on the selection and gives the focus back to the text. */
export function Toolbar({
  editor,
  onFormula,
  onPickPicture,
}: {
  editor: Editor;
  onFormula: () => void;
  onPickPicture: () => void;
}) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      wavyUnderline: e.isActive('wavyUnderline'),
      emphasisDot: e.isActive('emphasisDot'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      heading: ([1, 2, 3] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const groups: Action[][] = [
    [
      { key: 'bold', label: 'bold', icon: <BoldOutlined />, keys: 'Ctrl+B', run: () => chain().toggleBold().run() },
      {
        key: 'italic',
        label: 'italic',
        icon: <ItalicOutlined />,
        keys: 'Ctrl+I',
        run: () => chain().toggleItalic().run(),
      },
      {
        key: 'underline',
        label: 'underline',
        icon: <UnderlineOutlined />,
        keys: 'Ctrl+U',
        run: () => chain().toggleUnderline().run(),
      },
      {
        key: 'wavyUnderline',
        label: 'wavyUnderline',
        icon: <Icon component={WavySvg} aria-hidden />,
        run: () => chain().toggleWavyUnderline().run(),
      },
      {
        key: 'emphasisDot',
        label: 'emphasisDot',
        icon: <Icon component={DotSvg} aria-hidden />,
        run: () => chain().toggleEmphasisDot().run(),
      },
      {
        key: 'strike',
        label: 'strike',
        icon: <StrikethroughOutlined />,
        keys: 'Ctrl+Shift+S',
        run: () => chain().toggleStrike().run(),
      },
    ],
    [
      {
        key: 'bulletList',
        label: 'bulletList',
        icon: <UnorderedListOutlined />,
        keys: 'Ctrl+Shift+8',
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: 'orderedList',
        label: 'orderedList',
        icon: <OrderedListOutlined />,
        keys: 'Ctrl+Shift+7',
        run: () => chain().toggleOrderedList().run(),
      },
      {
        key: 'blockquote',
        label: 'blockquote',
        icon: <Icon component={QuoteSvg} aria-hidden />,
        keys: 'Ctrl+Shift+B',
        run: () => chain().toggleBlockquote().run(),
      },
    ],
  ].map((group) => group.map((a) => ({ ...a, active: state[a.key as keyof typeof state] === true })));
  const history: Action[] = [
    {
      key: 'undo',
      label: 'undo',
      icon: <UndoOutlined />,
      keys: 'Ctrl+Z',
      disabled: !state.canUndo,
      run: () => chain().undo().run(),
    },
    {
      key: 'redo',
      label: 'redo',
      icon: <RedoOutlined />,
      keys: 'Ctrl+Shift+Z',
      disabled: !state.canRedo,
      run: () => chain().redo().run(),
    },
  ];

  const button = (a: Action) => {
    const label = t(`editor.${a.label}`);
    return (
      <Tooltip key={a.key} title={a.keys ? `${label} (${a.keys})` : label} mouseEnterDelay={0.4}>
        <Button
          type="text"
          size="small"
          icon={a.icon}
          aria-label={label}
          aria-pressed={a.active}
          disabled={a.disabled}
          className={a.active ? styles.active : undefined}
          // Keep the selection in the text while the button is pressed.
          onMouseDown={(e) => e.preventDefault()}
          onClick={a.run}
        />
      </Tooltip>
    );
  };

  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('editor.toolbar')}>
      <Select
        size="small"
        variant="borderless"
        style={{ width: 104 }}
        aria-label={t('editor.heading')}
        value={state.heading}
        popupMatchSelectWidth={false}
        options={[0, 1, 2, 3].map((level) => ({
          value: level,
          label: level ? t('editor.headingLevel', { level }) : t('editor.paragraph'),
        }))}
        onChange={(level: number) =>
          level
            ? chain()
                .setHeading({ level: level as 1 | 2 | 3 })
                .run()
            : chain().setParagraph().run()
        }
      />
      {groups.map((group) => [<Divider key={`d-${group[0]!.key}`} orientation="vertical" />, ...group.map(button)])}
      <LinkButton editor={editor} />
      <InsertButtons editor={editor} onFormula={onFormula} onPickPicture={onPickPicture} />
      <Divider orientation="vertical" />
      {history.map(button)}
    </div>
  );
}
