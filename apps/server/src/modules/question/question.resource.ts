import {
  idSchema,
  type Locale,
  questionFormSchema,
  questionItemFormSchema,
  questionItemSchema,
  questionSchema,
} from '@shixun/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Filter, filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource } from '../../core/crud/resource.ts';
import { queryTokens } from '../../core/text/tokens.ts';
import { question, questionFlag, questionItem, questionLib } from '../../db/schema/index.ts';
import { knowledgeSubtreeIds } from '../academic/academic.api.ts';
import { libraryPolicy } from './library.policy.ts';
import { flagToken, type QuestionRow, questionHooks } from './question.hooks.ts';
import { plainTitle } from './question.usage.ts';

/** `text=`: every word of the query among the question's search tokens (GIN index, core/text/tokens.ts). */
const textFilter: Filter = {
  schema: z.string().trim().max(100).optional(),
  where(v) {
    const tokens = typeof v === 'string' ? queryTokens(v) : [];
    if (!tokens.length) return undefined;
    return sql`${question.searchTokens} @> array[${sql.join(
      tokens.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`;
  },
};

/**
 * `flagId=`: classified under this node or any node below it (knowledge point "公差" finds "基本偏差" too). The
 * nodes are among the question's search tokens, so this and a text filter are answered by one GIN index; they are
 * looked up first, so the planner sees which.
 */
const flagFilter: Filter = {
  schema: z.union([z.literal(''), idSchema]).optional(),
  resolve: (v, db) => knowledgeSubtreeIds(db, String(v)),
  where(v) {
    if (!Array.isArray(v)) return undefined;
    if (v.length === 0) return sql`false`;
    const tokens = v.map((id) => flagToken(String(id)));
    return sql`${question.searchTokens} && array[${sql.join(
      tokens.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`;
  },
};

/** `parentId=`: a composite question's children; absent = the questions themselves (children are listed by tree). */
const parentFilter: Filter = {
  schema: z.union([z.literal(''), idSchema]).optional(),
  where: (v) => eq(question.parentId, typeof v === 'string' && v !== '' ? v : '0'),
};

const publicLibs = sql`(select ${questionLib.id} from ${questionLib} where ${questionLib.isPublic} = 1 and ${questionLib.isDeleted} = 0)`;

/** `isPublic=1`: questions of published libraries only. */
const publicFilter: Filter = {
  schema: z.enum(['0', '1']).optional(),
  where: (v) => (v === '1' ? inArray(question.libId, publicLibs) : undefined),
};

/**
 * 试题 (`/api/jd/pc/question`; the `/api/exam/pc/question` family is question.routes.ts): a question of a library the
 * caller may read; only those who may edit the library change it. Options, blanks and scoring points are `items`,
 * classification nodes `flagIds`; a composite question's children are its subtree (ordered, moved up and down).
 */
export const questionResource = defineResource({
  name: 'question',
  basePath: '/api/jd/pc/question',
  table: question,
  scope: 'tenant',
  ...libraryPolicy.policyOn(question.libId),
  form: questionFormSchema,
  filters: {
    libId: filter.eqId(question.libId),
    parentId: parentFilter,
    type: filter.inStrings(question.type),
    difficulty: filter.eqInt(question.difficulty),
    discipline: filter.eqString(question.discipline),
    flagId: flagFilter,
    text: textFilter,
    createUser: filter.eqId(question.createUser),
    isPublic: publicFilter,
  },
  sorts: {
    createTime: question.createTime,
    updateTime: question.updateTime,
    difficulty: question.difficulty,
    score: question.score,
    sort: question.sort,
  },
  defaultSort: [desc(question.createTime), desc(question.id)],
  countLimit: 1000,
  extraLists: [
    { path: '/api/exam/pc/question/page' },
    { path: 'public_list', where: () => inArray(question.libId, publicLibs) },
  ],
  tree: {
    parent: question.parentId,
    sort: question.sort,
    partition: [question.libId],
    title: (row: QuestionRow) => plainTitle(row.stem),
    node: (row: QuestionRow, _locale: Locale) => ({ type: row.type, score: Number(row.score) }),
    cascade: true,
    messages: {
      parent: 'question.parent.invalid',
      loop: 'question.parent.invalid',
      hasChildren: 'question.composite.hasChildren',
      partitionFixed: 'question.lib.fixed',
    },
    calls: { basePath: '/api/exam/pc/question', upDown: { up: 'move/up', down: 'move/down' } },
  },
  children: [
    {
      kind: 'rows',
      field: 'items',
      table: questionItem,
      parent: questionItem.questionId,
      order: questionItem.sort,
      schema: questionItemFormSchema,
      max: 26,
      present: presenter(questionItemSchema),
    },
    { kind: 'ids', field: 'flagIds', table: questionFlag, parent: questionFlag.questionId, value: questionFlag.flagId },
  ],
  hooks: questionHooks,
  present: presenter(questionSchema),
});

/** Children of composite questions, in order (tree/{id}, exports). */
export function childrenOf(parentIds: string[]) {
  return and(inArray(question.parentId, parentIds), eq(question.isDeleted, 0));
}
export const childOrder = [asc(question.sort), asc(question.id)];
