import { LinkOutlined } from '@ant-design/icons';
import { type Editor, useEditorState } from '@tiptap/react';
import { Button, Input, Popover, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';
import { isAllowedLink } from './extensions.ts';

/**
 * 链接: set, change or remove the link on the selection. With nothing selected the address itself is inserted as
 * the link's text. Only http, https and mailto addresses are accepted, as the server keeps no others.
 */
export function LinkButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const active = useEditorState({ editor, selector: ({ editor: e }) => e.isActive('link') });
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [invalid, setInvalid] = useState(false);

  const show = (next: boolean) => {
    if (next) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setInvalid(false);
    }
    setOpen(next);
  };

  const apply = () => {
    const url = href.trim();
    if (!isAllowedLink(url)) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !active) {
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      // Typing goes on after the link, not over it.
      chain.setLink({ href: url }).setTextSelection(editor.state.selection.to).run();
    }
    setOpen(false);
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  const label = t('editor.link');
  return (
    <Popover
      open={open}
      onOpenChange={show}
      trigger="click"
      title={label}
      destroyOnHidden
      content={
        <div className={styles.linkForm}>
          <Input
            autoFocus
            value={href}
            status={invalid ? 'error' : undefined}
            placeholder="https://"
            aria-label={t('editor.linkAddress')}
            onChange={(e) => {
              setHref(e.target.value);
              setInvalid(false);
            }}
            onPressEnter={apply}
          />
          {invalid && <Typography.Text type="danger">{t('editor.linkInvalid')}</Typography.Text>}
          <Space className={styles.linkActions}>
            {active && (
              <Button size="small" danger onClick={remove}>
                {t('editor.unlink')}
              </Button>
            )}
            <Button size="small" type="primary" onClick={apply}>
              {t('editor.ok')}
            </Button>
          </Space>
        </div>
      }
    >
      <Tooltip title={label} mouseEnterDelay={0.4}>
        <Button
          type="text"
          size="small"
          icon={<LinkOutlined />}
          aria-label={label}
          aria-pressed={active}
          className={active ? styles.active : undefined}
          onMouseDown={(e) => e.preventDefault()}
        />
      </Tooltip>
    </Popover>
  );
}
