import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** md5(plain) as the client sends every password (SPEC §5). */
export const md5Schema = z
  .string({ error: 'user.password.required' })
  .regex(/^[a-fA-F0-9]{32}$/, { error: 'user.password.required' });

/** SPEC §5 phone helper: empty, not 11 digits, or not a mobile number each have their own message. */
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
  code: z.string(),
  userType: z.number(),
  lockedUntil: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** `update-info`: what a user may change about themselves. Role, tenant, status and password are not here. */
export const userInfoFormSchema = userFormSchema
  .pick({ name: true, realName: true, phone: true, email: true, sex: true, birthday: true })
  .partial()
  .extend({ avatar: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional() });
export type UserInfoForm = z.infer<typeof userInfoFormSchema>;

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
