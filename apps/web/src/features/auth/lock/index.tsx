import { UnlockOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { signOut } from '../../../app/account.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { website } from '../../../config.ts';
import { useAuth } from '../../../stores/auth.ts';
import { useLock } from '../../../stores/lock.ts';
import { useTabs } from '../../../stores/tabs.ts';
import styles from './lock.module.css';

export default function LockPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('route.lock'));
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  const locked = useLock((s) => s.locked);
  const user = useAuth((s) => s.user);

  // Unlocking (or arriving unlocked) returns to the page that was open.
  if (!locked) return <Navigate to={useTabs.getState().activeHref()} replace />;

  const unlock = ({ password }: { password: string }) => {
    if (!useLock.getState().unlock(password)) {
      form.setFields([{ name: 'password', value: '', errors: [t('lock.wrong')] }]);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <Avatar size={72} src={user?.avatar || website.defaultAvatar} />
        <div className={styles.name}>{user?.name}</div>
        <div className={styles.title}>{t('lock.title')}</div>
        <Form form={form} onFinish={unlock} className={styles.form}>
          <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordRequired') }]}>
            <Input.Password size="large" placeholder={t('lock.password')} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block icon={<UnlockOutlined />}>
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button
          type="link"
          onClick={() => void signOut().finally(() => navigate(website.loginPath, { replace: true }))}
        >
          {t('lock.logout')}
        </Button>
      </div>
    </div>
  );
}
