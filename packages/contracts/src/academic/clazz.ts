import { z } from 'zod';
import { auditSchema, idSchema, type TreeNode } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** 年级 (1) or 班级 (2): one tree per school, grades at the root and classes under them. */
export const CLAZZ_CATEGORY = { grade: 1, class: 2 } as const;

/**
 * 班级管理's form for both. A class names its grade in `parentId`; head teacher, enrolment year and direction are a
 * class's only (the server clears them on a grade).
 */
export const clazzFormSchema = z.object({
  category: z.union([z.literal(1), z.literal(2)], { error: 'clazz.category.required' }),
  schoolId: idSchema,
  parentId: idSchema.optional(),
  name: required('clazz.name.required').max(100, { error: 'validation.tooLong' }),
  headTeacherId: idSchema.nullable().optional(),
  enrolmentYear: z.coerce
    .number({ error: 'clazz.enrolmentYear.invalid' })
    .int({ error: 'clazz.enrolmentYear.invalid' })
    .min(1990, { error: 'clazz.enrolmentYear.invalid' })
    .max(2100, { error: 'clazz.enrolmentYear.invalid' })
    .nullable()
    .optional(),
  directionId: idSchema.nullable().optional(),
  sort: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(99999).optional(),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
});
export type ClazzForm = z.infer<typeof clazzFormSchema>;

export const clazzSchema = auditSchema.extend({
  tenantId: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  parentId: z.string(),
  /** The grade's name for a class; '' for a grade. */
  gradeName: z.string(),
  category: z.number(),
  name: z.string(),
  headTeacherId: z.string().nullable(),
  headTeacherName: z.string(),
  enrolmentYear: z.number().nullable(),
  directionId: z.string().nullable(),
  directionName: z.string(),
  /** Live students in a class (a grade: in all its classes). */
  studentCount: z.number(),
  sort: z.number(),
  remark: z.string(),
});
export type Clazz = z.infer<typeof clazzSchema>;

/** What a node of the school → grade → class trees is. */
export type OrgNodeType = 'school' | 'grade' | 'class';

/** A node of `clazz/grades…` and `teacher/schools/grades/classes`: a TreeNode that says what it is. */
export interface OrgNode extends TreeNode {
  type: OrgNodeType;
  schoolId: string;
  children?: OrgNode[];
}
