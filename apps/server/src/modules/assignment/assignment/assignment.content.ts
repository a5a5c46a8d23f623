import {
  type AssignmentSection,
  CHOICE_TYPES,
  type ExamQuestion,
  type ExamSection,
  isAnswerable,
  OPTION_LABELS,
  type QuestionType,
} from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { insideTransaction } from '../../../core/db/tx-guard.ts';
import { paperTeacher, paperTeacherQuestion } from '../../../db/schema/index.ts';
import {
  type SnapshotItem,
  type SnapshotRow,
  snapshotItems,
  snapshotRows,
  snapshotWithItems,
} from '../../question/question.api.ts';
import type { GradedQuestion } from '../attempt/attempt.grade.ts';
import type { Layout } from './assignment.layout.ts';

export type AssignmentRow = typeof paperTeacher.$inferSelect;

/** A frozen question of an assignment with what grading and every view of it need. */
export interface ContentQuestion extends GradedQuestion {
  id: string;
  parentId: string;
  titleId: string;
  questionId: string;
  questionInstId: string;
  stem: string;
  analysis: string;
  fileTypes?: string[];
  itemRows: SnapshotItem[];
}

/** An assignment's questions by id. Frozen at assignment time, so it is cached (a key fix bumps `update_time`). */
export type Content = Map<string, ContentQuestion>;

const cache = new Map<string, Promise<Content>>();
const CACHE_SIZE = 64;

/**
 * The assignment's content, read once per version. A miss is read once however many ask meanwhile: after a restart
 * 2,000 students' first saves arrive together, and each reading 100 questions and their options would keep the
 * database busy for seconds. A read inside a transaction is shared only once it has succeeded, so a failed
 * transaction's read fails no one else.
 */
export function assignmentContent(db: Db, a: Pick<AssignmentRow, 'id' | 'updateTime'>): Promise<Content> {
  const key = `${a.id}:${a.updateTime.getTime()}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const loading = readContent(db, a.id);
  const remember = () => {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, loading);
  };
  if (insideTransaction()) {
    loading.then(remember, () => {});
  } else {
    remember();
    loading.catch(() => {
      if (cache.get(key) === loading) cache.delete(key);
    });
  }
  return loading;
}

async function readContent(db: Db, assignmentId: string): Promise<Content> {
  const snapshots = snapshotRows(db);
  // The subquery's own fields (`inst.*`) as one object, as a joined table's row would be.
  const rows = await db
    .select({ q: paperTeacherQuestion, inst: snapshots._.selectedFields })
    .from(paperTeacherQuestion)
    .innerJoin(snapshots, eq(snapshots.id, paperTeacherQuestion.questionInstId))
    .where(and(eq(paperTeacherQuestion.paperTeacherId, assignmentId), eq(paperTeacherQuestion.isDeleted, 0)))
    .orderBy(asc(paperTeacherQuestion.sort));
  const items = rows.length
    ? await snapshotItems(
        db,
        rows.map((r) => r.inst.id),
      )
    : [];
  return new Map(
    rows.map(({ q, inst }) => [
      q.id,
      contentQuestion(
        inst,
        items.filter((i) => i.questionInstId === inst.id),
        q,
      ),
    ]),
  );
}

/** A frozen question with its items, placed in an assignment (`placed`) or on its own (the wrong-answer book). */
export function contentQuestion(
  inst: SnapshotRow,
  items: SnapshotItem[],
  placed?: { id: string; parentId: string; titleId: string; score: number },
): ContentQuestion {
  const config = (inst.config ?? {}) as { fileTypes?: string[] };
  return {
    id: placed?.id ?? inst.id,
    parentId: placed?.parentId ?? '0',
    titleId: placed?.titleId ?? '0',
    questionId: inst.questionId,
    questionInstId: inst.id,
    type: inst.type as QuestionType,
    score: Number(placed?.score ?? inst.score),
    stem: inst.stem,
    answer: inst.answer,
    analysis: inst.analysis,
    fileTypes: config.fileTypes,
    items: items.map((i) => ({
      id: i.id,
      content: i.content,
      isAnswer: i.isAnswer,
      score: Number(i.score),
      config: i.config,
    })),
    itemRows: items,
  };
}

/** A frozen question on its own, by snapshot id (the wrong-answer book's re-practice). */
export async function instQuestion(db: Db, tenantId: string, instId: string): Promise<ContentQuestion | undefined> {
  const frozen = await snapshotWithItems(db, tenantId, instId);
  return frozen && contentQuestion(frozen.inst, frozen.items);
}

/** The key of a question for immediate feedback: the right options (by id and, in this order, by label). */
export function feedbackKey(q: ContentQuestion, order?: string[]): { key: string; rightOptionIds: string[] } {
  if (CHOICE_TYPES.includes(q.type)) {
    const ids = order ?? q.items.map((i) => i.id);
    const right = new Set(q.items.filter((i) => i.isAnswer === 1).map((i) => i.id));
    return {
      key: ids
        .map((id, k) => (right.has(id) ? (OPTION_LABELS[k] ?? String(k + 1)) : ''))
        .filter(Boolean)
        .join(', '),
      rightOptionIds: [...right],
    };
  }
  if (q.type === 'fill') return { key: q.items.map((i) => i.content).join('；'), rightOptionIds: [] };
  return { key: q.answer, rightOptionIds: [] };
}

/** One question of a student's paper in their order, numbered, with the option order they were given. */
export interface Placed {
  q: ContentQuestion;
  no: string;
  optionOrder?: string[];
  children: Placed[];
}

/**
 * A student's paper as sections of numbered questions (1, 2 … through the paper; a composite's children (1), (2) …),
 * from their layout. Sections without questions are left out.
 */
export function placeQuestions(
  content: Content,
  sections: AssignmentSection[],
  layout: Layout,
): { section: AssignmentSection; score: number; questions: Placed[] }[] {
  const byParent = new Map<string, Placed[]>();
  const tops: Placed[] = [];
  for (const entry of layout) {
    const q = content.get(entry.q);
    if (!q) continue;
    const placed: Placed = { q, no: '', optionOrder: entry.o, children: [] };
    if (q.parentId === '0') tops.push(placed);
    else byParent.set(q.parentId, [...(byParent.get(q.parentId) ?? []), placed]);
  }
  let n = 0;
  const out = sections.map((section) => ({ section, score: 0, questions: [] as Placed[] }));
  const bySection = new Map(out.map((s) => [s.section.id, s]));
  for (const top of tops) {
    top.no = String(++n);
    top.children = (byParent.get(top.q.id) ?? []).map((c, k) => ({ ...c, no: `(${k + 1})` }));
    const home = bySection.get(top.q.titleId) ?? out[out.length - 1];
    if (!home) continue;
    home.questions.push(top);
    home.score += top.q.score;
  }
  return out.filter((s) => s.questions.length > 0);
}

/** Options in the student's order, labelled A, B …; blanks numbered with nothing of the key. */
export function studentItems(p: Placed): ExamQuestion['items'] {
  const { q } = p;
  if (CHOICE_TYPES.includes(q.type)) {
    const order = p.optionOrder ?? q.items.map((i) => i.id);
    const byId = new Map(q.items.map((i) => [i.id, i]));
    return order
      .filter((id) => byId.has(id))
      .map((id, k) => ({ id, label: OPTION_LABELS[k] ?? String(k + 1), content: byId.get(id)!.content }));
  }
  if (q.type === 'fill') return q.items.map((i, k) => ({ id: i.id, label: String(k + 1), content: '' }));
  return [];
}

/** A placed question as the student's exam page gets it: no key, no analysis. */
export function examQuestion(p: Placed): ExamQuestion {
  return {
    id: p.q.id,
    no: p.no,
    type: p.q.type,
    score: p.q.score,
    stem: p.q.stem,
    items: studentItems(p),
    blanks: p.q.type === 'fill' ? p.q.items.length : 0,
    ...(p.q.fileTypes ? { fileTypes: p.q.fileTypes } : {}),
    children: p.children.map(examQuestion),
  };
}

export function examSections(content: Content, a: Pick<AssignmentRow, 'sections'>, layout: Layout): ExamSection[] {
  return placeQuestions(content, a.sections as AssignmentSection[], layout).map((s) => ({
    id: s.section.id,
    name: s.section.name,
    remark: s.section.remark,
    score: s.score,
    questions: s.questions.map(examQuestion),
  }));
}

/** How many questions a student answers: the contracts' one rule (composites as their parts, practical work not). */
export function questionCount(content: Content): number {
  let n = 0;
  for (const q of content.values()) if (isAnswerable(q.type)) n++;
  return n;
}

export async function loadAssignment(db: Db, tenantId: string, id: string): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .select()
    .from(paperTeacher)
    .where(and(eq(paperTeacher.tenantId, tenantId), eq(paperTeacher.id, id), eq(paperTeacher.isDeleted, 0)));
  return row;
}

/** Every answerable question of an assignment in paper order, numbered as the paper numbers them ("3(1)"). */
export function numberedQuestions(
  content: Content,
  a: Pick<AssignmentRow, 'sections'>,
): { q: ContentQuestion; no: string }[] {
  const paperOrder: Layout = [...content.keys()].map((q) => ({ q }));
  const out: { q: ContentQuestion; no: string }[] = [];
  const add = (placed: Placed, no: string) => {
    if (placed.q.type !== 'composite') out.push({ q: placed.q, no });
    for (const c of placed.children) add(c, `${no}${c.no}`);
  };
  for (const s of placeQuestions(content, a.sections as AssignmentSection[], paperOrder))
    for (const q of s.questions) add(q, q.no);
  return out;
}
