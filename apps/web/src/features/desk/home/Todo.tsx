import { CheckCircleOutlined, RightOutlined } from '@ant-design/icons';
import type { Dashboard } from '@shixun/contracts';
import { Badge, Card, Empty, List, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './wel.module.css';

/** Work waiting for the caller (accounts to approve today; exams to mark and homework once those modules land). */
export function Todo({ todo, loading }: { todo: Dashboard['todo']; loading: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card variant="borderless" title={t('home.todoTitle')} className={styles.fill}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : todo.length === 0 ? (
        <Empty image={<CheckCircleOutlined className={styles.doneIcon} />} description={t('home.todoEmpty')} />
      ) : (
        <List
          dataSource={todo}
          renderItem={(item) => (
            <List.Item
              className={styles.clickable}
              onClick={() => navigate(item.path)}
              actions={[<RightOutlined key="go" />]}
              data-testid={`todo-${item.key}`}
            >
              <List.Item.Meta title={t(`home.todo.${item.key}`, { defaultValue: item.key })} />
              <Badge count={item.count} overflowCount={999} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
