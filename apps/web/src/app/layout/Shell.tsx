import { useQuery } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Drawer, Layout } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { fetchUserInfo } from '../../api/auth.ts';
import { website } from '../../config.ts';
import { useAuth } from '../../stores/auth.ts';
import { primaryColor, useSettings } from '../../stores/settings.ts';
import { HOME_TAB, type Tab, useTabs } from '../../stores/tabs.ts';
import { useWorkbench } from '../../stores/workbench.ts';
import { menuQuery } from '../account.ts';
import { useStaticTitle } from '../guard.tsx';
import { findMenu, menuI18nKey } from '../menu.ts';
import { externalLeaves, webAddress } from '../menu-nav.ts';
import { PageBoundary } from '../PageBoundary.tsx';
import { PageSpinner } from '../Suspended.tsx';
import { antdTheme } from '../theme/antd.ts';
import { cssVariables, shellTheme } from '../theme/themes.ts';
import '../theme/themes.css';
import { ThemeDrawer } from '../theme/ThemeDrawer.tsx';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { useScreen } from '../useScreen.ts';
import { ErrorLogDialog } from './ErrorLogDialog.tsx';
import { LockDialog } from './LockDialog.tsx';
import { MenuSearch } from './MenuSearch.tsx';
import { Brand, SideMenu } from './Sidebar.tsx';
import styles from './shell.module.css';
import { useShellUi } from './shell-ui.ts';
import { TagTabs, tabLabel } from './TagTabs.tsx';
import { TopBar } from './TopBar.tsx';

/** Opened pages become tabs (SPEC §2) — menu pages, the static pages and embedded external pages — and recent pages. */
function useTabForRoute() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const menu = useAuth((s) => s.menu);
  const userId = useAuth((s) => s.user?.userId);
  const openTab = useTabs((s) => s.open);
  const staticTitle = useStaticTitle();

  useEffect(() => {
    let tab: Omit<Tab, 'close'> | undefined;
    if (pathname === website.homePath) tab = HOME_TAB;
    else if (pathname.startsWith(`${website.iframePath}/`)) {
      // The page's name is taken from the link only for an address the menu offers (a crafted link names nothing).
      const query = new URLSearchParams(search);
      const src = webAddress(query.get('src') ?? '');
      const offered = externalLeaves(menu).some((n) => webAddress(n.path) === src);
      tab = { value: pathname, label: (offered && query.get('name')) || t('iframe.title'), search };
    } else if (staticTitle) tab = { value: pathname, label: t(staticTitle), i18n: staticTitle };
    else {
      const node = findMenu(menu, pathname);
      if (node) tab = { value: node.path, label: node.name, labelEn: node.nameEn, i18n: menuI18nKey(node, t) };
    }
    if (!tab) return;
    openTab(tab);
    if (userId && tab.value !== website.homePath) useWorkbench.getState().visit(userId, tab);
  }, [pathname, search, menu, openTab, t, staticTitle, userId]);
}

/** The signed-in frame: sidebar from the server menu, top bar, tag tabs and the page, in the chosen skin. */
export default function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hasUser = useAuth((s) => s.user !== null);
  const tabs = useTabs((s) => s.tabs);
  const themeName = useSettings((s) => s.theme);
  const color = useSettings((s) => primaryColor(s.color));
  const storedCollapsed = useSettings((s) => s.collapsed);
  const setCollapsed = useSettings((s) => s.setCollapsed);
  const drawerOpen = useShellUi((s) => s.panel === 'drawer');
  const screen = useScreen();
  const phone = screen === 0;
  const collapsed = storedCollapsed && !phone;

  // Refreshed on every start, on focus and after a refusal (see menuQuery); the stored copy renders meanwhile.
  useQuery(menuQuery);
  // A session adopted from `?token=` arrives without the user; ask the server who it is.
  useQuery({
    queryKey: ['session', 'user'],
    queryFn: async () => {
      const info = await fetchUserInfo();
      useAuth.getState().setUser(info);
      return info;
    },
    enabled: !hasUser,
  });
  useTabForRoute();

  // A tablet-sized window starts with the sidebar folded (Saber folds it below 992 px); wider ones keep the choice.
  useEffect(() => {
    if (screen === 1) setCollapsed(true);
  }, [screen, setCollapsed]);

  const current = tabs.find((tab) => tab.value === pathname);
  useDocumentTitle(current ? tabLabel(current, t) : undefined);

  const skin = useMemo(() => shellTheme(themeName, color), [themeName, color]);
  const vars = useMemo(() => cssVariables(skin.colors, color), [skin, color]);
  const antdConfig = useMemo(() => {
    const readable = antdTheme(color, skin.dark);
    return { ...readable, components: { ...readable.components, Menu: skin.menu } };
  }, [skin, color]);

  const sider = (folded: boolean) => (
    <>
      <Brand collapsed={folded} />
      <SideMenu collapsed={folded} theme={skin.menuTheme} />
    </>
  );

  return (
    <ConfigProvider theme={antdConfig}>
      <AntApp component={false}>
        <Layout
          className={`${styles.shell} sx-shell`}
          data-theme={skin.name}
          data-tabs={skin.tabs}
          data-marker={skin.marker}
          data-screen={screen}
          style={vars}
        >
          {/* The first thing Tab reaches: past the menu, the top bar and the tabs to the page (WCAG 2.4.1); <main> takes
              the focus (tabIndex -1). */}
          <a className={styles.skipLink} href="#main">
            {t('top.skip')}
          </a>
          {phone ? (
            <Drawer
              placement="left"
              open={drawerOpen}
              onClose={() => useShellUi.getState().close()}
              closable={false}
              size={256}
              styles={{ body: { padding: 0 } }}
            >
              {/* The drawer lives outside the frame's element: it carries the skin's attributes itself. */}
              <div
                className={`${styles.drawerSkin} sx-shell`}
                data-theme={skin.name}
                data-marker={skin.marker}
                style={vars}
              >
                <div className={`${styles.drawerSider} sx-sider`}>{sider(false)}</div>
              </div>
            </Drawer>
          ) : (
            <Layout.Sider
              className={`${styles.sider} sx-sider`}
              width={220}
              collapsedWidth={64}
              collapsed={collapsed}
              trigger={null}
            >
              {sider(collapsed)}
            </Layout.Sider>
          )}
          <Layout className={`${styles.main} sx-main`}>
            <TopBar phone={phone} collapsed={collapsed} screen={screen} />
            <TagTabs />
            <Layout.Content id="main" tabIndex={-1} className={`${styles.content} sx-content`}>
              <PageBoundary key={pathname}>
                <Suspense fallback={<PageSpinner />}>
                  <Outlet />
                </Suspense>
              </PageBoundary>
            </Layout.Content>
          </Layout>
          <MenuSearch />
          <LockDialog />
          <ThemeDrawer />
          <ErrorLogDialog />
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}
