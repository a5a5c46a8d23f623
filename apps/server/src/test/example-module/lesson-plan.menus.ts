import { crudButtons, menuButton, menuPage, type SeedMenu } from '../../core/access/menu-definition.ts';

/** 教案 under 题库 (ids 79900–79999 are free for the example), with its four buttons, 引用 and the share buttons. */
export const lessonPlanMenus: SeedMenu[] = [
  menuPage(79900, '71000', 'lesson_plan', ['教案', 'Lesson plans'], '/question/lesson-plan', 'BookOutlined', 9),
  ...crudButtons('79900', 79901, 'lesson_plan', '/question/lesson-plan'),
  menuButton(79905, '79900', 'lesson_plan_quote', ['引用', 'Quote'], 'quote', '/question/lesson-plan'),
  ...crudButtons('79900', 79906, 'lesson_plan_permission', '/question/lesson-plan/permission'),
];
