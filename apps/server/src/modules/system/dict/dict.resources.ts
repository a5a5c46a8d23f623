import { dictBizSchema, dictFormSchema, dictSchema, idSchema } from '@shixun/contracts';
import { and, asc, eq, getTableName } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { notFound } from '../../../core/http/errors.ts';
import { dict, dictBiz } from '../../../db/schema/index.ts';
import { type DictTable, dictHooks } from './dict.hooks.ts';

/** The same declaration for the global dictionary and the per-tenant business dictionary. */
function dictResource(opts: {
  name: 'dict' | 'dict_biz';
  basePath: string;
  table: DictTable;
  scope: 'global' | 'tenant';
}) {
  const { table } = opts;
  return defineResource({
    ...opts,
    form: dictFormSchema,
    filters: {
      code: filter.like(table.code),
      dictValue: filter.like(table.dictValue, table.dictValueEn),
      parentId: filter.eqId(table.parentId),
    },
    sorts: { sort: table.sort, code: table.code, createTime: table.createTime },
    defaultSort: [asc(table.sort), asc(table.id)],
    extraLists: [
      { path: 'parent-list', where: () => eq(table.parentId, '0') },
      {
        path: 'child-list',
        required: { parentId: idSchema },
        where: async (q, { db, scope }) => {
          const parentId = q.parentId as string;
          // Another tenant's parent is as unknown as a missing one.
          const [parent] = await db
            .select({ id: table.id })
            .from(table)
            .where(and(scope, eq(table.id, parentId)));
          if (!parent) throw notFound();
          return eq(table.parentId, parentId);
        },
      },
    ],
    // `tree?code=DICT`: every live dictionary and item as nodes (original-stack §1.9); `code` is ignored, as in
    // BladeX: DICT is the root of all of them.
    tree: {
      parent: table.parentId,
      sort: table.sort,
      title: (row) => row.dictValue,
      node: (row) => ({ titleEn: row.dictValueEn }),
      messages: { parent: 'dict.parent.notFound', loop: 'dict.parent.self', hasChildren: 'dict.hasChildren' },
      calls: { tree: 'tree' },
    },
    hooks: dictHooks(table),
    // The unique indexes of db/schema/system.ts, for clashes two concurrent writes slip past the hooks with.
    constraintMessages: {
      [`${getTableName(table)}_parent_code_uq`]: 'dict.code.taken',
      [`${getTableName(table)}_item_key_uq`]: 'dict.dictKey.taken',
    },
    present: presenter(opts.scope === 'tenant' ? dictBizSchema : dictSchema),
  });
}

/** 字典管理 (global: written by the platform superuser only) and 业务字典 (each tenant's own rows). */
export const dictVariants = [
  {
    table: dict,
    def: dictResource({ name: 'dict', basePath: '/api/blade-system/dict', table: dict, scope: 'global' }),
  },
  {
    table: dictBiz,
    def: dictResource({ name: 'dict_biz', basePath: '/api/blade-system/dict-biz', table: dictBiz, scope: 'tenant' }),
  },
];

export const dictResources = dictVariants.map((v) => v.def);
