import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** md5(plain) as the client sends every password (SPEC §5). */
export const md5Schema = z
  .string({ error: 'user.password.required' })
  .regex(/^[a-fA-F0-9]{32}$/, { error: 'user.password.required' });

/**
 * SPEC §5 phone helper, applied to a phone that is given: not 11 digits, or not a mobile number, each have their own
 * message. An empty phone is allowed everywhere (nobody has to leave a number).
 */
export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || v.length === 11, { error: 'user.phone.length' })
  .refine((v) => v === '' || /^1[3-9]\d{9}$/.test(v), { error: 'user.phone.format' });

/** 用户 (user) as an administrator edits it. The password is only set on add; later changes go through their own calls. */
export const userFormSchema = z.object({
  account: required('user.account.required')
    .max(45, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_.@-]+$/, { error: 'user.account.format' }),
  password: md5Schema.optional(),
  name: required('user.name.required').max(50, { error: 'validation.tooLong' }),
  realName: required('user.realName.required').max(50, { error: 'validation.tooLong' }),
  phone: phoneSchema.optional(),
  email: z.union([z.literal(''), z.email({ error: 'user.email.format' })]).optional(),
  sex: z.coerce.number().int().min(0).max(2).optional(),
  birthday: z.iso.date({ error: 'validation.invalid' }).nullable().optional(),
  deptId: idSchema.nullable().optional(),
  postId: idSchema.nullable().optional(),
  roleIds: z.array(idSchema, { error: 'user.roleIds.required' }).min(1, { error: 'user.roleIds.required' }).max(20),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
  code: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
});
export type UserForm = z.infer<typeof userFormSchema>;

/**
 * The administrator's user form in the browser: the password is typed in plain text (checked here) and sent as its
 * md5, which `userFormSchema` then expects.
 */
export const plainPasswordSchema = z
  .string({ error: 'user.password.required' })
  .min(6, { error: 'user.password.tooShort' })
  .max(64, { error: 'validation.tooLong' });
export const userEditorSchema = userFormSchema.extend({ password: plainPasswordSchema.optional() });

/** A user as clients see it: never a password hash. */
export const userSchema = auditSchema.extend({
  tenantId: z.string(),
  account: z.string(),
  name: z.string(),
  realName: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  sex: z.number(),
  birthday: z.string().nullable(),
  deptId: z.string().nullable(),
  deptName: z.string(),
  postId: z.string().nullable(),
  postName: z.string(),
  roleIds: z.array(z.string()),
  roleName: z.string(),
  /** The role names in English: each role's English name, or its Chinese one where it has none. */
  roleNameEn: z.string(),
  code: z.string(),
  userType: z.number(),
  lockedUntil: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/**
 * An avatar is a link `put-file` gave: a path on this site (`/files/...`) or an http(s) address of the object
 * storage. Anything else (`javascript:`, `data:`, `//host`) would be put in an <img> of every screen.
 */
export const avatarSchema = z
  .string()
  .trim()
  .max(1000, { error: 'validation.tooLong' })
  .regex(/^$|^\/(?!\/)|^https?:\/\//i, { error: 'user.avatar.invalid' });

/** `update-info`: what a user may change about themselves. Role, tenant, status and password are not here. */
export const userInfoFormSchema = userFormSchema
  .pick({ name: true, realName: true, email: true, sex: true, birthday: true })
  .partial()
  .extend({ phone: phoneSchema.optional(), avatar: avatarSchema.optional() });
export type UserInfoForm = z.infer<typeof userInfoFormSchema>;

/** The personal info tab (/info/index): the fields it shows, each required as the form marks it. */
export const profileFormSchema = userInfoFormSchema.pick({ avatar: true, email: true }).extend({
  name: userFormSchema.shape.name,
  realName: userFormSchema.shape.realName,
  phone: phoneSchema.optional(),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** `update-password`: all three are md5; the two new ones must match. */
export const passwordChangeSchema = z
  .object({
    oldPassword: md5Schema,
    newPassword: md5Schema,
    newPassword1: md5Schema,
  })
  .refine((v) => v.newPassword.toLowerCase() === v.newPassword1.toLowerCase(), {
    error: 'user.password.mismatch',
    path: ['newPassword1'],
  });

/** `grant`: give these users exactly these roles. */
export const userGrantSchema = z.object({
  userIds: z.array(idSchema, { error: 'validation.ids' }).min(1, { error: 'validation.ids' }).max(1000),
  roleIds: z.array(idSchema, { error: 'user.roleIds.required' }).min(1, { error: 'user.roleIds.required' }).max(20),
});

/** `reset-password` answer: the new passwords, shown once to the administrator who reset them. */
export interface PasswordReset {
  userId: string;
  account: string;
  password: string;
}

/** `page?status=pending`: accounts awaiting approval (guests who registered: disabled and without a role). */
export const USER_STATUS_PENDING = 'pending';

/** User platforms (dict `user_type`): 1 web, 2 app, 3 other. */
export const userTypeSchema = z.coerce
  .number({ error: 'user.platform.userType' })
  .int({ error: 'user.platform.userType' })
  .min(1, { error: 'user.platform.userType' })
  .max(3, { error: 'user.platform.userType' });

/** Largest extension text kept for one platform. */
export const USER_EXT_MAX = 4000;

/** `update-platform`: a user's platform and its extension, a JSON text ('' clears it). */
export const userPlatformFormSchema = z.object({
  userId: idSchema,
  userType: userTypeSchema,
  userExt: z
    .string()
    .trim()
    .max(USER_EXT_MAX, { error: 'validation.tooLong' })
    .refine(
      (v) => {
        if (v === '') return true;
        try {
          JSON.parse(v);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'user.platform.userExt' },
    )
    .default(''),
});
export type UserPlatformForm = z.infer<typeof userPlatformFormSchema>;

/** `platform-detail`: the user with the extension of their platform. */
export const userPlatformSchema = userSchema.extend({ userExt: z.string() });
export type UserPlatform = z.infer<typeof userPlatformSchema>;

/** `register-guest` (public): a guest asks for an account, which stays disabled until an administrator approves it. */
export const registerGuestSchema = z.object({
  tenantId: required('user.register.tenantId').max(12, { error: 'validation.tooLong' }),
  name: userFormSchema.shape.name,
  account: userFormSchema.shape.account,
  password: md5Schema,
  oauthId: z
    .string()
    .trim()
    .max(64, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'validation.invalid' })
    .optional(),
});
export type RegisterGuest = z.infer<typeof registerGuestSchema>;

/** One problem in an import file: the row number as Excel shows it, the column and a message in the caller's language. */
export interface ImportIssue {
  row: number;
  field: string;
  message: string;
}

/** A successful import: counts, and the generated passwords of new accounts (shown once; none when configured). */
export interface UserImportResult {
  inserted: number;
  updated: number;
  passwords: { account: string; password: string }[];
}
