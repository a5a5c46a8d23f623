import {
  AppstoreOutlined,
  BugOutlined,
  CompressOutlined,
  DesktopOutlined,
  DownOutlined,
  ExpandOutlined,
  HomeOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  MoreOutlined,
  SearchOutlined,
  SkinOutlined,
  ToolOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { LOCALES, type Locale } from '@shixun/contracts';
import { Avatar, Badge, Breadcrumb, Button, Dropdown, Layout, type MenuProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { website } from '../../config.ts';
import { isAdministrator, useAuth } from '../../stores/auth.ts';
import { BADGE_MAX, useLogs } from '../../stores/logs.ts';
import { useSettings } from '../../stores/settings.ts';
import { useTabs } from '../../stores/tabs.ts';
import { useStaticTitle } from '../guard.tsx';
import { menuLabel, menuTrail } from '../menu.ts';
import type { ScreenClass } from '../useScreen.ts';
import { NoticeBell } from './NoticeBell.tsx';
import styles from './shell.module.css';
import { useShellUi } from './shell-ui.ts';
import { tabLabel } from './TagTabs.tsx';
import { TopSearch } from './TopSearch.tsx';
import { useFullscreen } from './useFullscreen.ts';
import { useSignOut } from './useSignOut.ts';

function IconButton({
  label,
  icon,
  onClick,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className={styles.action}
        icon={icon}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** 用户菜单: home, workbench, personal info, diagnostics (administrators), lock, log out. */
function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const signOut = useSignOut();
  const items: MenuProps['items'] = [
    { key: website.homePath, icon: <HomeOutlined />, label: t('route.wel') },
    { key: website.dashboardPath, icon: <DesktopOutlined />, label: t('route.dashboard') },
    { key: website.infoPath, icon: <IdcardOutlined />, label: t('top.info') },
    ...(isAdministrator(user)
      ? [{ key: website.diagnosticsPath, icon: <ToolOutlined />, label: t('route.diagnostics') }]
      : []),
    { key: 'lock', icon: <LockOutlined />, label: t('top.lock') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('top.logout'), danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'logout') signOut();
          else if (key === 'lock') useShellUi.getState().open('lock');
          else navigate(key);
        },
      }}
    >
      {/* Folded to the avatar, the button says whose menu it is; beside the name the picture adds nothing to say. */}
      <Button type="text" className={styles.user} data-testid="user-menu" aria-label={compact ? user?.name : undefined}>
        <Avatar size={28} src={user?.avatar || website.defaultAvatar} alt="" />
        {!compact && <span className={styles.userName}>{user?.name}</span>}
        {!compact && <DownOutlined className={styles.userCaret} />}
      </Button>
    </Dropdown>
  );
}

/** The error-log button with its count (SPEC §9: the badge stops at 99). */
function ErrorLogButton() {
  const { t } = useTranslation();
  const count = useLogs((s) => s.logs.length);
  return (
    <Badge count={count} overflowCount={BADGE_MAX} size="small" offset={[-6, 6]}>
      <IconButton
        label={t('logs.title')}
        icon={<BugOutlined />}
        testId="error-log-button"
        onClick={() => useShellUi.getState().open('logs')}
      />
    </Badge>
  );
}

/** On a phone the top bar keeps only the menu, the title, notices and the user; everything else is in here. */
function PhoneActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logs = useLogs((s) => s.logs.length);
  const setLanguage = useSettings((s) => s.setLanguage);
  const { full, supported, toggle } = useFullscreen();
  const open = useShellUi((s) => s.open);
  const items: MenuProps['items'] = [
    { key: 'search', icon: <SearchOutlined />, label: t('search.title') },
    { key: 'desktop', icon: <AppstoreOutlined />, label: t('route.desktop') },
    { key: 'logs', icon: <BugOutlined />, label: `${t('logs.title')}${logs ? ` (${Math.min(logs, BADGE_MAX)})` : ''}` },
    ...(supported ? [{ key: 'full', icon: <ExpandOutlined />, label: full ? t('top.exitFull') : t('top.full') }] : []),
    { key: 'theme', icon: <SkinOutlined />, label: t('theme.title') },
    {
      key: 'language',
      icon: <TranslationOutlined />,
      label: t('lang.switch'),
      children: LOCALES.map((l) => ({ key: `lang:${l}`, label: t(`lang.${l}`) })),
    },
    { key: 'lock', icon: <LockOutlined />, label: t('top.lock') },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key.startsWith('lang:')) setLanguage(key.slice(5) as Locale);
          else if (key === 'desktop') navigate(website.desktopPath);
          else if (key === 'full') toggle();
          else open(key as 'search' | 'logs' | 'theme' | 'lock');
        },
      }}
    >
      <Button type="text" className={styles.action} icon={<MoreOutlined />} aria-label={t('top.more')} />
    </Dropdown>
  );
}

function DesktopActions({ screen }: { screen: ScreenClass }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { full, supported, toggle } = useFullscreen();
  const open = useShellUi((s) => s.open);
  return (
    <>
      {screen >= 2 ? (
        <TopSearch />
      ) : (
        <IconButton label={t('search.title')} icon={<SearchOutlined />} onClick={() => open('search')} />
      )}
      <IconButton
        label={t('route.desktop')}
        icon={<AppstoreOutlined />}
        onClick={() => navigate(website.desktopPath)}
      />
      <NoticeBell />
      <ErrorLogButton />
      {supported && (
        <IconButton
          label={full ? t('top.exitFull') : t('top.full')}
          icon={full ? <CompressOutlined /> : <ExpandOutlined />}
          onClick={toggle}
          testId="fullscreen-button"
        />
      )}
      <IconButton
        label={t('theme.title')}
        icon={<SkinOutlined />}
        onClick={() => open('theme')}
        testId="theme-button"
      />
      <LanguageSwitch className={styles.action} />
      <IconButton label={t('top.lock')} icon={<LockOutlined />} onClick={() => open('lock')} testId="lock-button" />
    </>
  );
}

/** Where the user is: the breadcrumb on wide screens, the page's name on a phone. */
function useTrail() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useAuth((s) => s.menu);
  const tab = useTabs((s) => s.tabs.find((x) => x.value === pathname));
  const staticTitle = useStaticTitle();
  const trail = staticTitle ? [t(staticTitle)] : menuTrail(menu, pathname).map((n) => menuLabel(n, t));
  if (!trail.length && tab && pathname !== website.homePath) trail.push(tabLabel(tab, t));
  return trail;
}

export function TopBar({ phone, collapsed, screen }: { phone: boolean; collapsed: boolean; screen: ScreenClass }) {
  const { t } = useTranslation();
  const setCollapsed = useSettings((s) => s.setCollapsed);
  const trail = useTrail();

  return (
    <Layout.Header className={`${styles.header} sx-header`}>
      {phone ? (
        <>
          <Button
            type="text"
            className={styles.action}
            aria-label={t('top.expand')}
            icon={<MenuOutlined />}
            onClick={() => useShellUi.getState().open('drawer')}
          />
          <Link to={website.homePath} className={styles.phoneBrand}>
            <img src="/logo.svg" alt={t('app.title')} />
          </Link>
          <span className={styles.phoneTitle}>{trail.at(-1) ?? t('route.wel')}</span>
        </>
      ) : (
        <>
          <Tooltip title={collapsed ? t('top.expand') : t('top.collapse')}>
            <Button
              type="text"
              className={styles.action}
              aria-label={collapsed ? t('top.expand') : t('top.collapse')}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
          </Tooltip>
          <Breadcrumb
            className={`${styles.breadcrumb} sx-breadcrumb`}
            items={[
              { title: <Link to={website.homePath}>{t('route.wel')}</Link> },
              ...trail.map((title) => ({ title })),
            ]}
          />
        </>
      )}
      <div className={styles.actions}>
        {phone ? (
          <>
            <NoticeBell />
            <PhoneActions />
          </>
        ) : (
          <DesktopActions screen={screen} />
        )}
        <UserMenu compact={phone} />
      </div>
    </Layout.Header>
  );
}
