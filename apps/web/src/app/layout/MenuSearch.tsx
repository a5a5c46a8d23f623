import { EnterOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, type InputRef, Modal, theme } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../stores/auth.ts';
import { menuIcon } from '../icons.tsx';
import { type MenuHit, searchMenu } from '../menu-nav.ts';
import { useOpenMenu } from '../useOpenMenu.ts';
import styles from './shell.module.css';
import { useShellUi } from './shell-ui.ts';

/** The menu's pages matching what is typed, in the user's language (see searchMenu). */
export function useMenuSearch(query: string): MenuHit[] {
  const { t } = useTranslation();
  const menu = useAuth((s) => s.menu);
  return useMemo(() => searchMenu(menu, query, t), [menu, query, t]);
}

/**
 * 菜单搜索 (SPEC §2): a panel listing the pages whose name starts with what is typed. ↑ ↓ choose, Enter opens,
 * Esc closes; Ctrl+K (⌘K) opens it from anywhere in the frame.
 */
export function MenuSearch() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.panel === 'search');
  const close = useShellUi((s) => s.close);
  const openMenu = useOpenMenu();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const hits = useMenuSearch(query);
  const { token } = theme.useToken();
  const input = useRef<InputRef>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        useShellUi.getState().open('search');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const choose = (hit: MenuHit | undefined) => {
    if (!hit) return;
    close();
    openMenu(hit.node);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, hits.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(hits[active]);
    } else if (e.key === 'Escape') {
      // Closed here, not only by the dialog: a menu that opened the panel may still hold antd's Esc for a moment.
      e.preventDefault();
      close();
    }
  };

  return (
    <Modal
      title={t('search.title')}
      open={open}
      onCancel={close}
      footer={null}
      width={560}
      destroyOnHidden
      afterOpenChange={(visible) => (visible ? input.current?.focus() : setQuery(''))}
      className={styles.searchModal}
    >
      <Input
        ref={input}
        size="large"
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        aria-label={t('search.title')}
        aria-controls="menu-search-results"
      />
      {hits.length === 0 ? (
        <Empty className={styles.searchEmpty} description={t('search.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul ref={list} id="menu-search-results" className={styles.searchList} aria-label={t('search.title')}>
          {hits.map((hit, i) => (
            <li key={hit.node.id}>
              <button
                type="button"
                tabIndex={-1}
                aria-current={i === active}
                className={i === active ? styles.searchActive : undefined}
                style={i === active ? { background: token.colorPrimary } : undefined}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(hit)}
              >
                <span className={styles.searchIcon}>{menuIcon(hit.node.source)}</span>
                <span className={styles.searchText}>
                  <strong>{hit.label}</strong>
                  {hit.groups.length > 0 && <small>{hit.groups.join(' / ')}</small>}
                </span>
                {i === active && <EnterOutlined className={styles.searchEnter} />}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.searchHint}>{t('search.hint')}</div>
    </Modal>
  );
}
