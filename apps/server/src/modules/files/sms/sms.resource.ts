import { smsFormSchema, smsSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { sms } from '../../../db/schema/index.ts';
import { sealedConfigHooks } from '../sealed-config.ts';

/** The purpose an SMS secret key is sealed for (see SecretBox). */
export const SMS_SECRET = 'sms.secretKey';

const sealed = sealedConfigHooks({ table: sms, purpose: SMS_SECRET, enabledRemove: 'sms.enabledRemove' });

/** 短信配置: a tenant's SMS provider settings. `send-message` (sms.routes.ts) sends through one of them by code. */
export const smsResource = defineResource({
  name: 'sms',
  basePath: '/api/blade-resource/sms',
  table: sms,
  scope: 'tenant',
  form: smsFormSchema,
  filters: { category: filter.eqInt(sms.category), smsCode: filter.like(sms.smsCode) },
  sorts: { smsCode: sms.smsCode, createTime: sms.createTime },
  defaultSort: [asc(sms.smsCode), asc(sms.id)],
  unique: [{ fields: ['smsCode'], message: 'sms.smsCode.taken' }],
  constraintMessages: { resource_sms_code_uq: 'sms.smsCode.taken' },
  hooks: {
    ...sealed,
    async beforeSave(ctx) {
      // Yunpian needs no AccessKey (its API key is the secret): a new config without one stores ''.
      if (!ctx.existing) ctx.values.accessKey ??= '';
      await sealed.beforeSave!(ctx);
    },
  },
  present: presenter(smsSchema),
});
