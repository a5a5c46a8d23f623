import type { flagFormSchema } from '@shixun/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { assertUnreferenced } from '../../../core/crud/references.ts';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { flag } from '../../../db/schema/index.ts';
import type { FlagRow } from './flag.tree.ts';

/** Parents, names among siblings, order and children are the tree's (flag.resource.ts); these are the rest. */
export const flagHooks: ResourceHooks<typeof flagFormSchema, FlagRow> = {
  async beforeSave({ db, scope, values, existing }) {
    if (!values.code) return;
    // A code names one node of its tree.
    const [taken] = await db
      .select({ id: flag.id })
      .from(flag)
      .where(
        and(
          scope,
          eq(flag.kind, values.kind ?? existing!.kind),
          eq(flag.code, values.code),
          existing ? ne(flag.id, existing.id) : undefined,
        ),
      );
    if (taken) throw badRequest('flag.code.taken');
  },

  /** A node something points at stays: the refusal names it and where it is used. */
  async beforeRemove({ db, principal, scope, ids, locale }) {
    const rows = await db
      .select({ key: flag.id, name: flag.name })
      .from(flag)
      .where(and(scope, inArray(flag.id, ids)));
    await assertUnreferenced(db, { locale, tenantId: principal.tenantId }, 'flag', rows, 'flag.inUse');
  },
};
