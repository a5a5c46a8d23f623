import { socialProviderFormSchema, socialProviderSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { socialProvider } from '../../../db/schema/index.ts';
import { socialHooks } from './social.hooks.ts';

/**
 * 第三方登录: the OAuth2 / OpenID Connect providers of the sign-in page (global, the platform superuser's). The
 * client secret is sealed and never shown again.
 */
export const socialResource = defineResource({
  name: 'social',
  basePath: '/api/blade-system/social',
  table: socialProvider,
  scope: 'global',
  superuserOnly: true,
  form: socialProviderFormSchema,
  filters: { source: filter.like(socialProvider.source), name: filter.like(socialProvider.name) },
  sorts: { sort: socialProvider.sort, source: socialProvider.source, createTime: socialProvider.createTime },
  defaultSort: [asc(socialProvider.sort), asc(socialProvider.source)],
  unique: [{ fields: ['source'], message: 'social.source.taken' }],
  constraintMessages: { sys_social_provider_source_uq: 'social.source.taken' },
  hooks: socialHooks,
  present: presenter(socialProviderSchema),
});
