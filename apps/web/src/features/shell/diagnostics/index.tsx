import { StatusResult } from '../../../app/StatusResult.tsx';
import { isAdministrator, useAuth } from '../../../stores/auth.ts';
import { Environment } from './Environment.tsx';
import { ErrorDrills } from './ErrorDrills.tsx';
import styles from './test.module.css';

/**
 * 系统诊断 (/test/index): the environment at a glance and error drills, for administrators and the support staff
 * they work with; teachers and students are refused (the user menu does not offer it to them).
 */
export default function DiagnosticsPage() {
  const administrator = useAuth((s) => isAdministrator(s.user));
  if (!administrator) return <StatusResult status="403" />;
  return (
    <div className={styles.page}>
      <Environment />
      <ErrorDrills />
    </div>
  );
}
