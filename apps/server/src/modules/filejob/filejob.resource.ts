import {
  filejobFormSchema,
  filejobPermissionFormSchema,
  filejobPermissionSchema,
  filejobSchema,
} from '@shixun/contracts';
import { desc } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { sanitizeRichText } from '../../core/html/sanitize.ts';
import { filejob } from '../../db/schema/index.ts';
import { filejobPolicy } from './filejob.policy.ts';

type Row = typeof filejob.$inferSelect;
const shared = filejobPolicy.hooks<typeof filejobFormSchema>();

const hooks: ResourceHooks<typeof filejobFormSchema, Row> = {
  ...shared,
  /** Sharing's rules, and requirements kept to the one sanitiser (pictures from the tenant's own storage only). */
  async beforeSave(ctx) {
    await shared.beforeSave?.(ctx);
    if (ctx.values.requirements !== undefined) {
      const media = await ctx.files.mediaPrefixes(ctx.db, ctx.principal.tenantId);
      ctx.values.requirements = sanitizeRichText(ctx.values.requirements, media);
    }
    if (ctx.values.allowedKinds) ctx.values.allowedKinds = [...new Set(ctx.values.allowedKinds)];
  },
};

/**
 * 文件作业 (`/api/jd/pc/filejob`): a teacher's own file jobs, those shared with them or their school, and the
 * published ones (`publicLib_pages`, as the SPEC names it); `my_list` and `shared_list` as for papers.
 */
export const filejobResource = defineResource({
  name: 'filejob',
  basePath: '/api/jd/pc/filejob',
  table: filejob,
  scope: 'tenant',
  ...filejobPolicy.policy,
  form: filejobFormSchema,
  filters: {
    title: filter.like(filejob.title),
    isPublic: filter.eqInt(filejob.isPublic),
    createUser: filter.eqId(filejob.createUser),
  },
  sorts: { title: filejob.title, createTime: filejob.createTime, updateTime: filejob.updateTime },
  defaultSort: [desc(filejob.updateTime), desc(filejob.id)],
  extraLists: filejobPolicy.lists({ public: 'publicLib_pages', mine: 'my_list', shared: 'shared_list' }),
  hooks,
  present: presenter(filejobSchema),
});

/** 文件作业共享 (`/api/jd/pc/filejob_permission`): only the job's owner sees and changes its shares. */
export const filejobPermissionResource = filejobPolicy.shareResource({
  name: 'filejob_permission',
  basePath: '/api/jd/pc/filejob_permission',
  form: filejobPermissionFormSchema,
  schema: filejobPermissionSchema,
  targetKey: 'jobId',
});
