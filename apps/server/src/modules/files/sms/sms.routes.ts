import { type SendMessage, sendMessageSchema } from '@shixun/contracts';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import type { KvStore } from '../../../core/kv/store.ts';
import type { SecretBox } from '../../../core/secrets/secret-box.ts';
import { sms } from '../../../db/schema/index.ts';
import { mountEnable } from '../sealed-config.ts';
import { smsResource } from './sms.resource.ts';
import { sendMessage } from './sms.send.ts';

export function smsRoutes(app: TypedApp, deps: { db: Db; store: KvStore; secrets: SecretBox }): void {
  mountEnable(app, deps.db, { def: smsResource, table: sms, disabled: 'sms.disabled' });

  /**
   * `send-message?code&phones&params` (BladeX's SmsEndpoint; the fields may also come as a form or JSON body):
   * a template message to up to 100 numbers through the config with that code. Needs the 发送短信 button.
   */
  app.post(
    '/api/blade-resource/sms/endpoint/send-message',
    { config: { access: access.permission('sms_send') } },
    async (req) => {
      const query = typeof req.query === 'object' ? req.query : null;
      const body = typeof req.body === 'object' ? req.body : null;
      const form: SendMessage = sendMessageSchema.parse({ ...query, ...body });
      await sendMessage(deps, principalOf(req).tenantId, form.code, { phones: form.phones, params: form.params });
      return ok(localeOf(req), null, 'ok.default');
    },
  );
}
