import { Environment } from './Environment.tsx';
import { ErrorDrills } from './ErrorDrills.tsx';
import styles from './test.module.css';

/** 系统诊断 (/test/index): the environment at a glance and error drills, for support staff. */
export default function DiagnosticsPage() {
  return (
    <div className={styles.page}>
      <Environment />
      <ErrorDrills />
    </div>
  );
}
