import {
  DownOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { App, Avatar, Breadcrumb, Button, Dropdown, Layout, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { website } from '../../config.ts';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { signOut } from '../account.ts';
import { useStaticTitle } from '../guard.tsx';
import { menuLabel, menuTrail } from '../menu.ts';
import { LockDialog } from './LockDialog.tsx';
import styles from './shell.module.css';

export function TopBar() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAuth((s) => s.user);
  const menu = useAuth((s) => s.menu);
  const collapsed = useSettings((s) => s.collapsed);
  const setCollapsed = useSettings((s) => s.setCollapsed);
  const [locking, setLocking] = useState(false);

  const staticTitle = useStaticTitle();
  const trail = staticTitle
    ? [{ title: t(staticTitle) }]
    : menuTrail(menu, pathname).map((n) => ({ title: menuLabel(n, t) }));
  const crumbs = [{ title: <Link to={website.homePath}>{t('route.wel')}</Link> }, ...trail];

  const confirmSignOut = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('top.logoutConfirm'),
      onOk: () => signOut().finally(() => navigate(website.loginPath, { replace: true })),
    });

  return (
    <Layout.Header className={styles.header}>
      <Link to={website.homePath} className={styles.brand} style={{ width: collapsed ? 64 : 220 }}>
        <img src="/logo.svg" alt="" />
        {!collapsed && <span>{t('app.title')}</span>}
      </Link>
      <Tooltip title={collapsed ? t('top.expand') : t('top.collapse')}>
        <Button
          type="text"
          className={styles.toggle}
          aria-label={collapsed ? t('top.expand') : t('top.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapsed(!collapsed)}
        />
      </Tooltip>
      <Breadcrumb className={styles.breadcrumb} items={crumbs} />
      <div className={styles.actions}>
        <LanguageSwitch />
        <Tooltip title={t('top.lock')}>
          <Button type="text" icon={<LockOutlined />} aria-label={t('top.lock')} onClick={() => setLocking(true)} />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'info', icon: <IdcardOutlined />, label: t('top.info') },
              { key: 'lock', icon: <LockOutlined />, label: t('top.lock') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('top.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'info') navigate(website.infoPath);
              else if (key === 'lock') setLocking(true);
              else confirmSignOut();
            },
          }}
        >
          <Button type="text" className={styles.user} data-testid="user-menu">
            <Avatar size={28} src={user?.avatar || website.defaultAvatar} />
            <span className={styles.userName}>{user?.name}</span>
            <DownOutlined className={styles.userCaret} />
          </Button>
        </Dropdown>
      </div>
      <LockDialog open={locking} onClose={() => setLocking(false)} />
    </Layout.Header>
  );
}
