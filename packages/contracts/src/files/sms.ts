import { z } from 'zod';
import { auditSchema, remarkSchema } from '../common.ts';
import { phoneSchema } from '../system/user.ts';

/** Keys of the system dictionary `sms` (BladeX's order). */
export const SMS_CATEGORIES = { yunpian: 1, qiniu: 2, aliyun: 3, tencent: 4 } as const;

/** Messages one phone number may receive (parameters, so a school can tune them), and their defaults. */
export const SMS_LIMITS = {
  perMinute: { key: 'sms.phonePerMinute', fallback: 1, seconds: 60 },
  perDay: { key: 'sms.phonePerDay', fallback: 10, seconds: 86_400 },
} as const;

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });
const required = (key: Parameters<typeof z.string>[0] & string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });

/** 短信配置 add/edit form; the secret key is write-only, as for object storage. */
export const smsFormSchema = z.object({
  category: z.coerce
    .number({ error: 'sms.category.required' })
    .int({ error: 'sms.category.required' })
    .refine((n) => (Object.values(SMS_CATEGORIES) as number[]).includes(n), { error: 'sms.category.required' }),
  smsCode: required('sms.smsCode.required', 64).regex(/^[A-Za-z0-9_.-]+$/, { error: 'sms.smsCode.format' }),
  templateId: required('sms.templateId.required', 64),
  accessKey: text(255).optional(),
  secretKey: required('sms.secretKey.required', 255),
  regionId: text(64)
    .regex(/^[A-Za-z0-9-]*$/, { error: 'validation.invalid' })
    .optional(),
  appId: text(64).optional(),
  signName: text(64).optional(),
  // One pattern with an empty alternative, not a union: a union's failure would not name this field's rule.
  endpoint: z
    .string()
    .trim()
    .max(255, { error: 'validation.tooLong' })
    .regex(/^(?:https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?\/?)?$/, { error: 'sms.endpoint.format' })
    .transform((s) => s.replace(/\/+$/, ''))
    .optional(),
  remark: remarkSchema.optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
});
export type SmsForm = z.infer<typeof smsFormSchema>;

export const smsSchema = auditSchema.extend({
  category: z.number(),
  smsCode: z.string(),
  templateId: z.string(),
  accessKey: z.string(),
  regionId: z.string(),
  appId: z.string(),
  signName: z.string(),
  endpoint: z.string(),
  remark: z.string(),
  enabled: z.number(),
});
export type Sms = z.infer<typeof smsSchema>;

/** `endpoint/send-message`: the config's code, a comma list of phones, the template's parameters as JSON. */
export const sendMessageSchema = z.object({
  code: required('sms.smsCode.required', 64),
  phones: z
    .string({ error: 'sms.phones.required' })
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(phoneSchema).min(1, { error: 'sms.phones.required' }).max(100, { error: 'sms.phones.tooMany' })),
  params: z
    .string()
    .max(2000, { error: 'validation.tooLong' })
    .optional()
    .transform((s, ctx) => {
      if (!s) return {} as Record<string, string>;
      try {
        const v = JSON.parse(s) as unknown;
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
        }
      } catch {}
      ctx.addIssue({ code: 'custom', message: 'sms.params.format' });
      return z.NEVER;
    }),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;
