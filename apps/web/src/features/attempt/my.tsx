import { MyAssignments } from './MyAssignments.tsx';

const KINDS = ['exam', 'homework'] as const;

/** 我的考试 (`/paper/my`): a student's exams and homework — 进行中, 未开始, 已结束. */
export default function MyExamsPage() {
  return <MyAssignments kinds={KINDS} />;
}
