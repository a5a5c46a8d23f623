import { type BlueprintRule, PLATFORM_TENANT_ID, type QuestionType } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../core/access/principal.ts';
import type { Db } from '../core/db/client.ts';
import { paper, paperTitle, question, userRole } from '../db/schema/index.ts';
import { composeByBlueprint } from '../modules/paper/paper.blueprint.ts';
import { insertQuestions } from '../modules/paper/paper.compose.ts';
import { recomputeTotals } from '../modules/paper/paper.totals.ts';

const T = PLATFORM_TENANT_ID;
/** teacher1 (王老师) owns the demo libraries (question-demo.ts) and these papers. */
const OWNER = '70200';
const LIBS = { mechanics: '71100', maths: '71101' };
const PAPERS = { exam: '72100', practice: '72101' };

/** The exam's sections: one per type, how many questions of it, and each one's score (else the bank's). */
const EXAM_SECTIONS: [name: string, type: QuestionType, count: number, score?: number][] = [
  ['一、单项选择题', 'single', 5, 2],
  ['二、多项选择题', 'multiple', 3, 3],
  ['三、判断题', 'judge', 5, 1],
  ['四、填空题', 'fill', 3],
  ['五、简答题', 'short', 2],
];

/**
 * The demo school's papers, both teacher1's: 机械基础期中考试 composed by hand from the mechanics library (an exam of
 * five sections), and 数学基础练习 drawn by a blueprint from the maths library (a practice). Seeded once.
 */
export async function seedPaperDemo(db: Db): Promise<void> {
  const [done] = await db.select({ id: paper.id }).from(paper).where(eq(paper.id, PAPERS.exam));
  if (done) return;
  const roles = await db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.userId, OWNER));
  const owner: Principal = {
    userId: OWNER,
    tenantId: T,
    sessionId: '',
    account: 'teacher1',
    deptId: null,
    roleIds: roles.map((r) => r.id),
    roleAliases: ['teacher'],
    superuser: false,
    packageId: null,
  };
  const audit = { tenantId: T, createUser: OWNER, updateUser: OWNER };
  await db.transaction(async (tx) => {
    await tx.insert(paper).values([
      {
        ...audit,
        id: PAPERS.exam,
        title: '机械基础期中考试',
        paperType: 'exam',
        duration: 90,
        shuffleOptions: 1,
        multipleScoring: 'partial',
        reviewPolicy: 'analysis',
        remark: '考试时间 90 分钟。请独立作答，交卷前检查是否有漏答的题目。',
      },
      {
        ...audit,
        id: PAPERS.practice,
        title: '数学基础练习',
        paperType: 'practice',
        discipline: 'math',
        attempts: 0,
        reviewPolicy: 'analysis',
        remark: '按知识点随机抽题的练习，可反复作答。',
      },
    ]);
    for (const [i, [name, type, count, score]] of EXAM_SECTIONS.entries()) {
      const picked = await tx
        .select()
        .from(question)
        .where(
          and(
            eq(question.libId, LIBS.mechanics),
            eq(question.type, type),
            eq(question.parentId, '0'),
            eq(question.isDeleted, 0),
          ),
        )
        .orderBy(asc(question.sort), asc(question.id))
        .limit(count);
      if (!picked.length) continue;
      const section = { id: String(72110 + i), paperId: PAPERS.exam };
      await tx.insert(paperTitle).values({ ...audit, ...section, name, sort: i + 1 });
      await insertQuestions(
        tx,
        owner,
        section,
        picked.map((q) => ({ question: q, children: [] })),
        score,
      );
    }
    await recomputeTotals(tx, [PAPERS.exam]);
    const [{ totalScore } = { totalScore: 0 }] = await tx
      .select({ totalScore: paper.totalScore })
      .from(paper)
      .where(eq(paper.id, PAPERS.exam));
    await tx
      .update(paper)
      .set({ passScore: Math.round(totalScore * 0.6) })
      .where(eq(paper.id, PAPERS.exam));

    // The practice: as many of each type as the maths library holds, up to four, 5 points each.
    const rules: BlueprintRule[] = [];
    for (const [section, type] of [
      ['一、选择题', 'single'],
      ['二、填空题', 'fill'],
      ['三、解答题', 'short'],
      ['四、阅读理解', 'composite'],
    ] as const) {
      const rows = await tx
        .select({ id: question.id })
        .from(question)
        .where(
          and(
            inArray(question.libId, [LIBS.maths]),
            eq(question.type, type),
            eq(question.parentId, '0'),
            eq(question.isDeleted, 0),
          ),
        );
      if (rows.length) rules.push({ section, libId: LIBS.maths, type, count: Math.min(4, rows.length), score: 5 });
    }
    if (rules.length) await composeByBlueprint(tx, owner, PAPERS.practice, { rules, seed: 20261125, perStudent: 0 });
  });
}
