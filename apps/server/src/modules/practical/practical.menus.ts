import type { CrudResource } from '@shixun/contracts';
import { crudButtons, menuGroup, menuPage, type SeedMenu } from '../../core/access/menu-definition.ts';

const share = (b: SeedMenu): SeedMenu => ({ ...b, name: `共享${b.name}`, nameEn: `${b.nameEn} share` });

/** 实训 (ids 74000–74099): practical tasks with their assessment points and inspection items. */
export const practicalMenus: SeedMenu[] = [
  menuGroup(74000, 'practical_center', ['实训', 'Practical'], '/practical', 'ToolOutlined', 22),
  menuPage(
    74010,
    '74000',
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
];

/** What the seeded `teacher` role of each school holds: every code of practical tasks. */
export const PRACTICAL_TEACHER_CODES = practicalMenus.map((m) => m.code);

/** The pages a tenant's administrator gets with all their buttons. */
export const PRACTICAL_ADMIN_PAGES: CrudResource[] = ['practical_paper'];
