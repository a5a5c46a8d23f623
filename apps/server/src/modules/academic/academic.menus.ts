import type { CrudResource } from '@shixun/contracts';
import {
  crudButtons,
  type MenuNames,
  menuButton,
  menuGroup,
  menuPage,
  type SeedMenu,
} from '../../core/access/menu-definition.ts';

const page = (id: number, code: string, names: MenuNames, path: string, source: string, sort: number) =>
  menuPage(id, '70000', code, names, path, source, sort);
const button = (id: number, parentId: string, code: string, names: MenuNames, alias: string, path: string) =>
  menuButton(id, parentId, code, names, alias, path);

/** 教务管理 (ids 70000–70099): schools, calendars, classes, students, teachers and the classification trees. */
export const academicMenus: SeedMenu[] = [
  menuGroup(70000, 'exam', ['教务管理', 'Academic affairs'], '/exam', 'ReadOutlined', 10),
  page(70010, 'school', ['学校管理', 'Schools'], '/exam/school', 'BankOutlined', 1),
  ...crudButtons('70010', 70011, 'school', '/exam/school'),
  page(70020, 'schoolyear', ['学年管理', 'School years'], '/exam/schoolyear', 'CalendarOutlined', 2),
  ...crudButtons('70020', 70021, 'schoolyear', '/exam/schoolyear'),
  page(70030, 'term', ['学期管理', 'Terms'], '/exam/term', 'ScheduleOutlined', 3),
  ...crudButtons('70030', 70031, 'term', '/exam/term'),
  page(70040, 'clazz', ['班级管理', 'Classes'], '/exam/clazz', 'ClusterOutlined', 4),
  ...crudButtons('70040', 70041, 'clazz', '/exam/clazz'),
  button(70045, '70040', 'clazz_qrcode', ['班级二维码', 'Class QR code'], 'qrcode', '/exam/clazz'),
  page(70050, 'student', ['学生管理', 'Students'], '/exam/student', 'TeamOutlined', 5),
  ...crudButtons('70050', 70051, 'student', '/exam/student'),
  button(70055, '70050', 'student_import', ['导入', 'Import'], 'import', '/exam/student'),
  button(70056, '70050', 'student_export', ['导出名单', 'Export roster'], 'export', '/exam/student'),
  button(70057, '70050', 'student_reset', ['密码重置', 'Reset password'], 'reset', '/exam/student'),
  page(70060, 'teacher', ['教师管理', 'Teachers'], '/exam/teacher', 'SolutionOutlined', 6),
  ...crudButtons('70060', 70061, 'teacher', '/exam/teacher'),
  button(70065, '70060', 'teacher_import', ['导入', 'Import'], 'import', '/exam/teacher'),
  button(70066, '70060', 'teacher_rela', ['关联班级', 'Relate classes'], 'rela', '/exam/teacher'),
  page(70070, 'flag', ['分类管理', 'Classifications'], '/exam/flag', 'ApartmentOutlined', 7),
  ...crudButtons('70070', 70071, 'flag', '/exam/flag'),
  // A student's own class: an administrator or teacher has none, so only students see the page.
  { ...page(70080, 'my_class', ['我的班级', 'My class'], '/exam/my-class', 'HomeOutlined', 8), roles: ['student'] },
];

/** What the seeded `teacher` role holds: their classes, their students' roster, class QR codes. */
export const TEACHER_MENU_CODES = [
  'exam',
  'clazz',
  'clazz_view',
  'clazz_qrcode',
  'student',
  'student_view',
  'student_export',
];

/** What the seeded `student` role holds: their own class. */
export const STUDENT_MENU_CODES = ['exam', 'my_class'];

/** The administration pages a tenant's administrator gets with all their buttons (see tenant.provision.ts). */
export const ACADEMIC_ADMIN_PAGES: CrudResource[] = [
  'school',
  'schoolyear',
  'term',
  'clazz',
  'student',
  'teacher',
  'flag',
];
