import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { website } from '../../config.ts';
import { signOut } from '../account.ts';

/** 退出登录 with a confirmation, from the user menu, the tab menu or the phone's action menu. */
export function useSignOut(): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('top.logoutConfirm'),
      onOk: () => signOut().finally(() => navigate(website.loginPath, { replace: true })),
    });
}
