import {
  CHOICE_TYPES,
  countAnswerable,
  type LibAccess,
  OPTION_LABELS,
  type Paper,
  type PaperQuestionView,
  type PaperSection,
  type PaperView,
  type QuestionType,
} from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { accessScope, loadRows } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { notFound } from '../../core/http/errors.ts';
import { paper, type paperQuestion, paperTitle } from '../../db/schema/index.ts';
import { changes } from '../academic/academic.api.ts';
import { questionsForPaper, type ShownItem } from '../question/question.api.ts';
import { paperQuestionRows } from './paper.compose.ts';
import { paperResource } from './paper.resource.ts';

type PaperQuestionRow = typeof paperQuestion.$inferSelect;

/**
 * A paper as its sections hold it (`title/tree/{id}`, the preview, the Word download): numbered questions with
 * their scores in this paper, each section's score and count. Answers, analysis and which options are right are
 * there only when asked for by someone who may change the paper — never for anyone else.
 */
export async function paperView(db: Db, p: Principal, paperId: string, opts: { answers: boolean }): Promise<PaperView> {
  const scope = await accessScope(db, paperResource, p);
  const [row] = await db
    .select()
    .from(paper)
    .where(and(scope, eq(paper.id, paperId)));
  if (!row) throw notFound();
  const [loaded] = await loadRows(paperResource, [row], { db, principal: p, scope });
  // Answers for those who may change the paper (its owner, an edit-sharer, an administrator): what its list says.
  const answers = opts.answers && changes(loaded!.access as LibAccess);

  const [titles, placed] = await Promise.all([
    db
      .select()
      .from(paperTitle)
      .where(and(eq(paperTitle.paperId, paperId), eq(paperTitle.isDeleted, 0)))
      .orderBy(asc(paperTitle.sort), asc(paperTitle.id)),
    paperQuestionRows(db, [paperId]),
  ]);
  const byId = await questionsForPaper(
    db,
    placed.map((r) => r.questionId),
  );

  let counter = 0;
  const viewOf = (r: PaperQuestionRow, no: string): PaperQuestionView => {
    const q = byId.get(r.questionId);
    const type = q?.type ?? 'short';
    const kids = placed.filter((c) => c.parentId === r.id);
    return {
      id: r.id,
      questionId: r.questionId,
      no,
      score: Number(r.score),
      type,
      stem: q?.stem ?? '',
      difficulty: q?.difficulty ?? 3,
      libName: q?.libName ?? '',
      items: itemsOf(type, q?.items ?? [], answers),
      ...(answers ? { answer: q?.answer ?? '', analysis: q?.analysis ?? '' } : {}),
      children: kids.map((k, i) => viewOf(k, `(${i + 1})`)),
    };
  };
  const sectionOf = (t: typeof paperTitle.$inferSelect): PaperSection => {
    const questionsHere = placed
      .filter((r) => r.titleId === t.id && r.parentId === '0')
      .map((r) => viewOf(r, String(++counter)));
    const children = titles.filter((c) => c.parentId === t.id).map(sectionOf);
    return {
      id: t.id,
      parentId: t.parentId,
      name: t.name,
      remark: t.remark,
      score: round(questionsHere.reduce((s, q) => s + q.score, 0) + children.reduce((s, c) => s + c.score, 0)),
      // The contracts' one rule, as the editor's tree, the exam and 我的考试 count.
      questionCount: countAnswerable(questionsHere) + children.reduce((s, c) => s + c.questionCount, 0),
      questions: questionsHere,
      children,
    };
  };
  const sections = titles.filter((t) => t.parentId === '0').map(sectionOf);
  return { paper: paperResource.present(loaded!) as Paper, sections, answers };
}

/**
 * What a question's items show: options with their labels (right ones marked only with answers); a fill question's
 * blanks as numbered places, their accepted answers only with answers; scoring points only with answers.
 */
function itemsOf(type: QuestionType, rows: ShownItem[], answers: boolean): PaperQuestionView['items'] {
  if (CHOICE_TYPES.includes(type)) {
    return rows.map((i, n) => ({
      id: i.id,
      label: OPTION_LABELS[n] ?? String(n + 1),
      content: i.content,
      ...(answers ? { isAnswer: i.isAnswer === 1 } : {}),
    }));
  }
  if (type === 'fill') {
    return rows.map((i, n) => ({
      id: i.id,
      label: String(n + 1),
      content: answers ? i.content : '',
      ...(answers ? { score: Number(i.score) } : {}),
    }));
  }
  return answers
    ? rows.map((i, n) => ({ id: i.id, label: String(n + 1), content: i.content, score: Number(i.score) }))
    : [];
}

const round = (n: number) => Math.round(n * 10) / 10;
