import type { CrudResource } from '@shixun/contracts';
import { crudButtons, menuButton, menuGroup, menuPage, type SeedMenu } from '../../core/access/menu-definition.ts';

const share = (b: SeedMenu): SeedMenu => ({ ...b, name: `共享${b.name}`, nameEn: `${b.nameEn} share` });
const GROUP = '74000';

/** 实训 (ids 74000–74099): practical tasks with their points and items, their assignments, records and results. */
export const practicalTeacherMenus: SeedMenu[] = [
  menuGroup(74000, 'practical_center', ['实训', 'Practical'], '/practical', 'ToolOutlined', 22),
  menuPage(
    74010,
    GROUP,
    'practical_paper',
    ['实训考核', 'Practical tasks'],
    '/practical/paper',
    'ExperimentOutlined',
    1,
  ),
  ...crudButtons('74010', 74011, 'practical_paper', '/practical/paper'),
  ...crudButtons('74010', 74020, 'practical_point', '/practical/paper/point').map((b) => ({
    ...b,
    name: `考核点${b.name}`,
    nameEn: `${b.nameEn} point`,
  })),
  ...crudButtons('74010', 74024, 'practical_inspection', '/practical/paper/inspection').map((b) => ({
    ...b,
    name: `检查项${b.name}`,
    nameEn: `${b.nameEn} item`,
  })),
  ...crudButtons('74010', 74028, 'practical_paper_permission', '/practical/paper/permission').map(share),
  menuButton(74032, '74010', 'practical_paper_quote', ['引用', 'Quote'], 'quote', '/practical/paper'),
  menuPage(
    74040,
    GROUP,
    'practical_teacher',
    ['实训安排', 'Practical assignments'],
    '/practical/assignment',
    'ScheduleOutlined',
    2,
  ),
  ...crudButtons('74040', 74041, 'practical_teacher', '/practical/assignment'),
  menuButton(
    74045,
    '74040',
    'practical_teacher_release',
    ['公布成绩', 'Release scores'],
    'release',
    '/practical/assignment',
  ),
  menuButton(74046, '74040', 'practical_teacher_results', ['成绩分析', 'Results'], 'results', '/practical/assignment'),
  menuButton(
    74047,
    '74040',
    'practical_student_correct',
    ['复测与评分', 'Re-measure and mark'],
    'correct',
    '/practical/assignment',
  ),
  menuButton(
    74048,
    '74040',
    'practical_student_inspection_view',
    ['查看检查记录', 'View item records'],
    'items',
    '/practical/assignment',
  ),
  menuButton(
    74049,
    '74040',
    'practical_student_point_view',
    ['查看考核点得分', 'View point scores'],
    'points',
    '/practical/assignment',
  ),
];

/** Held by both roles: teachers read their students' records, students their own. */
const viewRecords = menuButton(
  74050,
  '74040',
  'practical_student_view',
  ['查看实训记录', 'View records'],
  'records',
  '/practical/assignment',
);

export const practicalStudentMenus: SeedMenu[] = [
  viewRecords,
  menuPage(74060, GROUP, 'practical_student', ['我的实训', 'My practicals'], '/practical/my', 'ToolOutlined', 3),
  menuButton(
    74061,
    '74060',
    'practical_student_answer',
    ['记录测量结果', 'Record measurements'],
    'answer',
    '/practical/my',
  ),
];

export const practicalMenus = [...practicalTeacherMenus, ...practicalStudentMenus];

/** What the seeded `teacher` role of each school holds. */
export const PRACTICAL_TEACHER_CODES = [...practicalTeacherMenus.map((m) => m.code), viewRecords.code];
/** What each school's student role holds. */
export const PRACTICAL_STUDENT_CODES = ['practical_center', ...practicalStudentMenus.map((m) => m.code)];

/** The pages a tenant's administrator gets with all their buttons. */
export const PRACTICAL_ADMIN_PAGES: CrudResource[] = ['practical_paper', 'practical_teacher'];
