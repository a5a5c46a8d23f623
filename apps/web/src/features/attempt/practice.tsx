import { MyAssignments } from './MyAssignments.tsx';

const KINDS = ['practice'] as const;

/** 练习 (`/paper/practice`): a student's practice, answered with immediate feedback and tried again at will. */
export default function MyPracticePage() {
  return <MyAssignments kinds={KINDS} />;
}
