import {
  type AnswerResult,
  type AnswerValue,
  type AttemptReview,
  attemptSchema,
  type ReviewQuestion,
} from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import type { Db } from '../../../core/db/client.ts';
import { forbidden, notFound } from '../../../core/http/errors.ts';
import { paperStudent, paperStudentQuestion } from '../../../db/schema/index.ts';
import {
  assignmentContent,
  examQuestion,
  feedbackKey,
  loadAssignment,
  type Placed,
  placeQuestions,
  studentItems,
} from '../assignment/assignment.content.ts';
import { keyAccess } from '../assignment/assignment.keys.ts';
import type { Layout } from '../assignment/assignment.layout.ts';
import { attemptCondition } from '../assignment/assignment.policy.ts';
import { presentAttempts } from './attempt.resource.ts';

type AnswerRow = typeof paperStudentQuestion.$inferSelect;

function reviewQuestion(p: Placed, answers: Map<string, AnswerRow>, showKey: boolean): ReviewQuestion {
  const row = answers.get(p.q.id);
  const shown = studentItems(p);
  const byId = new Map(p.q.items.map((i) => [i.id, i]));
  const items = showKey
    ? shown.map((i) => {
        const stored = byId.get(i.id)!;
        return p.q.type === 'fill'
          ? { ...i, content: stored.content, score: stored.score }
          : { ...i, isAnswer: stored.isAnswer === 1 };
      })
    : shown;
  const { items: _items, children: _children, ...asShown } = examQuestion(p);
  return {
    ...asShown,
    answerId: row?.id ?? null,
    answer: (row?.answer ?? null) as AnswerValue,
    result: (row?.result ?? 'blank') as AnswerResult,
    earned: row ? Number(row.score) : 0,
    autoScore: row?.autoScore ?? null,
    manualScore: row?.manualScore ?? null,
    comment: row?.comment ?? '',
    items,
    ...(showKey ? { key: feedbackKey(p.q, p.optionOrder).key, analysis: p.q.analysis } : {}),
    children: p.children.map((c) => reviewQuestion(c, answers, showKey)),
  };
}

/**
 * `review`: an attempt with its answers and marks. A marker (the teacher of the assignment) sees everything; the
 * student sees nothing before their results are released, then what the review policy allows — the score only,
 * also their answers and marks, or also the key and analysis, which wait until no classmate can still answer
 * (assignment.keys.ts). Enforced here, not by the page.
 */
export async function attemptReview(db: Db, p: Principal, attemptId: string): Promise<AttemptReview> {
  const [row] = await db
    .select()
    .from(paperStudent)
    .where(
      and(
        eq(paperStudent.id, attemptId),
        eq(paperStudent.tenantId, p.tenantId),
        eq(paperStudent.isDeleted, 0),
        await attemptCondition(db, p),
      ),
    );
  if (!row) throw notFound();
  const a = (await loadAssignment(db, p.tenantId, row.paperTeacherId))!;
  const attempt = presenter(attemptSchema)((await presentAttempts(db, [row], p.userId))[0]!);
  const own = row.userId === p.userId;
  if (own && !attempt.released) throw forbidden('exam.notReleased');
  const access = own ? await keyAccess(db, a) : null;
  const policy: AttemptReview['policy'] = !access
    ? 'marker'
    : a.reviewPolicy === 'score'
      ? 'score'
      : access.key
        ? 'analysis'
        : 'answers';
  const base = {
    attempt,
    assignment: {
      id: a.id,
      title: a.title,
      kind: a.kind as AttemptReview['assignment']['kind'],
      totalScore: Number(a.totalScore),
      passScore: Number(a.passScore),
    },
    policy,
    keysFrom: a.reviewPolicy === 'analysis' && access?.from ? access.from.toISOString() : null,
  };
  if (policy === 'score') return { ...base, sections: [] };
  const [content, answers] = await Promise.all([
    assignmentContent(db, a),
    db.select().from(paperStudentQuestion).where(eq(paperStudentQuestion.paperStudentId, row.id)),
  ]);
  const byQuestion = new Map(answers.map((r) => [r.paperTeacherQuestionId, r]));
  const showKey = policy === 'analysis' || policy === 'marker';
  return {
    ...base,
    sections: placeQuestions(content, a.sections as never, row.layout as Layout).map((s) => ({
      id: s.section.id,
      name: s.section.name,
      remark: s.section.remark,
      score: s.score,
      questions: s.questions.map((q) => reviewQuestion(q, byQuestion, showKey)),
    })),
  };
}
