/**
 * One declaration makes a kind of content shareable (question libraries, papers; courses and coursewares next): its
 * owner, shares with a teacher or a school to read or to edit, publishing to the public library, quoting, and the
 * policy the factory applies to its rows. Each use declares it once in its `<entity>.policy.ts`.
 */
import type { CrudResource, LibAccess, MessageKey } from '@shixun/contracts';
import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Principal } from '../../../core/access/principal.ts';
import { userNames } from '../../../core/access/user-names.ts';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import {
  type CrudTable,
  defineResource,
  type ExtraList,
  type Policy,
  type ResourceHooks,
} from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest, forbidden, notFound } from '../../../core/http/errors.ts';
import {
  accessOf,
  changes,
  defineShares,
  type ShareMode,
  type ShareReader,
  type ShareTable,
  shareHooks,
  shareReader,
} from './shares.ts';

/** The columns a shareable table needs beside the factory's. */
export type ShareableTable = CrudTable & {
  tenantId: PgColumn;
  createUser: PgColumn;
  isPublic: PgColumn;
};

type Owned = { id: string; createUser: string | null };

export interface ShareableDef<T extends ShareableTable> {
  table: T;
  /** The share table and its column naming the shared row (`question_lib_permission.lib_id`). */
  shares: { table: ShareTable; target: PgColumn };
  /** What refusals say, where the entity has its own words (default: the `share.*` messages). */
  messages?: {
    /** A row that is not there for the caller (400 on writes naming it). */
    invalid: MessageKey;
    /** A row the caller may read but not change (403). */
    readOnly: MessageKey;
    /** Publishing, sharing and deleting are the owner's (403). */
    ownerOnly: MessageKey;
    /** A share to the owner themselves (400). */
    self: MessageKey;
    /** The same teacher or school shared twice (400). */
    shared: MessageKey;
  };
}

export interface Shareable<T extends ShareableTable> {
  /** Who is asking: an administrator of the tenant's content, or a teacher with the schools they teach at. */
  reader(db: Db, p: Principal): Promise<ShareReader>;
  /** Rows this reader may read (own, shared, public) or edit (own, shared to edit); undefined = the whole tenant. */
  condition(who: ShareReader, mode: ShareMode): SQL | undefined;
  /** The same on a column holding this table's ids (a question's `lib_id`); the ids are looked up first. */
  idCondition(db: Db, p: Principal, mode: ShareMode, column: PgColumn): Promise<SQL | undefined>;
  /** What this reader may do with each of these readable rows: `own`, `edit`, `read`, `public` or `admin`. */
  access(db: Db, who: ShareReader, rows: Owned[]): Promise<Map<string, LibAccess>>;
  /** Rows as lists show them: with what the caller may do with each, and its owner's name. */
  withAccess<R extends Owned>(
    db: Db,
    p: Principal,
    rows: R[],
  ): Promise<(R & { access: LibAccess; ownerName: string })[]>;
  /** Only the owner (or an administrator) publishes, shares or deletes. */
  manages(who: ShareReader, row: { createUser: string | null }): boolean;
  /** A live row this caller may read, else 400 `invalid` (as for a missing one). */
  readable(db: Db, p: Principal, id: string): Promise<T['$inferSelect']>;
  /** …that they may also change, else 403 `readOnly`. */
  editable(db: Db, p: Principal, id: string): Promise<T['$inferSelect']>;
  /**
   * 引用: in one transaction, a row the caller may read (else 404: another teacher's private row does not exist to
   * them) handed to `copy`, which writes the caller's own copy keeping `source_id`; the original is never changed.
   */
  quote<R>(db: Db, p: Principal, id: string, copy: (tx: Db, source: T['$inferSelect']) => Promise<R>): Promise<R>;
  /** Refuses (403 `ownerOnly`) anyone but the owner changing `isPublic`. */
  assertPublishing(
    db: Db,
    p: Principal,
    next: { isPublic?: unknown },
    existing?: { isPublic: unknown; createUser: string | null },
  ): Promise<void>;
  /** Refuses (403 `ownerOnly`) removing rows the caller does not own, and removes the rows' shares. */
  removeShares(db: Db, p: Principal, rows: Owned[]): Promise<void>;
  /** The factory's read and write policy for the table's own resource. */
  policy: Policy;
  /** The same for the resource of rows that belong to one of these (a paper's sections): `column` holds its id. */
  policyOn(column: PgColumn): Policy;
  /**
   * The resource's hooks when sharing is all it adds: publishing and deleting are the owner's (deleting takes the
   * shares along), and loaded rows say what the caller may do and whose they are.
   */
  hooks<Form extends z.ZodObject>(): ResourceHooks<Form, T['$inferSelect']>;
  /** 我的, 共享给我 and the public library as lists beside the resource's own (`path` names each). */
  lists(paths: { mine: string; shared: string; public: string }): ExtraList[];
  /** The share resource (`…_permission`): only the row's owner sees and changes its shares. */
  shareResource<Form extends z.ZodObject>(opts: {
    name: CrudResource;
    basePath: string;
    form: Form;
    schema: z.ZodType;
    /** The form's key naming the shared row (`libId`, `paperId`). */
    targetKey: keyof z.infer<Form> & string;
  }): ReturnType<typeof defineResource>;
}

const DEFAULT_MESSAGES: Required<NonNullable<ShareableDef<ShareableTable>['messages']>> = {
  invalid: 'share.invalid',
  readOnly: 'share.readOnly',
  ownerOnly: 'share.ownerOnly',
  self: 'share.self',
  shared: 'share.duplicate',
};

export function defineShareable<T extends ShareableTable>(def: ShareableDef<T>): Shareable<T> {
  const { table } = def;
  const messages = { ...DEFAULT_MESSAGES, ...def.messages };
  const shares = defineShares(def.shares.table, def.shares.target);
  const live = (tenantId: string) => and(eq(table.tenantId, tenantId), eq(table.isDeleted, 0));

  const condition = (who: ShareReader, mode: ShareMode): SQL | undefined =>
    who.kind === 'admin'
      ? undefined
      : or(
          eq(table.createUser, who.userId),
          mode === 'read' ? eq(table.isPublic, 1) : undefined,
          inArray(table.id, shares.targetIds(who, mode)),
        );

  const idCondition = async (db: Db, p: Principal, mode: ShareMode, column: PgColumn) => {
    const who = await shareReader(db, p);
    if (who.kind === 'admin') return undefined;
    const ids = await db
      .select({ id: table.id })
      .from(table as ShareableTable)
      .where(and(live(p.tenantId), condition(who, mode)));
    return ids.length
      ? inArray(
          column,
          ids.map((r) => r.id as string),
        )
      : sql`false`;
  };

  const access = async (db: Db, who: ShareReader, rows: Owned[]) => {
    const shared = await shares.strongest(
      db,
      who,
      rows.filter((r) => who.kind === 'user' && r.createUser !== who.userId).map((r) => r.id),
    );
    return new Map(rows.map((r) => [r.id, accessOf(who, r, shared.get(r.id))]));
  };

  const manages = (who: ShareReader, row: { createUser: string | null }) =>
    who.kind === 'admin' || row.createUser === who.userId;

  const find = async (db: Db, p: Principal, id: string): Promise<T['$inferSelect'] | undefined> => {
    const who = await shareReader(db, p);
    const [row] = await db
      .select()
      .from(table as ShareableTable)
      .where(and(live(p.tenantId), eq(table.id, id), condition(who, 'read')));
    return row as T['$inferSelect'] | undefined;
  };

  const readable = async (db: Db, p: Principal, id: string) => {
    const row = await find(db, p, id);
    if (!row) throw badRequest(messages.invalid);
    return row;
  };

  const withAccess = async <R extends Owned>(db: Db, p: Principal, rows: R[]) => {
    const [rights, owners] = await Promise.all([
      access(db, await shareReader(db, p), rows),
      userNames(
        db,
        rows.map((r) => r.createUser),
      ),
    ]);
    return rows.map((r) => ({ ...r, access: rights.get(r.id)!, ownerName: owners.get(r.createUser ?? '') ?? '' }));
  };

  const assertPublishing = async (
    db: Db,
    p: Principal,
    next: { isPublic?: unknown },
    existing?: { isPublic: unknown; createUser: string | null },
  ) => {
    if (!existing || next.isPublic === undefined || next.isPublic === existing.isPublic) return;
    if (!manages(await shareReader(db, p), existing)) throw forbidden(messages.ownerOnly);
  };

  const removeShares = async (db: Db, p: Principal, rows: Owned[]) => {
    const who = await shareReader(db, p);
    if (rows.some((r) => !manages(who, r))) throw forbidden(messages.ownerOnly);
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return;
    const shareTable = def.shares.table;
    await db
      .update(shareTable)
      .set({ isDeleted: 1, updateUser: p.userId, updateTime: new Date() } as never)
      .where(and(inArray(def.shares.target, ids), eq(shareTable.isDeleted, 0)));
  };

  return {
    reader: shareReader,
    condition,
    idCondition,
    access,
    withAccess,
    manages,
    readable,
    async editable(db, p, id) {
      const row = await readable(db, p, id);
      const who = await shareReader(db, p);
      const rights = (await access(db, who, [row as Owned])).get((row as Owned).id)!;
      if (!changes(rights)) throw forbidden(messages.readOnly);
      return row;
    },
    quote: (db, p, id, copy) =>
      db.transaction(async (tx) => {
        const source = await find(tx, p, id);
        if (!source) throw notFound();
        return copy(tx, source);
      }),
    assertPublishing,
    removeShares,
    hooks: () => ({
      beforeSave: ({ db, principal, values, existing }) =>
        assertPublishing(db, principal, values, existing as { isPublic: unknown; createUser: string | null }),
      async beforeRemove({ db, principal, scope, ids }) {
        const rows = await db
          .select({ id: table.id, createUser: table.createUser })
          .from(table as ShareableTable)
          .where(and(scope, inArray(table.id, ids)));
        await removeShares(db, principal, rows as Owned[]);
      },
      afterLoad: (rows, { db, principal }) => withAccess(db, principal, rows as unknown as Owned[]),
    }),
    policy: {
      async rowScope(db, p) {
        return condition(await shareReader(db, p), 'read');
      },
      async writeScope(db, p) {
        const where = condition(await shareReader(db, p), 'edit');
        return where ? { where, refusal: messages.readOnly } : undefined;
      },
    },
    policyOn: (column) => ({
      rowScope: (db, p) => idCondition(db, p, 'read', column),
      async writeScope(db, p) {
        const where = await idCondition(db, p, 'edit', column);
        return where ? { where, refusal: messages.readOnly } : undefined;
      },
    }),
    lists: (paths) => [
      { path: paths.public, where: () => eq(table.isPublic, 1) },
      { path: paths.mine, where: (_q, { principal }) => eq(table.createUser, principal.userId) },
      {
        path: paths.shared,
        async where(_q, { db, principal }) {
          const who = await shareReader(db, principal);
          if (who.kind === 'admin') return sql`false`;
          return and(inArray(table.id, shares.targetIds(who, 'read')), ne(table.createUser, who.userId));
        },
      },
    ],
    shareResource(opts) {
      const shareTable = def.shares.table as ShareTable & CrudTable;
      /** Rows whose shares this caller manages: their own (administrators: all of the tenant's). */
      const owned = async (db: Db, p: Principal) => {
        const who = await shareReader(db, p);
        return and(live(p.tenantId), who.kind === 'admin' ? undefined : eq(table.createUser, p.userId));
      };
      return defineResource({
        name: opts.name,
        basePath: opts.basePath,
        table: shareTable,
        scope: 'tenant',
        async rowScope(db, p) {
          const mine = db
            .select({ id: table.id })
            .from(table as ShareableTable)
            .where(await owned(db, p));
          return inArray(def.shares.target, mine);
        },
        form: opts.form,
        filters: {
          [opts.targetKey]: filter.eqId(def.shares.target),
          granteeType: filter.eqString(def.shares.table.granteeType),
        },
        sorts: { createTime: shareTable.createTime },
        defaultSort: [desc(shareTable.createTime), desc(shareTable.id)],
        unique: [{ fields: [opts.targetKey, 'granteeType', 'granteeId'] as never, message: messages.shared }],
        constraintMessages: { [`${opts.name}_grantee_uq`]: messages.shared },
        hooks: shareHooks({
          // A row the caller may read but not manage (shared with them, published) is refused with 403; one they may
          // not read answers as a missing one.
          async target(db, p, next) {
            const row = await find(db, p, String((next as Record<string, unknown>)[opts.targetKey]));
            if (!row) return undefined;
            const owner = (row as Owned).createUser;
            return { owner, manages: manages(await shareReader(db, p), { createUser: owner }) };
          },
          messages,
        }),
        present: presenter(opts.schema as never),
      }) as ReturnType<typeof defineResource>;
    },
  };
}
