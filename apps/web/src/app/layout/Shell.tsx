import { useQuery } from '@tanstack/react-query';
import { Layout } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { fetchUserInfo } from '../../api/auth.ts';
import { website } from '../../config.ts';
import { useAuth } from '../../stores/auth.ts';
import { HOME_TAB, useTabs } from '../../stores/tabs.ts';
import { menuQuery } from '../account.ts';
import { useStaticTitle } from '../guard.tsx';
import { findMenu, menuI18nKey } from '../menu.ts';
import { PageSpinner } from '../Suspended.tsx';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { Sidebar } from './Sidebar.tsx';
import styles from './shell.module.css';
import { TagTabs, tabLabel } from './TagTabs.tsx';
import { TopBar } from './TopBar.tsx';

/** The signed-in frame: top bar, sidebar from the server menu, tag tabs and the page. */
export default function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useAuth((s) => s.menu);
  const hasUser = useAuth((s) => s.user !== null);
  const tabs = useTabs((s) => s.tabs);
  const openTab = useTabs((s) => s.open);
  const staticTitle = useStaticTitle();

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

  useEffect(() => {
    if (pathname === website.homePath) return openTab(HOME_TAB);
    if (staticTitle) return openTab({ value: pathname, label: t(staticTitle), i18n: staticTitle });
    const node = findMenu(menu, pathname);
    if (node) openTab({ value: node.path, label: node.name, i18n: menuI18nKey(node, t) });
  }, [pathname, menu, openTab, t, staticTitle]);

  const current = tabs.find((tab) => tab.value === pathname);
  useDocumentTitle(current ? tabLabel(current, t) : undefined);

  return (
    <Layout className={styles.shell}>
      <TopBar />
      <Layout>
        <Sidebar />
        <Layout className={styles.main}>
          <TagTabs />
          <Layout.Content className={styles.content}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
