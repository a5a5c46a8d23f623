import { ArrowRightOutlined } from '@ant-design/icons';
import type { MenuNode } from '@shixun/contracts';
import { useIsFetching } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { MENU_QUERY_KEY } from '../../../app/account.ts';
import { menuIcon } from '../../../app/icons.tsx';
import { menuLabel, menuLeaves, menuTrail } from '../../../app/menu.ts';
import { useOpenMenu } from '../../../app/useOpenMenu.ts';
import styles from './wel.module.css';

/** A shortcut to every page the caller's menu holds. */
export function QuickLinks({ menu }: { menu: MenuNode[] }) {
  const { t } = useTranslation();
  const openMenu = useOpenMenu();
  const links = menuLeaves(menu);
  const menuLoading = useIsFetching({ queryKey: MENU_QUERY_KEY }) > 0;

  return (
    <Card variant="borderless" title={t('wel.quickLinks')}>
      {links.length === 0 && menuLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : links.length === 0 ? (
        <Empty description={t('wel.noLinks')} />
      ) : (
        <Row gutter={[16, 16]}>
          {links.map((node) => {
            const group = menuTrail(menu, node.path)[0];
            return (
              <Col key={node.id} xs={24} sm={12} md={8} xl={6}>
                <button type="button" className={styles.link} onClick={() => openMenu(node)}>
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
  );
}
