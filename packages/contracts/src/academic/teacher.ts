import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { md5Schema, plainPasswordSchema, userFormSchema } from '../system/user.ts';

/** 教师 as an administrator edits it: a user account (name, sex, phone, email live there) plus 工号 and 职称. */
export const teacherFormSchema = z.object({
  account: userFormSchema.shape.account,
  password: md5Schema.optional(),
  realName: userFormSchema.shape.realName,
  sex: z.coerce.number().int().min(0).max(2).optional(),
  phone: userFormSchema.shape.phone,
  email: userFormSchema.shape.email,
  teacherNo: z
    .string()
    .trim()
    .max(32, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'teacher.teacherNo.format' })
    .optional(),
  jobTitle: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
});
export type TeacherForm = z.infer<typeof teacherFormSchema>;

export const teacherEditorSchema = teacherFormSchema.extend({ password: plainPasswordSchema.optional() });

export const teacherSchema = auditSchema.extend({
  tenantId: z.string(),
  userId: z.string(),
  account: z.string(),
  realName: z.string(),
  sex: z.number(),
  phone: z.string(),
  email: z.string(),
  teacherNo: z.string(),
  jobTitle: z.string(),
  remark: z.string(),
  /** What the teacher is related to, by name (e.g. 实训学校 / 2024级 / 1班), for the list. */
  relaNames: z.array(z.string()),
});
export type Teacher = z.infer<typeof teacherSchema>;

/** 1 school, 2 grade, 3 class: what a teacher relation points at. */
export const TEACHER_RELA_TYPE = { school: 1, grade: 2, class: 3 } as const;

/**
 * `PUT relas/{id}`: the teacher's relations become exactly `selectedRelas`, ids of schools, grades or classes of the
 * tenant (a school or grade stands for every class in it). `teacherName`, when sent, renames the teacher too.
 */
export const teacherRelasSchema = z.object({
  teacherId: idSchema,
  teacherName: userFormSchema.shape.realName.optional(),
  selectedRelas: z.array(idSchema, { error: 'validation.ids' }).max(2000),
});
export type TeacherRelas = z.infer<typeof teacherRelasSchema>;
