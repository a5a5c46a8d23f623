import { Col, Row } from 'antd';
import { website } from '../../../config.ts';
import { useAuth } from '../../../stores/auth.ts';
import { benchOf, useWorkbench } from '../../../stores/workbench.ts';
import { RecentPages } from './RecentPages.tsx';
import { Shortcuts } from './Shortcuts.tsx';
import { Welcome } from './Welcome.tsx';
import styles from './wel.module.css';

/**
 * 我的工作台 (/wel/dashboard): the pages this user pinned and the pages they opened last — kept in this browser, per
 * user, so it is theirs on a shared computer too.
 */
export default function DashboardPage() {
  const user = useAuth((s) => s.user);
  const menu = useAuth((s) => s.menu);
  const userId = user?.userId ?? '';
  const bench = useWorkbench((s) => benchOf(s, userId));

  return (
    <div className={styles.page}>
      <Welcome user={user} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Shortcuts
            menu={menu}
            pinned={bench.shortcuts}
            onChange={(paths) => useWorkbench.getState().setShortcuts(userId, paths)}
          />
        </Col>
        <Col xs={24} xl={10}>
          <RecentPages
            recent={bench.recent.filter((r) => r.value !== website.dashboardPath)}
            onClear={() => useWorkbench.getState().clearRecent(userId)}
          />
        </Col>
      </Row>
    </div>
  );
}
