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
  menuPage(id, '71000', code, names, path, source, sort);
/** A button whose alias is the last part of its code (`question_import` → `import`). */
const button = (id: number, parentId: number, code: string, names: MenuNames, path: string) =>
  menuButton(id, String(parentId), code, names, code.slice(code.lastIndexOf('_') + 1), path);

/** 题库 (ids 71000–71099): libraries with their shares, and questions with their items and snapshots. */
export const questionMenus: SeedMenu[] = [
  menuGroup(71000, 'question_bank', ['题库', 'Question bank'], '/question', 'DatabaseOutlined', 20),
  page(71010, 'question_lib', ['题库管理', 'Question libraries'], '/question/lib', 'FolderOpenOutlined', 1),
  ...crudButtons('71010', 71011, 'question_lib', '/question/lib'),
  button(71015, 71010, 'question_lib_quote', ['引用', 'Quote'], '/question/lib'),
  ...crudButtons('71010', 71016, 'question_lib_permission', '/question/lib/permission').map((b) => ({
    ...b,
    name: `共享${b.name}`,
    nameEn: `${b.nameEn} share`,
  })),
  page(71020, 'question', ['试题管理', 'Questions'], '/question/question', 'FileTextOutlined', 2),
  ...crudButtons('71020', 71021, 'question', '/question/question'),
  button(71025, 71020, 'question_import', ['导入', 'Import'], '/question/question'),
  button(71026, 71020, 'question_export', ['导出', 'Export'], '/question/question'),
  ...crudButtons('71020', 71027, 'question_item', '/question/question/item').map((b) => ({
    ...b,
    name: `选项${b.name}`,
    nameEn: `${b.nameEn} option`,
  })),
  button(71031, 71020, 'question_inst_view', ['查看快照', 'View snapshots'], '/question/question/inst'),
  button(
    71032,
    71020,
    'question_item_inst_view',
    ['查看快照选项', 'View snapshot options'],
    '/question/question/item-inst',
  ),
];

/** Every code of the question bank: what the seeded `teacher` role of each school holds. */
export const QUESTION_TEACHER_CODES = questionMenus.map((m) => m.code);

/** The pages a tenant's administrator gets with all their buttons (tenant.provision.ts). */
export const QUESTION_ADMIN_PAGES: CrudResource[] = ['question_lib', 'question'];
