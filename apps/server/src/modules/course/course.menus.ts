import { crudButtons, menuButton, menuGroup, menuPage, type SeedMenu } from '../../core/access/menu-definition.ts';

const share = (b: SeedMenu): SeedMenu => ({ ...b, name: `共享${b.name}`, nameEn: `${b.nameEn} share` });
const GROUP = '76000';
const COURSES = '/course/course';
const EDITOR = '/course/course_sub/index';

/** 课程 (ids 76000–76099): courses, their topic editor, the public library; 我的课程 and online study for students. */
export const courseTeacherMenus: SeedMenu[] = [
  menuGroup(76000, 'course_center', ['课程', 'Courses'], '/course', 'ReadOutlined', 20),
  menuPage(76010, GROUP, 'course', ['课程管理', 'Courses'], COURSES, 'BookOutlined', 1),
  ...crudButtons('76010', 76011, 'course', COURSES),
  ...crudButtons('76010', 76015, 'course_permission', `${COURSES}/permission`).map(share),
  menuButton(76019, '76010', 'course_quote', ['引用', 'Quote'], 'quote', COURSES),
  menuButton(76020, '76010', 'course_publish', ['发布', 'Publish'], 'publish', COURSES),
  // The course editor: the topic tree with each topic's coursewares and papers (SPEC §2's route).
  menuPage(76030, GROUP, 'course_sub', ['课程知识点', 'Course topics'], EDITOR, 'ApartmentOutlined', 2),
  ...crudButtons('76030', 76031, 'course_sub', EDITOR),
  ...crudButtons('76030', 76035, 'courseware', `${EDITOR}/courseware`).map((b) => ({
    ...b,
    name: `${b.name}课件`,
    nameEn: `${b.nameEn} courseware`,
  })),
  ...crudButtons('76030', 76041, 'course_paper', `${EDITOR}/paper`).map((b) => ({
    ...b,
    name: `${b.name}试卷`,
    nameEn: `${b.nameEn} paper`,
  })),
  menuPage(76050, GROUP, 'course_library', ['公共资源库', 'Public library'], '/course/library', 'CloudOutlined', 3),
];

export const courseStudentMenus: SeedMenu[] = [
  menuPage(76060, GROUP, 'course_my', ['我的课程', 'My courses'], '/course/my', 'ReadOutlined', 4),
  menuButton(76061, '76060', 'course_study', ['学习', 'Study'], 'study', '/course/my'),
  // The study page of one course (SPEC §2's route): the tree on the left, the topic's coursewares and practice.
  menuPage(
    76070,
    GROUP,
    'course_study_online',
    ['在线学习', 'Study online'],
    '/jd/study_online/course_sub',
    'PlayCircleOutlined',
    5,
  ),
];

export const courseMenus = [...courseTeacherMenus, ...courseStudentMenus];

/** What the seeded `teacher` role of each school holds. */
export const COURSE_TEACHER_CODES = courseTeacherMenus.map((m) => m.code);
/** What each school's student role holds. */
export const COURSE_STUDENT_CODES = ['course_center', ...courseStudentMenus.map((m) => m.code)];

/** The pages a tenant's administrator gets with all their buttons. */
export const COURSE_ADMIN_PAGES: string[] = ['course', 'course_sub', 'course_library'];
