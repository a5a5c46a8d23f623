import { z } from 'zod';
import { DISCIPLINES } from '../academic/flag.ts';
import { auditSchema, idSchema } from '../common.ts';

const disciplineValues = DISCIPLINES.map((d) => d.value) as [string, ...string[]];
/** 学科, or '' for none. */
export const disciplineSchema = z.union([z.literal(''), z.enum(disciplineValues)], {
  error: 'question.discipline.invalid',
});

/** 题库 add/edit form. `isPublic` 1 publishes it to the public library (公共资源库). */
export const questionLibFormSchema = z.object({
  name: z
    .string({ error: 'questionLib.name.required' })
    .trim()
    .min(1, { error: 'questionLib.name.required' })
    .max(100, { error: 'validation.tooLong' }),
  discipline: disciplineSchema.optional(),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  isPublic: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' }).optional(),
});
export type QuestionLibForm = z.infer<typeof questionLibFormSchema>;

/**
 * What the caller may do with a library: `own` (theirs), `edit`/`read` (shared with them or their school),
 * `public` (published by someone else: read and quote), `admin` (a tenant administrator: everything).
 */
export const LIB_ACCESS = ['own', 'edit', 'read', 'public', 'admin'] as const;
export type LibAccess = (typeof LIB_ACCESS)[number];

export const questionLibSchema = auditSchema.extend({
  tenantId: z.string(),
  name: z.string(),
  discipline: z.string(),
  remark: z.string(),
  isPublic: z.number(),
  sourceId: z.string(),
  access: z.enum(LIB_ACCESS),
  ownerName: z.string(),
  questionCount: z.number(),
});
export type QuestionLib = z.infer<typeof questionLibSchema>;

export const GRANTEE_TYPES = ['teacher', 'school'] as const;
export type GranteeType = (typeof GRANTEE_TYPES)[number];
export const SHARE_ACCESS = ['read', 'edit'] as const;
export type ShareAccess = (typeof SHARE_ACCESS)[number];

/**
 * What every share's form holds beside the id of what is shared (a library, a paper): one teacher (their user id)
 * or a whole school, and whether they may read (and quote) it or edit it.
 */
export const shareFormFields = {
  granteeType: z.enum(GRANTEE_TYPES, { error: 'share.grantee.invalid' }),
  granteeId: idSchema,
  access: z.enum(SHARE_ACCESS, { error: 'share.access.invalid' }),
};

/** What every share answers with beside the id of what is shared. */
export const shareFields = {
  tenantId: z.string(),
  granteeType: z.enum(GRANTEE_TYPES),
  granteeId: z.string(),
  access: z.enum(SHARE_ACCESS),
  /** The teacher's or school's name. */
  granteeName: z.string(),
};

/** A library shared with one teacher or a whole school, to read (and quote) or to edit. */
export const questionLibPermissionFormSchema = z.object({ libId: idSchema, ...shareFormFields });
export type QuestionLibPermissionForm = z.infer<typeof questionLibPermissionFormSchema>;

export const questionLibPermissionSchema = auditSchema.extend({ libId: z.string(), ...shareFields });
export type QuestionLibPermission = z.infer<typeof questionLibPermissionSchema>;

/** `POST quote`: copy a library the caller may read into a library of their own. */
export const quoteLibSchema = z.object({
  id: idSchema,
  name: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});

/** `GET get_que_lib_list?access=edit`: the libraries a picker offers. */
export const libOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  discipline: z.string(),
  access: z.enum(LIB_ACCESS),
});
export type LibOption = z.infer<typeof libOptionSchema>;
