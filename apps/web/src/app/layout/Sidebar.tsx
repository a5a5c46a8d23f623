import type { MenuNode } from '@shixun/contracts';
import { Menu, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { website } from '../../config.ts';
import { useAuth } from '../../stores/auth.ts';
import { menuIcon } from '../icons.tsx';
import { menuLabel, menuLeaves, menuTrail } from '../menu.ts';
import { webAddress } from '../menu-nav.ts';
import { useOpenMenu } from '../useOpenMenu.ts';
import styles from './shell.module.css';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], t: TFunction): Item[] {
  return nodes.map((n) => ({
    key: n.id,
    icon: menuIcon(n.source),
    label: menuLabel(n, t),
    children: n.children?.length ? toItems(n.children, t) : undefined,
  }));
}

/** The leaf shown now: the page at this path, or the external item the embedded page shows. */
function currentLeaf(nodes: MenuNode[], pathname: string, search: string): MenuNode | undefined {
  if (pathname.startsWith(`${website.iframePath}/`)) {
    const src = new URLSearchParams(search).get('src');
    return menuLeaves(nodes).find((n) => src && webAddress(n.path) === src);
  }
  return menuLeaves(nodes).find((n) => n.path === pathname);
}

/** Logo and product name at the top of the sidebar. */
export function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={website.homePath} className={`${styles.brand} sx-brand`}>
      <img src="/logo.svg" alt="" />
      {!collapsed && <span className="sx-brand-name">{t('app.title')}</span>}
    </Link>
  );
}

/**
 * The sidebar menu, from the server's menu tree — already only what the user's roles may see (the routes answer
 * applies each item's roles list); groups open along the way to the current page.
 */
export function SideMenu({ collapsed, theme }: { collapsed: boolean; theme: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const menu = useAuth((s) => s.menu);
  const openMenu = useOpenMenu();
  const items = useMemo(() => toItems(menu, t), [menu, t]);
  const current = currentLeaf(menu, pathname, search);

  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    if (!current) return;
    const groups = menuTrail(menu, current.path)
      .slice(0, -1)
      .map((n) => n.id);
    setOpenKeys((keys) => [...new Set([...keys, ...groups])]);
  }, [menu, current]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = menuLeaves(menu).find((n) => n.id === key);
    if (node) openMenu(node);
  };

  return (
    <Menu
      className={styles.menu}
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={current ? [current.id] : []}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={onClick}
      inlineCollapsed={collapsed}
    />
  );
}
