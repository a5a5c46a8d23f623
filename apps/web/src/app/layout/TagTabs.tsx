import {
  ClearOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  CloseSquareOutlined,
  IdcardOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MoreOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { website } from '../../config.ts';
import { localName } from '../../i18n/local-name.ts';
import { useSettings } from '../../stores/settings.ts';
import { type Tab, tabHref, useTabs } from '../../stores/tabs.ts';
import { queryClient } from '../query.ts';
import styles from './shell.module.css';
import { useShellUi } from './shell-ui.ts';
import { useSignOut } from './useSignOut.ts';

/** A tab's (or a recent page's) title in the UI language. */
export const tabLabel = (tab: Pick<Tab, 'label' | 'labelEn' | 'i18n'>, t: TFunction) =>
  tab.i18n ? t(tab.i18n) : localName(tab.label, tab.labelEn);

/** What the tab actions do; `value` is the tab they were asked about (the right-clicked one, or the active one). */
function useTabActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const store = useTabs();

  const go = (value: string | undefined) => {
    const tab = value ? useTabs.getState().tabs.find((x) => x.value === value) : undefined;
    if (tab) navigate(tabHref(tab));
  };

  return {
    close: (value: string) => {
      const next = store.close(value);
      if (next) navigate(next);
    },
    /** Keeps home and `value`, which becomes the page shown. */
    closeOthers: (value: string) => {
      const tab = store.tabs.find((x) => x.value === value);
      if (!tab) return;
      store.open(tab);
      store.closeOthers();
      go(value);
    },
    closeAll: () => {
      store.closeAll();
      navigate(website.homePath);
    },
    /** 清除缓存: every loaded list and detail is dropped; the page on screen loads its data afresh. */
    clearCache: async () => {
      await queryClient.resetQueries();
      void message.success(t('tabs.cacheCleared'));
    },
  };
}

/**
 * One tab's title with its right-click menu, and its closing cross. The cross is for the mouse only (hidden from
 * assistive technology: a button inside role="tab" is not allowed); the keyboard closes the focused tab with Delete.
 */
function TabLabel({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const actions = useTabActions();
  const items: MenuProps['items'] = [
    { key: 'cache', icon: <ClearOutlined />, label: t('tabs.clearCache') },
    { key: 'close', icon: <CloseOutlined />, label: t('tabs.close'), disabled: !tab.close },
    { key: 'others', icon: <CloseCircleOutlined />, label: t('tabs.closeOthers') },
    { key: 'all', icon: <CloseSquareOutlined />, label: t('tabs.closeAll') },
  ];
  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          if (key === 'cache') void actions.clearCache();
          else if (key === 'close') actions.close(tab.value);
          else if (key === 'others') actions.closeOthers(tab.value);
          else actions.closeAll();
        },
      }}
    >
      <span className={styles.tabLabel}>
        <span data-testid="tab-label">{tabLabel(tab, t)}</span>
        {tab.close && (
          <span
            className={styles.tabClose}
            aria-hidden
            data-testid="tab-close"
            onClick={(e) => {
              e.stopPropagation();
              actions.close(tab.value);
            }}
          >
            <CloseOutlined />
          </span>
        )}
      </span>
    </Dropdown>
  );
}

/** The menu at the end of the tab bar (SPEC §2): search, collapse, user info, log out, and the tab actions. */
function TabMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const collapsed = useSettings((s) => s.collapsed);
  const setCollapsed = useSettings((s) => s.setCollapsed);
  const signOut = useSignOut();
  const actions = useTabActions();
  const items: MenuProps['items'] = [
    { key: 'search', icon: <SearchOutlined />, label: t('search.title') },
    {
      key: 'collapse',
      icon: collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />,
      label: collapsed ? t('top.expand') : t('top.collapse'),
    },
    { key: 'info', icon: <IdcardOutlined />, label: t('top.info') },
    { key: 'logout', icon: <LogoutOutlined />, label: t('top.logout'), danger: true },
    { type: 'divider' },
    { key: 'cache', icon: <ClearOutlined />, label: t('tabs.clearCache') },
    { key: 'others', icon: <CloseCircleOutlined />, label: t('tabs.closeOthers') },
    { key: 'all', icon: <CloseSquareOutlined />, label: t('tabs.closeAll') },
  ];
  const run: Record<string, () => void> = {
    search: () => useShellUi.getState().open('search'),
    collapse: () => setCollapsed(!collapsed),
    info: () => navigate(website.infoPath),
    logout: signOut,
    cache: () => void actions.clearCache(),
    others: () =>
      actions.closeOthers(useTabs.getState().tabs.some((x) => x.value === pathname) ? pathname : website.homePath),
    all: actions.closeAll,
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => run[key]?.() }}>
      <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tabs.more')} data-testid="tab-menu" />
    </Dropdown>
  );
}

/**
 * Opened pages as closable tabs; home stays first and cannot be closed (SPEC §4). Only tabs are inside the tab list
 * (WCAG: a tablist owns tabs): the bar's menu sits beside it, and each tab's cross is hidden from assistive
 * technology — Delete closes the focused tab.
 */
export function TagTabs() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const actions = useTabActions();

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Delete on the focused tab, which is inside (antd's role="tab").
    <div
      className={`${styles.tabs} sx-tabs`}
      onKeyDown={(e) => {
        const target = e.target as HTMLElement;
        if (e.key !== 'Delete' || target.getAttribute('role') !== 'tab') return;
        // antd names a tab's element after its key: `…-tab-<key>`.
        const tab = tabs.find((x) => target.id.endsWith(`-tab-${x.value}`));
        if (tab?.close) actions.close(tab.value);
      }}
    >
      <Tabs
        type="card"
        size="small"
        className={styles.tabList}
        activeKey={pathname}
        onChange={(key) => {
          const tab = tabs.find((x) => x.value === key);
          if (tab) navigate(tabHref(tab));
        }}
        items={tabs.map((tab) => ({ key: tab.value, label: <TabLabel tab={tab} /> }))}
      />
      <TabMenu />
    </div>
  );
}
