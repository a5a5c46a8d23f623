import { z } from 'zod';
import { auditSchema, idSchema, type TreeNode } from '../common.ts';

/** The five classification trees: 专业方向, 出版社, 知识点, 维度, 题型. */
export const FLAG_KINDS = ['direction', 'publisher', 'knowledge', 'dimension', 'questionType'] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];
export const flagKindSchema = z.enum(FLAG_KINDS, { error: 'flag.kind.invalid' });

/** 学科: a fixed list (SPEC §2), not a tree anyone edits. */
export const DISCIPLINES = [
  { value: 'cn', zh: '语文', en: 'Chinese' },
  { value: 'math', zh: '数学', en: 'Mathematics' },
  { value: 'en', zh: '英语', en: 'English' },
] as const;
export type Discipline = (typeof DISCIPLINES)[number]['value'];

/** A node of one tree. `parentId` "0" (or absent) = a root; a child is of its parent's kind. */
export const flagFormSchema = z.object({
  kind: flagKindSchema,
  parentId: idSchema.optional(),
  name: z
    .string({ error: 'flag.name.required' })
    .trim()
    .min(1, { error: 'flag.name.required' })
    .max(100, { error: 'validation.tooLong' }),
  enName: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  code: z
    .string()
    .trim()
    .max(32, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'flag.code.format' })
    .optional(),
  sort: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(99999).optional(),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
});
export type FlagForm = z.infer<typeof flagFormSchema>;

export const flagSchema = auditSchema.extend({
  tenantId: z.string(),
  kind: z.string(),
  parentId: z.string(),
  name: z.string(),
  enName: z.string(),
  code: z.string(),
  sort: z.number(),
  remark: z.string(),
});
export type Flag = z.infer<typeof flagSchema>;

/** A node of the flag trees: a TreeNode (title in the caller's language) with the row's own fields. */
export interface FlagNode extends TreeNode {
  kind: FlagKind;
  name: string;
  enName: string;
  code: string;
  sort: number;
  status: number;
  children?: FlagNode[];
}

/** `getFamily/{ids}`: a node with the names of the nodes above it, root first. */
export interface FlagFamily {
  id: string;
  kind: FlagKind;
  name: string;
  /** Ids from the root down to the node's parent. */
  ancestorIds: string[];
  /** e.g. 机械基础 / 公差配合 / 基本偏差. */
  path: string;
}

/** `beforeadd/{kind}/{parentId}/{name}`: the name is free under that parent; a new node would go last. */
export interface FlagBeforeAdd {
  sort: number;
}

/** `POST move`: drag (another parent, a position) and up/down (same parent, one step). */
export const flagMoveSchema = z.object({
  id: idSchema,
  parentId: idSchema,
  /** Position among the new siblings, 0 = first. */
  index: z.coerce.number().int().min(0).max(100000),
});
export type FlagMove = z.infer<typeof flagMoveSchema>;
