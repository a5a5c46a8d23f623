import type { MenuNode } from '@shixun/contracts';
import { Layout, Menu, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth, userRoles } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { menuIcon } from '../icons.tsx';
import { findMenu, menuLabel, menuTrail, opensInNewWindow, visibleMenu } from '../menu.ts';
import styles from './shell.module.css';

type Item = Required<MenuProps>['items'][number];

/** Groups are keyed by id (their paths are not routes); pages by path, so the selected key is the URL. */
function toItems(nodes: MenuNode[], t: TFunction): Item[] {
  return nodes.map((n) =>
    n.children?.length
      ? { key: n.id, icon: menuIcon(n.source), label: menuLabel(n, t), children: toItems(n.children, t) }
      : { key: n.path, icon: menuIcon(n.source), label: menuLabel(n, t) },
  );
}

export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useAuth((s) => s.menu);
  const user = useAuth((s) => s.user);
  const collapsed = useSettings((s) => s.collapsed);
  const setCollapsed = useSettings((s) => s.setCollapsed);

  const visible = useMemo(() => visibleMenu(menu, userRoles(user)), [menu, user]);
  const items = useMemo(() => toItems(visible, t), [visible, t]);

  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const groups = menuTrail(visible, pathname)
      .slice(0, -1)
      .map((n) => n.id);
    setOpenKeys((keys) => [...new Set([...keys, ...groups])]);
  }, [visible, pathname]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = findMenu(visible, key);
    if (!node) return;
    if (opensInNewWindow(node)) {
      window.open(node.path, '_blank', 'noopener');
      return;
    }
    navigate(node.path);
    if (window.innerWidth < 768) setCollapsed(true);
  };

  return (
    <Layout.Sider
      className={styles.sider}
      theme="light"
      width={220}
      collapsedWidth={64}
      collapsed={collapsed}
      breakpoint="lg"
      // Narrow screens start collapsed; on wide ones the stored choice stands.
      onBreakpoint={(broken) => broken && setCollapsed(true)}
      trigger={null}
    >
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={onClick}
      />
    </Layout.Sider>
  );
}
