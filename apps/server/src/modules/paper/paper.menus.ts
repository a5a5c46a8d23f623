import type { CrudResource } from '@shixun/contracts';
import { crudButtons, menuButton, menuGroup, menuPage, type SeedMenu } from '../../core/access/menu-definition.ts';

/** 考试 (ids 72000–72099): papers with their sections and questions; assignments, marking and results come here. */
export const paperMenus: SeedMenu[] = [
  menuGroup(72000, 'exam_center', ['考试', 'Exams'], '/paper', 'FormOutlined', 21),
  menuPage(72010, '72000', 'paper', ['试卷管理', 'Papers'], '/paper/paper', 'ProfileOutlined', 1),
  ...crudButtons('72010', 72011, 'paper', '/paper/paper'),
  menuButton(72015, '72010', 'paper_quote', ['引用', 'Quote'], 'quote', '/paper/paper'),
  menuButton(72016, '72010', 'paper_download', ['下载', 'Download'], 'download', '/paper/paper'),
  menuButton(72017, '72010', 'paper_qrcode', ['二维码', 'QR code'], 'qrcode', '/paper/paper'),
  ...crudButtons('72010', 72020, 'paper_title', '/paper/paper/title').map((b) => ({
    ...b,
    name: `大题${b.name}`,
    nameEn: `${b.nameEn} section`,
  })),
  ...crudButtons('72010', 72024, 'paper_question', '/paper/paper/question').map((b) => ({
    ...b,
    name: `试卷试题${b.name}`,
    nameEn: `${b.nameEn} paper question`,
  })),
  ...paperShareButtons(),
];

/** 共享 (paper_permission, ids 72028–72031): a paper's shares with teachers or schools, managed by its owner. */
function paperShareButtons(): SeedMenu[] {
  return crudButtons('72010', 72028, 'paper_permission', '/paper/paper/permission').map((b) => ({
    ...b,
    name: `共享${b.name}`,
    nameEn: `${b.nameEn} share`,
  }));
}

/** Every code of papers: what the seeded `teacher` role of each school holds. */
export const PAPER_TEACHER_CODES = paperMenus.map((m) => m.code);

/** The codes of paper shares, which came after papers (upgrade.ts grants them once). */
export const PAPER_SHARE_CODES = paperShareButtons().map((m) => m.code);

/** The pages a tenant's administrator gets with all their buttons (tenant.provision.ts). */
export const PAPER_ADMIN_PAGES: CrudResource[] = ['paper'];
