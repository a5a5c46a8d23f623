import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type Tab, useTabs } from '../../stores/tabs.ts';
import styles from './shell.module.css';

export const tabLabel = (tab: Tab, t: TFunction) => (tab.i18n ? t(tab.i18n) : tab.label);

/** Opened pages as closable tabs; home stays first and cannot be closed. */
export function TagTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { tabs, close, closeOthers, closeAll } = useTabs();

  const remove = (value: string) => {
    const next = close(value);
    if (next) navigate(next);
  };

  return (
    <div className={styles.tabs}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={pathname}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && remove(key)}
        items={tabs.map((tab) => ({ key: tab.value, label: tabLabel(tab, t), closable: tab.close }))}
        tabBarExtraContent={{
          right: (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'others', label: t('tabs.closeOthers') },
                  { key: 'all', label: t('tabs.closeAll') },
                ],
                onClick: ({ key }) => {
                  if (key === 'others') return closeOthers();
                  closeAll();
                  navigate(useTabs.getState().active);
                },
              }}
            >
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tabs.more')} />
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
