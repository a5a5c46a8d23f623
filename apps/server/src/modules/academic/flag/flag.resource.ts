import { flagFormSchema, flagSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { access } from '../../../core/access/guard.ts';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { flag } from '../../../db/schema/index.ts';
import { flagHooks } from './flag.hooks.ts';
import { flagNodeFields, flagTitle } from './flag.tree.ts';

/** Tree reads serve the flag page and the pickers and labels of what is classified (a class's direction). */
export const FLAG_READERS = access.permission(['flag_view', 'clazz_view', 'clazz_add', 'clazz_edit']);

/**
 * 分类管理: nodes of the five classification trees (`/api/exam/pc/flag/...`). A node is of its parent's kind, its
 * name is free among its siblings; `move` drags it, `copy/{id}/{parentId}/{deep}` copies it (with its subtree when
 * deep is 1). The kind-specific tree calls are in flag.routes.ts.
 */
export const flagResource = defineResource({
  name: 'flag',
  basePath: '/api/exam/pc/flag',
  table: flag,
  scope: 'tenant',
  form: flagFormSchema,
  filters: {
    kind: filter.eqString(flag.kind),
    parentId: filter.eqId(flag.parentId),
    name: filter.like(flag.name),
    code: filter.eqString(flag.code),
  },
  sorts: { sort: flag.sort, name: flag.name, createTime: flag.createTime },
  defaultSort: [asc(flag.kind), asc(flag.parentId), asc(flag.sort), asc(flag.id)],
  tree: {
    parent: flag.parentId,
    sort: flag.sort,
    partition: [flag.kind],
    siblingUnique: { column: flag.name, message: 'flag.name.taken' },
    title: flagTitle,
    node: flagNodeFields,
    messages: {
      parent: 'flag.parent.invalid',
      loop: 'flag.parent.loop',
      hasChildren: 'flag.hasChildren',
      partitionFixed: 'flag.kind.fixed',
    },
    calls: {
      readers: FLAG_READERS,
      move: 'move',
      // A code names one node; copies do without.
      copy: { path: 'copy/:id/:parentId/:deep', nameColumn: flag.name, reset: () => ({ code: '' }) },
    },
  },
  hooks: flagHooks,
  present: presenter(flagSchema),
});
