import { ClockCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, List } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tabLabel } from '../../../app/layout/TagTabs.tsx';
import { tabHref } from '../../../stores/tabs.ts';
import type { RecentPage } from '../../../stores/workbench.ts';
import styles from './workbench.module.css';

dayjs.extend(relativeTime);

/** 最近访问: the pages this user opened last, newest first. */
export function RecentPages({ recent, onClear }: { recent: RecentPage[]; onClear: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return (
    <Card
      variant="borderless"
      title={t('workbench.recent')}
      extra={
        recent.length > 0 && (
          <Button
            type="link"
            icon={<DeleteOutlined />}
            onClick={() =>
              modal.confirm({
                title: t('workbench.clearRecent'),
                content: t('workbench.clearRecentConfirm'),
                onOk: onClear,
              })
            }
          >
            {t('workbench.clearRecent')}
          </Button>
        )
      }
    >
      {recent.length === 0 ? (
        <Empty description={t('workbench.noRecent')} />
      ) : (
        <List
          dataSource={recent}
          renderItem={(page) => (
            <List.Item className={styles.recentItem} onClick={() => navigate(tabHref(page))}>
              <span className={styles.recentTitle}>{tabLabel(page, t)}</span>
              <span className={styles.muted}>
                <ClockCircleOutlined /> {dayjs(page.time).fromNow()}
              </span>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
