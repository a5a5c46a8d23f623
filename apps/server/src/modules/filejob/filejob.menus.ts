import type { CrudResource } from '@shixun/contracts';
import { crudButtons, menuButton, menuGroup, menuPage, type SeedMenu } from '../../core/access/menu-definition.ts';

const share = (b: SeedMenu): SeedMenu => ({ ...b, name: `共享${b.name}`, nameEn: `${b.nameEn} share` });
const GROUP = '75000';
const ASSIGNMENTS = '/filejob/assignment';

/** 文件作业 (ids 75000–75099): file jobs, their assignments to classes, hand-ins, marking and the class zip. */
export const filejobTeacherMenus: SeedMenu[] = [
  menuGroup(75000, 'filejob_center', ['文件作业', 'File homework'], '/filejob', 'FileDoneOutlined', 23),
  menuPage(75010, GROUP, 'filejob', ['文件作业', 'File jobs'], '/filejob/job', 'FileTextOutlined', 1),
  ...crudButtons('75010', 75011, 'filejob', '/filejob/job'),
  ...crudButtons('75010', 75015, 'filejob_permission', '/filejob/job/permission').map(share),
  menuButton(75019, '75010', 'filejob_quote', ['引用', 'Quote'], 'quote', '/filejob/job'),
  menuPage(75030, GROUP, 'filejob_teacher', ['作业安排', 'Homework assignments'], ASSIGNMENTS, 'ScheduleOutlined', 2),
  ...crudButtons('75030', 75031, 'filejob_teacher', ASSIGNMENTS),
  menuButton(75035, '75030', 'filejob_teacher_release', ['公布成绩', 'Release feedback'], 'release', ASSIGNMENTS),
  menuButton(75036, '75030', 'filejob_teacher_extension', ['延期', 'Extend a deadline'], 'extension', ASSIGNMENTS, {
    action: 2,
  }),
  menuButton(75037, '75030', 'filejob_teacher_zip', ['打包下载', 'Download as zip'], 'zip', ASSIGNMENTS),
  menuButton(75038, '75030', 'filejob_student_mark', ['评分', 'Mark'], 'mark', ASSIGNMENTS, { action: 2 }),
  menuButton(
    75039,
    '75030',
    'filejob_student_delete',
    ['删除学生记录', 'Remove a record'],
    'records-delete',
    ASSIGNMENTS,
    { action: 2 },
  ),
];

/** Held by both roles: teachers read their students' records and receipts, students their own. */
const viewRecords = menuButton(
  75040,
  '75030',
  'filejob_student_view',
  ['查看作业记录', 'View hand-ins'],
  'records',
  ASSIGNMENTS,
);

export const filejobStudentMenus: SeedMenu[] = [
  viewRecords,
  menuPage(75050, GROUP, 'filejob_student', ['我的作业', 'My homework'], '/filejob/my', 'FileDoneOutlined', 3),
  menuButton(75051, '75050', 'filejob_student_edit', ['交作业', 'Hand in'], 'handin', '/filejob/my'),
];

export const filejobMenus = [...filejobTeacherMenus, ...filejobStudentMenus];

/** What the seeded `teacher` role of each school holds. */
export const FILEJOB_TEACHER_CODES = [...filejobTeacherMenus.map((m) => m.code), viewRecords.code];
/** What each school's student role holds. */
export const FILEJOB_STUDENT_CODES = ['filejob_center', ...filejobStudentMenus.map((m) => m.code)];

/** The pages a tenant's administrator gets with all their buttons. */
export const FILEJOB_ADMIN_PAGES: CrudResource[] = ['filejob', 'filejob_teacher'];
