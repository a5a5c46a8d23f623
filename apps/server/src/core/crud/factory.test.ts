import { idSchema } from '@shixun/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditColumns, id, tenantId } from '../../db/schema/columns.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { access, installGuard } from '../access/guard.ts';
import { SessionCache } from '../access/session-cache.ts';
import { FileStore } from '../files/file-store.ts';
import { ok } from '../http/envelope.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { badRequest } from '../http/errors.ts';
import { localeOf } from '../http/locale.ts';
import { filter } from './filters.ts';
import { callOf, mountResource } from './mount.ts';
import { presenter } from './presenter.ts';
import { defineResource } from './resource.ts';
import { resourceService } from './service.ts';

// A resource declared only for this test, with every tree and child-row option, mounted by the factory on a real
// database (PostgreSQL or PGlite): what paper sections, course topics and question options will be declared with.
const node = pgTable('test_node', {
  id: id('id').primaryKey(),
  tenantId: tenantId(),
  parentId: id('parent_id').notNull().default('0'),
  kind: varchar('kind', { length: 20 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  ancestors: varchar('ancestors', { length: 2000 }).notNull().default('0'),
  sort: integer('sort').notNull().default(0),
  ...auditColumns(),
});
const option = pgTable('test_option', {
  id: id('id').primaryKey(),
  tenantId: tenantId(),
  nodeId: id('node_id').notNull(),
  ord: integer('ord').notNull(),
  label: varchar('label', { length: 100 }).notNull(),
});
const tag = pgTable('test_tag', { nodeId: id('node_id').notNull(), tagId: id('tag_id').notNull() });

const form = z.object({
  kind: z.enum(['a', 'b']),
  parentId: idSchema.optional(),
  name: z.string().min(1).max(100),
  sort: z.number().int().optional(),
});
const optionForm = z.object({ label: z.string().min(1).max(100) });
const rowSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  kind: z.string(),
  name: z.string(),
  ancestors: z.string(),
  sort: z.number(),
  options: z.array(z.object({ id: z.string(), label: z.string() })),
  tagIds: z.array(z.string()),
});

const testResource = defineResource({
  name: 'param', // any declared permission prefix: the superuser holds them all
  basePath: '/api/test/node',
  table: node,
  scope: 'tenant',
  form,
  filters: { name: filter.like(node.name) },
  sorts: {},
  defaultSort: [asc(node.sort), asc(node.id)],
  tree: {
    parent: node.parentId,
    sort: node.sort,
    partition: [node.kind],
    ancestors: node.ancestors,
    siblingUnique: { column: node.name, message: 'flag.name.taken' },
    title: (row) => row.name,
    node: (row) => ({ kind: row.kind }),
    cascade: true,
    messages: {
      parent: 'flag.parent.invalid',
      loop: 'flag.parent.loop',
      hasChildren: 'flag.hasChildren',
      partitionFixed: 'flag.kind.fixed',
    },
    calls: {
      tree: 'tree',
      lazyTree: 'lazy-tree',
      lazyList: 'lazy-list',
      move: 'move',
      upDown: { up: 'move/up', down: 'move/down' },
      copy: { path: 'copy/:id', nameColumn: node.name },
    },
  },
  children: [
    {
      kind: 'rows',
      field: 'options',
      table: option,
      parent: option.nodeId,
      order: option.ord,
      schema: optionForm,
      max: 10,
      present: presenter(z.object({ id: z.string(), label: z.string() })),
    },
    { kind: 'ids', field: 'tagIds', table: tag, parent: tag.nodeId, value: tag.tagId },
  ],
  present: presenter(rowSchema),
});

let t: TestApp;
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.execute(sql`create table test_node (
    id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null default 0,
    kind varchar(20) not null, name varchar(100) not null, ancestors varchar(2000) not null default '0',
    sort integer not null default 0, create_user bigint, create_dept bigint,
    create_time timestamptz not null default now(), update_user bigint, update_time timestamptz not null default now(),
    status integer not null default 1, is_deleted integer not null default 0)`);
  await t.db.execute(sql`create table test_option (id bigint primary key, tenant_id varchar(12) not null,
    node_id bigint not null, ord integer not null, label varchar(100) not null)`);
  await t.db.execute(sql`create table test_tag (node_id bigint not null, tag_id bigint not null)`);
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installGuard(app, { db: t.db, tokens: t.tokens, sessions: new SessionCache() });
  const crud = { db: t.db, secrets: t.secrets, files: new FileStore(t.secrets, t.filesDir) };
  app.decorate('crud', crud);
  mountResource(app, crud, testResource);
  // A use case that writes through the resource inside its own transaction, then goes on (or fails): one unit.
  app.post('/api/test/node/submit-then', { config: { access: access.permission('param_add') } }, async (req) => {
    const { fail, ...body } = req.body as { fail?: boolean } & Record<string, unknown>;
    return t.db.transaction(async (tx) => {
      const saved = await resourceService(testResource).submit(callOf(req, tx), body);
      if (fail) throw badRequest('validation.invalid');
      return ok(localeOf(req), saved);
    });
  });
  await app.ready();
  token = (await t.login('admin', 'admin')).access_token;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

type Node = z.infer<typeof rowSchema>;
const call = async (method: 'GET' | 'POST', url: string, opts: { payload?: object; query?: object } = {}) => {
  const res = await app.inject({
    method,
    url: `/api/test/node/${url}`,
    headers: { 'blade-auth': `bearer ${token}` },
    payload: opts.payload,
    query: opts.query as Record<string, string>,
  });
  return { status: res.statusCode, body: res.json() as { data: unknown; msg: string } };
};
const add = async (payload: object) => {
  const res = await call('POST', 'submit', { payload });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Node;
};
const detail = async (id: string) => (await call('GET', 'detail', { query: { id } })).body.data as Node;

describe('a tree resource', () => {
  it('checks parents (scope, partition, loops), keeps ancestors through a subtree move, frees names, puts new rows last', async () => {
    const root = await add({ kind: 'a', name: '机械' });
    const child = await add({ kind: 'a', name: '公差', parentId: root.id });
    const grandchild = await add({ kind: 'a', name: '基本偏差', parentId: child.id });
    const second = await add({ kind: 'a', name: '第二', parentId: root.id });
    expect([root.sort, child.sort, second.sort]).toEqual([1, 1, 2]);
    expect(grandchild.ancestors).toBe(`0,${root.id},${child.id}`);

    const refused = async (payload: object, msg: string) => {
      const res = await call('POST', 'submit', { payload });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    };
    await refused({ kind: 'b', name: 'x', parentId: root.id }, '上级节点不存在，或不属于同一分类');
    await refused({ kind: 'a', name: 'x', parentId: '123456789' }, '上级节点不存在，或不属于同一分类');
    await refused({ kind: 'a', name: '公差', parentId: root.id }, '同一上级下已有同名节点');
    await refused({ id: root.id, parentId: grandchild.id }, '上级节点不能是该节点自己或其下级');
    await refused({ id: root.id, kind: 'b' }, '节点不能改为其他分类');

    // Moving the middle node under the second one moves its child's ancestors too.
    const moved = await call('POST', 'move', { payload: { id: child.id, parentId: second.id, index: 0 } });
    expect(moved.status).toBe(200);
    expect((await detail(grandchild.id)).ancestors).toBe(`0,${root.id},${second.id},${child.id}`);
  });

  it('answers tree, lazy-tree and lazy-list in the one node shape, and moves up and down among siblings', async () => {
    const top = await add({ kind: 'b', name: '根' });
    const [one, two, three] = [
      await add({ kind: 'b', name: '一', parentId: top.id }),
      await add({ kind: 'b', name: '二', parentId: top.id }),
      await add({ kind: 'b', name: '三', parentId: top.id }),
    ];
    const tree = (await call('GET', 'tree', { query: { parentId: top.id } })).body.data as { title: string }[];
    expect(tree.map((n) => n.title)).toEqual(['一', '二', '三']);
    expect(tree[0]).toMatchObject({ id: one.id, parentId: top.id, key: one.id, value: one.id, kind: 'b' });
    const level = (await call('GET', 'lazy-tree', { query: { parentId: '0' } })).body.data as {
      id: string;
      hasChildren: boolean;
    }[];
    expect(level.find((n) => n.id === top.id)?.hasChildren).toBe(true);
    const rows = (await call('GET', 'lazy-list', { query: { parentId: top.id, name: '二' } })).body.data as Node[];
    expect(rows.map((r) => r.id)).toEqual([two.id]);

    expect((await call('POST', `move/up/${three.id}`)).status).toBe(200);
    expect((await call('POST', `move/down/${one.id}`)).status).toBe(200);
    const after = (await call('GET', 'tree', { query: { parentId: top.id } })).body.data as { title: string }[];
    expect(after.map((n) => n.title)).toEqual(['三', '一', '二']);
  });

  it('copies a node with its subtree beside it under a free name, and refuses or cascades removal of a parent', async () => {
    const top = await add({ kind: 'a', name: '复制我' });
    const leaf = await add({ kind: 'a', name: '叶', parentId: top.id });
    const copy = await call('POST', `copy/${top.id}`);
    expect(copy.status).toBe(200);
    const copied = copy.body.data as { id: string; title: string };
    expect(copied.title).toBe('复制我 (副本)');
    const below = (await call('GET', 'tree', { query: { parentId: copied.id } })).body.data as { title: string }[];
    expect(below.map((n) => n.title)).toEqual(['叶']);

    const refused = await call('POST', 'remove', { query: { ids: top.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('《复制我》下还有子节点，请先删除子节点');
    expect((await call('POST', 'remove', { query: { ids: `${top.id},${leaf.id}` } })).status).toBe(200);
    expect((await call('POST', 'remove', { query: { ids: copied.id, cascade: '1' } })).status).toBe(200);
    expect((await call('GET', 'detail', { query: { id: copied.id } })).status).toBe(404);
  });
});

describe('child rows', () => {
  it('writes owned rows in order and links with the parent, keeps rows by id, and leaves them alone when not sent', async () => {
    const n = await add({ kind: 'a', name: '带选项', options: [{ label: 'A' }, { label: 'B' }], tagIds: ['7', '8'] });
    expect(n.options.map((o) => o.label)).toEqual(['A', 'B']);
    expect(n.tagIds).toEqual(['7', '8']);
    const [a, b] = n.options;
    const edited = (
      await call('POST', 'submit', {
        payload: { id: n.id, options: [{ id: b!.id, label: 'B2' }, { label: 'C' }], tagIds: ['9'] },
      })
    ).body.data as Node;
    expect(edited.options.map((o) => o.label)).toEqual(['B2', 'C']);
    expect(edited.options[0]!.id).toBe(b!.id);
    expect(edited.options.some((o) => o.id === a!.id)).toBe(false);
    expect(edited.tagIds).toEqual(['9']);
    const renamed = (await call('POST', 'submit', { payload: { id: n.id, name: '改名' } })).body.data as Node;
    expect(renamed.options.map((o) => o.label)).toEqual(['B2', 'C']);
    expect(renamed.tagIds).toEqual(['9']);
  });

  it('validates children with their own schema and bound, and writes nothing when one is bad', async () => {
    const bad = await call('POST', 'submit', { payload: { kind: 'a', name: '坏选项', options: [{ label: '' }] } });
    expect(bad.status).toBe(400);
    const many = Array.from({ length: 11 }, (_, i) => ({ label: `o${i}` }));
    expect((await call('POST', 'submit', { payload: { kind: 'a', name: '太多', options: many } })).status).toBe(400);
    const list = (await call('GET', 'lazy-list', { query: { parentId: '0', name: '坏选项' } })).body.data as Node[];
    expect(list).toEqual([]);
  });
});

describe('a write inside the caller’s transaction', () => {
  it('commits and rolls back with it: a use case that fails after the write leaves neither the row nor its children', async () => {
    const failed = await call('POST', 'submit-then', {
      payload: { fail: true, kind: 'a', name: '半途', options: [{ label: 'x' }], tagIds: ['7'] },
    });
    expect(failed.status).toBe(400);
    const named = async (name: string) =>
      (await call('GET', 'lazy-list', { query: { parentId: '0', name } })).body.data as Node[];
    expect(await named('半途')).toEqual([]);
    expect(await t.db.select().from(option).where(eq(option.label, 'x'))).toEqual([]);

    const done = await call('POST', 'submit-then', { payload: { kind: 'a', name: '完成', options: [{ label: 'y' }] } });
    expect(done.status).toBe(200);
    const [row] = await named('完成');
    expect((await detail(row!.id)).options.map((o) => o.label)).toEqual(['y']);
  });
});
