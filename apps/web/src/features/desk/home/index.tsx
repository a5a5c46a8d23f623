import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { fetchDashboard } from '../../../api/desk.ts';
import { useAuth } from '../../../stores/auth.ts';
import { Counters } from './Counters.tsx';
import { LatestNotices } from './LatestNotices.tsx';
import { QuickLinks } from './QuickLinks.tsx';
import { Todo } from './Todo.tsx';
import { Welcome } from './Welcome.tsx';
import styles from './wel.module.css';

const EMPTY = { counts: [], todo: [] };

/**
 * Home: who is signed in, the counts and to-dos the server lets this caller see (an administrator gets platform
 * counts, a teacher or student what their roles may list), the latest notices and a shortcut to every page.
 */
export default function WelPage() {
  const user = useAuth((s) => s.user);
  const menu = useAuth((s) => s.menu);
  const dashboard = useQuery({ queryKey: ['dashboard'], queryFn: fetchDashboard });
  const data = dashboard.data ?? EMPTY;

  return (
    <div className={styles.page}>
      <Welcome user={user} />
      <Counters counts={data.counts} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Todo todo={data.todo} loading={dashboard.isPending} />
        </Col>
        <Col xs={24} lg={14}>
          <LatestNotices />
        </Col>
      </Row>
      <QuickLinks menu={menu} />
    </div>
  );
}
