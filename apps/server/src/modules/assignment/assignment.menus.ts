import type { CrudResource } from '@shixun/contracts';
import { crudButtons, menuButton, menuPage, type SeedMenu } from '../../core/access/menu-definition.ts';

const GROUP = '72000';

/**
 * Under 考试 (ids 72040–72099): teachers' 考试安排, 阅卷 and 成绩分析; students' 我的考试, 练习 and 错题本.
 * 查看答卷 (`paper_student_view`) sits under 考试安排 and is held by both roles: teachers read their students'
 * attempts, students their own.
 */
export const assignmentTeacherMenus: SeedMenu[] = [
  menuPage(72040, GROUP, 'paper_teacher', ['考试安排', 'Assignments'], '/paper/assignment', 'ScheduleOutlined', 2),
  ...crudButtons('72040', 72041, 'paper_teacher', '/paper/assignment'),
  menuButton(72045, '72040', 'paper_teacher_release', ['公布成绩', 'Release scores'], 'release', '/paper/assignment'),
  menuButton(72046, '72040', 'paper_teacher_exception', ['延时与收卷', 'Extra time'], 'exception', '/paper/assignment'),
  menuPage(72050, GROUP, 'paper_marking', ['阅卷', 'Marking'], '/paper/marking', 'AuditOutlined', 3),
  menuButton(72053, '72050', 'paper_mark', ['评分', 'Mark'], 'mark', '/paper/marking'),
  menuButton(72051, '72050', 'paper_teacher_question_view', ['查看试题', 'View questions'], 'view', '/paper/marking'),
  menuButton(72052, '72050', 'paper_student_question_view', ['查看作答', 'View answers'], 'answers', '/paper/marking'),
  menuPage(72055, GROUP, 'paper_results', ['成绩分析', 'Results'], '/paper/results', 'BarChartOutlined', 4),
  menuButton(72056, '72055', 'paper_teacher_results', ['查看与导出', 'View and export'], 'view', '/paper/results'),
];

export const assignmentStudentMenus: SeedMenu[] = [
  menuButton(72047, '72040', 'paper_student_view', ['查看答卷', 'View attempts'], 'attempts', '/paper/assignment'),
  menuPage(72060, GROUP, 'paper_student', ['我的考试', 'My exams'], '/paper/my', 'EditOutlined', 5),
  menuButton(72061, '72060', 'paper_student_question_edit', ['作答', 'Answer'], 'answer', '/paper/my'),
  menuPage(72065, GROUP, 'paper_practice', ['练习', 'Practice'], '/paper/practice', 'ExperimentOutlined', 6),
  menuPage(72070, GROUP, 'wrongbook', ['错题本', 'Wrong answers'], '/paper/wrongbook', 'BookOutlined', 7),
  ...crudButtons('72070', 72071, 'wrongbook', '/paper/wrongbook').filter((b) => b.alias !== 'add'),
];

export const assignmentMenus = [...assignmentTeacherMenus, ...assignmentStudentMenus];

/** What each school's teacher role holds (and 查看答卷, to read their students' attempts). */
export const ASSIGNMENT_TEACHER_CODES = [...assignmentTeacherMenus.map((m) => m.code), 'paper_student_view'];
/** What each school's student role holds. */
export const ASSIGNMENT_STUDENT_CODES = ['exam_center', ...assignmentStudentMenus.map((m) => m.code)];
/** The pages a tenant's administrator gets with all their buttons. */
export const ASSIGNMENT_ADMIN_PAGES: CrudResource[] = ['paper_teacher'];
