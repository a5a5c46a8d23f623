import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });
const dateSchema = (key: string) => z.iso.date({ error: key });

/** 学年: dates as `YYYY-MM-DD`; the end is on or after the start and the years of a school never overlap. */
export const schoolyearFormSchema = z.object({
  schoolId: idSchema,
  name: required('schoolyear.name.required').max(50, { error: 'validation.tooLong' }),
  startDate: dateSchema('calendar.startDate.required'),
  endDate: dateSchema('calendar.endDate.required'),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
});
export type SchoolyearForm = z.infer<typeof schoolyearFormSchema>;

export const schoolyearSchema = auditSchema.extend({
  tenantId: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  remark: z.string(),
});
export type Schoolyear = z.infer<typeof schoolyearSchema>;

/** 学期: inside its school year; the school comes from the year. `isCurrent: 1` makes it the school's current term. */
export const termFormSchema = z.object({
  schoolyearId: idSchema,
  name: required('term.name.required').max(50, { error: 'validation.tooLong' }),
  startDate: dateSchema('calendar.startDate.required'),
  endDate: dateSchema('calendar.endDate.required'),
  isCurrent: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' }).optional(),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
});
export type TermForm = z.infer<typeof termFormSchema>;

export const termSchema = auditSchema.extend({
  tenantId: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  schoolyearId: z.string(),
  schoolyearName: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isCurrent: z.number(),
  remark: z.string(),
});
export type Term = z.infer<typeof termSchema>;

/** `GET all?isAsc&schoolId`: every school year (or term), by start date; `isAsc=false` (or 0) puts the latest first. */
export const allQuerySchema = z.object({
  isAsc: z.enum(['true', 'false', '1', '0']).optional(),
  schoolId: z.union([z.literal(''), idSchema]).optional(),
});
