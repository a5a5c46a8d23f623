import { questionInstSchema, questionItemInstSchema } from '@shixun/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../core/access/principal.ts';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { questionInst, questionItemInst } from '../../db/schema/index.ts';
import { libraryPolicy } from './library.policy.ts';

/** Snapshots are read by whoever took them (the assigning teacher) and administrators; students through attempts. */
async function takenBy(db: Db, p: Principal, column: PgColumn) {
  return (await libraryPolicy.reader(db, p)).kind === 'admin' ? undefined : eq(column, p.userId);
}

/** question_inst: the frozen questions papers hand to students. Read-only: only the system writes them. */
export const questionInstResource = defineResource({
  name: 'question_inst',
  basePath: '/api/jd/pc/question_inst',
  table: questionInst,
  scope: 'tenant',
  readOnly: true,
  rowScope: (db, p) => takenBy(db, p, questionInst.createUser),
  form: questionInstSchema.pick({ type: true }),
  filters: {
    questionId: filter.eqId(questionInst.questionId),
    parentId: filter.eqId(questionInst.parentId),
  },
  sorts: { createTime: questionInst.createTime, sort: questionInst.sort },
  defaultSort: [desc(questionInst.createTime), asc(questionInst.sort), asc(questionInst.id)],
  present: presenter(questionInstSchema),
});

/** question_item_inst: the frozen options, blanks and scoring points of a snapshot. Read-only. */
export const questionItemInstResource = defineResource({
  name: 'question_item_inst',
  basePath: '/api/jd/pc/question_item_inst',
  table: questionItemInst,
  scope: 'tenant',
  readOnly: true,
  rowScope: (db, p) => takenBy(db, p, questionItemInst.createUser),
  form: questionItemInstSchema.pick({ content: true }),
  filters: { questionInstId: filter.eqId(questionItemInst.questionInstId) },
  sorts: { sort: questionItemInst.sort },
  defaultSort: [asc(questionItemInst.questionInstId), asc(questionItemInst.sort), asc(questionItemInst.id)],
  present: presenter(questionItemInstSchema),
});
