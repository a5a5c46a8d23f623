import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './info.module.css';
import { PasswordTab } from './PasswordTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';

/** 个人信息 (/info/index): the profile and the password, one tab each. */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" className={styles.page}>
      <Tabs
        items={[
          { key: 'info', label: t('info.tabInfo'), children: <ProfileTab /> },
          { key: 'password', label: t('info.tabPassword'), children: <PasswordTab /> },
        ]}
      />
    </Card>
  );
}
