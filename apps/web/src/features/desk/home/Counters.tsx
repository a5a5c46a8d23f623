import {
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  FileOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Dashboard } from '@shixun/contracts';
import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './wel.module.css';

/** Icons of the counters the server knows today; a counter a later module adds gets the generic one. */
const ICONS: Record<string, ReactNode> = {
  tenant: <BankOutlined />,
  user: <UserOutlined />,
  role: <SafetyCertificateOutlined />,
  dept: <ApartmentOutlined />,
  notice: <NotificationOutlined />,
  attach: <FileOutlined />,
};

/** Platform and school counts: only those the caller may list (the server decides), so hidden when there are none. */
export function Counters({ counts }: { counts: Dashboard['counts'] }) {
  const { t } = useTranslation();
  if (counts.length === 0) return null;
  return (
    <Card variant="borderless" title={t('home.countsTitle')}>
      <Row gutter={[16, 16]}>
        {counts.map((c) => (
          <Col key={c.key} xs={12} sm={8} xl={4}>
            <div className={styles.counter} data-testid={`count-${c.key}`}>
              <span className={styles.linkIcon}>{ICONS[c.key] ?? <AppstoreOutlined />}</span>
              <Statistic title={t(`home.count.${c.key}`, { defaultValue: c.key })} value={c.value} />
            </div>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
