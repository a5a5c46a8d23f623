import { ToolOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { website } from '../config.ts';
import { useAuth } from '../stores/auth.ts';
import { menuQuery } from './account.ts';
import { findMenu, menuLabel } from './menu.ts';
import { StatusResult } from './StatusResult.tsx';
import { PageSpinner } from './Suspended.tsx';
import { viewFor } from './views.ts';

/**
 * A route built from the server menu: the page file for the menu path, or a notice that it is still to come. A page
 * the app has that is not on this user's menu (a teacher typing /system/user) is refused inside the frame; a path
 * that is nobody's page goes to /404.
 */
export default function MenuView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useAuth((s) => s.menu);
  const { isFetching } = useQuery(menuQuery);

  const node = findMenu(menu, pathname);
  if (!node) {
    if (isFetching) return <PageSpinner />;
    return viewFor(pathname) ? <StatusResult status="403" /> : <Navigate to="/404" replace />;
  }

  const View = viewFor(node.path);
  if (!View) {
    return (
      <Result
        icon={<ToolOutlined />}
        title={t('error.notBuiltTitle')}
        subTitle={t('error.notBuiltDesc', { name: menuLabel(node, t) })}
        extra={
          <Button type="primary" onClick={() => navigate(website.homePath)}>
            {t('error.backHome')}
          </Button>
        }
      />
    );
  }
  return <View />;
}
