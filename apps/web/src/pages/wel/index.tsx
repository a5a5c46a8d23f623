import { ArrowRightOutlined } from '@ant-design/icons';
import { useIsFetching } from '@tanstack/react-query';
import { Avatar, Card, Col, Descriptions, Empty, Row, Skeleton, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MENU_QUERY_KEY } from '../../app/account.ts';
import { menuIcon } from '../../app/icons.tsx';
import { menuLabel, menuLeaves, menuTrail, opensInNewWindow, visibleMenu } from '../../app/menu.ts';
import { website } from '../../config.ts';
import { useAuth, userRoles } from '../../stores/auth.ts';
import styles from './wel.module.css';

function timeOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  return hour < 18 ? 'afternoon' : 'evening';
}

/** Home: who is signed in, and a shortcut to every page their menu holds. */
export default function WelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const menu = useAuth((s) => s.menu);
  const roles = useMemo(() => userRoles(user), [user]);
  const visible = useMemo(() => visibleMenu(menu, roles), [menu, roles]);
  const links = menuLeaves(visible);
  const menuLoading = useIsFetching({ queryKey: MENU_QUERY_KEY }) > 0;

  return (
    <div className={styles.page}>
      <Card variant="borderless" className={styles.welcome}>
        <div className={styles.hello}>
          <Avatar size={64} src={user?.avatar || website.defaultAvatar} />
          <div>
            <h2>{t('wel.greeting', { time: t(`wel.${timeOfDay(new Date().getHours())}`), name: user?.name ?? '' })}</h2>
            <p>{t('wel.intro')}</p>
          </div>
        </div>
        <Descriptions
          className={styles.facts}
          column={{ xs: 1, sm: 3 }}
          items={[
            { key: 'account', label: t('wel.account'), children: user?.account },
            { key: 'tenant', label: t('wel.tenant'), children: user?.tenantId },
            {
              key: 'role',
              label: t('wel.role'),
              children: roles.map((r) => (
                <Tag key={r} color="blue">
                  {r}
                </Tag>
              )),
            },
          ]}
        />
      </Card>
      <Card variant="borderless" title={t('wel.quickLinks')}>
        {links.length === 0 && menuLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : links.length === 0 ? (
          <Empty description={t('wel.noLinks')} />
        ) : (
          <Row gutter={[16, 16]}>
            {links.map((node) => {
              const group = menuTrail(visible, node.path)[0];
              return (
                <Col key={node.id} xs={24} sm={12} md={8} xl={6}>
                  <button
                    type="button"
                    className={styles.link}
                    onClick={() =>
                      opensInNewWindow(node) ? window.open(node.path, '_blank', 'noopener') : navigate(node.path)
                    }
                  >
                    <span className={styles.linkIcon}>{menuIcon(node.source)}</span>
                    <span className={styles.linkText}>
                      <strong>{menuLabel(node, t)}</strong>
                      {group && group !== node && <small>{menuLabel(group, t)}</small>}
                    </span>
                    <ArrowRightOutlined className={styles.linkArrow} />
                  </button>
                </Col>
              );
            })}
          </Row>
        )}
      </Card>
    </div>
  );
}
