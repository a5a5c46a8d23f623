import { ToolOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { website } from '../config.ts';
import { useAuth } from '../stores/auth.ts';
import { menuQuery } from './account.ts';
import { findMenu, menuLabel } from './menu.ts';
import { PageSpinner } from './Suspended.tsx';
import { viewFor } from './views.ts';

/** A route built from the server menu: the page file for the menu path, or a notice that it is still to come. */
export default function MenuView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useAuth((s) => s.menu);
  const { isFetching } = useQuery(menuQuery);

  const node = findMenu(menu, pathname);
  if (!node) return isFetching ? <PageSpinner /> : <Navigate to="/404" replace />;

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
