import type { PaperSection, PaperView } from '@shixun/contracts';
import type { LightMyRequestResponse } from 'fastify';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { addTeacher, teachingTenant } from '../academic/academic.fixtures.ts';

let t: TestApp;
const T = '570001';
const OTHER = '570002';
let admin: string;
/** wang owns the papers; li is another teacher of the tenant; stranger is a teacher of another tenant. */
let wang: string;
let li: string;
let stranger: string;
let libId: string;
/** Bank questions: single (2), multiple (3), judge (1), short (4), and a composite with children of 2 and 3. */
let q: { single: string; multiple: string; judge: string; short: string; composite: string };

type Method = 'GET' | 'POST' | 'DELETE';
const call = (
  token: string,
  method: Method,
  url: string,
  opts: { query?: object; payload?: object; lang?: string } = {},
) =>
  t.as(token, {
    method,
    url,
    query: opts.query as Record<string, string>,
    payload: opts.payload,
    headers: { 'accept-language': opts.lang ?? 'zh' },
  });
async function data(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function refused(res: LightMyRequestResponse, status: number, msg?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (msg) expect(res.json().msg).toBe(msg);
}
const exam = (path: string) => `/api/exam/pc/paper/${path}`;
const jd = (path: string) => `/api/jd/pc/${path}`;

const newPaper = async (token: string, payload: object = {}) =>
  (
    await data(
      await call(token, 'POST', exam('save'), { payload: { title: '期中考试', paperType: 'exam', ...payload } }),
    )
  ).id as string;
const addSection = async (token: string, paperId: string, name: string, parentId?: string) =>
  (await data(await call(token, 'POST', exam('title/save'), { payload: { paperId, name, parentId } }))).id as string;
const importQuestions = (token: string, paperId: string, titleId: string, questionIds: string[]) =>
  call(token, 'POST', exam('title/importQuestion'), { payload: { paperId, titleId, questionIds } });
const tree = async (token: string, paperId: string): Promise<PaperView> =>
  data(await call(token, 'GET', exam(`title/tree/${paperId}`)));
const total = async (paperId: string) => (await data(await call(wang, 'GET', exam(`get/${paperId}`)))).totalScore;
/** Every paper question of a view, depth first: [no, score, row id]. */
const listed = (sections: PaperSection[]): [string, number, string][] =>
  sections.flatMap((s) => [
    ...s.questions.flatMap((x) => [
      [x.no, x.score, x.id] as [string, number, string],
      ...x.children.map((c) => [c.no, c.score, c.id] as [string, number, string]),
    ]),
    ...listed(s.children),
  ]);

beforeAll(async () => {
  t = await startTestApp();
  admin = await teachingTenant(t, T);
  await addTeacher(t, admin, 'wang', '王老师');
  await addTeacher(t, admin, 'li', '李老师');
  wang = (await t.login('wang', '123456', T)).access_token;
  li = (await t.login('li', '123456', T)).access_token;
  const otherAdmin = await teachingTenant(t, OTHER);
  await addTeacher(t, otherAdmin, 'zhao', '赵老师');
  stranger = (await t.login('zhao', '123456', OTHER)).access_token;

  libId = (await data(await call(wang, 'POST', jd('question_lib/submit'), { payload: { name: '机械基础' } }))).id;
  const save = async (payload: object) =>
    (await data(await call(wang, 'POST', '/api/exam/pc/question/save', { payload: { libId, ...payload } })))
      .id as string;
  const options = [
    { content: '基本偏差', isAnswer: 1 },
    { content: '标准公差', isAnswer: 0 },
  ];
  q = {
    single: await save({ type: 'single', stem: '<p>公差带的位置由什么确定？</p>', items: options, score: 2 }),
    multiple: await save({ type: 'multiple', stem: '<p>属于形状公差的有</p>', items: options, score: 3 }),
    judge: await save({ type: 'judge', stem: '<p>$\\sqrt{4}=2$</p>', answer: 'T', score: 1 }),
    short: await save({
      type: 'short',
      stem: '<p>简述游标卡尺的读数方法。</p>',
      answer: '<p>主尺加游标。</p>',
      score: 4,
    }),
    composite: await save({ type: 'composite', stem: '<p>阅读零件图，回答问题。</p>' }),
  };
  for (const [stem, score] of [
    ['<p>零件的材料是？</p>', 2],
    ['<p>表面粗糙度要求？</p>', 3],
  ] as const) {
    await data(
      await call(wang, 'POST', `/api/exam/pc/question/addEmptyChildQuestion/${q.composite}`, {
        payload: { type: 'short', stem, answer: '<p>见图</p>', score },
      }),
    );
  }
});
afterAll(() => t.close());

describe('composing a paper by hand', () => {
  it('keeps the total right after every change: imports, composites, scores, batches, removals', async () => {
    const paperId = await newPaper(wang, { passScore: 0 });
    const choice = await addSection(wang, paperId, '一、选择题');
    const sub = await addSection(wang, paperId, '（一）单选', choice);
    const other = await addSection(wang, paperId, '二、综合题');
    expect(await total(paperId)).toBe(0);

    const imported = await importQuestions(wang, paperId, sub, [q.single, q.multiple]);
    expect((await data(imported)).count).toBe(2);
    expect(imported.json().msg).toBe('已加入 2 道试题');
    expect(await total(paperId)).toBe(5);
    await data(await importQuestions(wang, paperId, other, [q.composite, q.short]));
    expect(await total(paperId)).toBe(14); // 2 + 3 + (2 + 3) + 4

    let view = await tree(wang, paperId);
    // Counted as a student answers them (the contracts' rule): the composite as its two parts, then the short answer.
    expect(view.sections.map((s) => [s.name, s.score, s.questionCount])).toEqual([
      ['一、选择题', 5, 2],
      ['二、综合题', 9, 3],
    ]);
    expect(view.sections[0]!.children[0]!.name).toBe('（一）单选');
    expect(listed(view.sections).map(([no, score]) => [no, score])).toEqual([
      ['1', 2],
      ['2', 3],
      ['3', 5],
      ['(1)', 2],
      ['(2)', 3],
      ['4', 4],
    ]);
    const rows = listed(view.sections).map(([, , id]) => id);
    const [singleRow, multipleRow, compositeRow, childA, childB, shortRow] = rows as [string, ...string[]];

    // A question is in a paper at most once — by itself or as a composite's child.
    await refused(
      await importQuestions(wang, paperId, other, [q.single]),
      400,
      '试题已在本试卷中：“公差带的位置由什么确定？”',
    );
    await refused(
      await importQuestions(wang, paperId, other, [view.sections[1]!.questions[0]!.children[0]!.questionId]),
      400,
      '组合题的小题随组合题一起加入试卷',
    );

    // One score, a batch, a child's score: the composite is its children's sum, and cannot be set itself.
    await data(await call(wang, 'POST', jd('paper_question/submit'), { payload: { id: singleRow, score: 5 } }));
    expect(await total(paperId)).toBe(17);
    await data(
      await call(wang, 'POST', jd('paper_question/update_batch'), { payload: { ids: [childA, childB], score: 4 } }),
    );
    expect(await total(paperId)).toBe(20); // 5 + 3 + 8 + 4
    await refused(
      await call(wang, 'POST', jd('paper_question/update_batch'), { payload: { ids: [compositeRow], score: 4 } }),
      400,
      '组合题的分数是各小题分数之和，请修改小题的分数',
    );
    await refused(
      await call(wang, 'POST', jd('paper_question/submit'), { payload: { id: compositeRow, score: 1 } }),
      400,
    );
    await refused(
      await call(wang, 'POST', jd('paper_question/update_batch'), { payload: { ids: [singleRow], score: 1.25 } }),
      400,
      '分值应为 0 至 1000，最多一位小数',
    );

    // A child never leaves alone; the composite leaves with its children.
    await refused(await call(wang, 'POST', jd('paper_question/remove'), { query: { ids: childA } }), 400);
    await data(await call(wang, 'POST', jd('paper_question/remove'), { query: { ids: compositeRow, cascade: '1' } }));
    expect(await total(paperId)).toBe(12); // 5 + 3 + 4
    await data(await call(wang, 'POST', jd('paper_question/remove'), { query: { ids: multipleRow } }));
    expect(await total(paperId)).toBe(9);

    // The pass score cannot exceed the total.
    await refused(
      await call(wang, 'POST', exam('save'), { payload: { id: paperId, passScore: 10 } }),
      400,
      '及格分（10）不能高于试卷总分（9）',
    );
    await data(await call(wang, 'POST', exam('save'), { payload: { id: paperId, passScore: 6 } }));

    // Deleting a section takes its sub-sections and questions along.
    await data(await call(wang, 'DELETE', exam(`title/${choice}`)));
    expect(await total(paperId)).toBe(4);
    view = await tree(wang, paperId);
    expect(view.sections.map((s) => s.name)).toEqual(['二、综合题']);
    expect(listed(view.sections).map(([, , id]) => id)).toEqual([shortRow]);
    // The paper's own total cannot be sent.
    await data(await call(wang, 'POST', exam('save'), { payload: { id: paperId, totalScore: 99 } }));
    expect(await total(paperId)).toBe(4);
  });

  it('moves sections and questions, copies a section, and writes a new question into a section', async () => {
    const paperId = await newPaper(wang, { title: '单元测验' });
    const [a, b, c] = [
      await addSection(wang, paperId, '一、判断题'),
      await addSection(wang, paperId, '二、选择题'),
      await addSection(wang, paperId, '三、简答题'),
    ];
    await data(await importQuestions(wang, paperId, b, [q.single, q.multiple, q.judge]));
    await data(await call(wang, 'POST', exam(`title/tree/move/up/${b}`)));
    let view = await tree(wang, paperId);
    expect(view.sections.map((s) => s.id)).toEqual([b, a, c]);

    const [first, second] = view.sections[0]!.questions;
    await data(await call(wang, 'POST', exam(`question/move/down/${first!.id}`)));
    view = await tree(wang, paperId);
    expect(view.sections[0]!.questions.map((x) => x.id).slice(0, 2)).toEqual([second!.id, first!.id]);
    expect(view.sections[0]!.questions.map((x) => x.no)).toEqual(['1', '2', '3']);

    // Renaming keeps the section; copying it copies its structure, not its questions.
    await data(
      await call(wang, 'POST', exam('title/save'), { payload: { titleId: b, paperId, name: '二、单项选择题' } }),
    );
    await addSection(wang, paperId, '（一）基础', b);
    const copy = await data(await call(wang, 'POST', exam(`title/copy/${b}`)));
    expect(copy.title).toBe('二、单项选择题 (副本)');
    view = await tree(wang, paperId);
    const copied = view.sections.find((s) => s.id === copy.id)!;
    expect(copied.children.map((s) => s.name)).toEqual(['（一）基础']);
    expect(copied.questionCount).toBe(0);

    // A new question is written into the bank (its rules apply) and added to the section.
    await refused(
      await call(wang, 'POST', exam('title/addEmptyQuestion'), {
        payload: { paperId, titleId: c, question: { libId, type: 'single', stem: '<p>x</p>', items: [] } },
      }),
      400,
      '至少需要两个选项',
    );
    const made = await data(
      await call(wang, 'POST', exam('title/addEmptyQuestion'), {
        payload: {
          paperId,
          titleId: c,
          score: 6,
          question: { libId, type: 'short', stem: '<p>解释公差。</p>', score: 5 },
        },
      }),
    );
    view = await tree(wang, paperId);
    const section = view.sections.find((s) => s.id === c)!;
    expect(section.questions.map((x) => [x.questionId, x.score])).toEqual([[made.id, 6]]);
    expect(view.paper.totalScore).toBe(12);
  });

  it('previews without answers unless the owner asks, and downloads nothing it should not', async () => {
    const paperId = await newPaper(wang, { title: '预览' });
    const s = await addSection(wang, paperId, '一、选择题');
    await data(await importQuestions(wang, paperId, s, [q.single, q.short]));
    const student = (await data(await call(wang, 'GET', exam(`paper/0/0/${paperId}`)))) as PaperView;
    const [single, short] = student.sections[0]!.questions;
    expect(student.answers).toBe(false);
    expect(single!.items.map((i) => [i.label, i.content, i.isAnswer])).toEqual([
      ['A', '基本偏差', undefined],
      ['B', '标准公差', undefined],
    ]);
    expect(short).not.toHaveProperty('answer');
    expect(JSON.stringify(student)).not.toContain('主尺加游标');
    const keyed = (await data(
      await call(wang, 'GET', exam(`paper/0/0/${paperId}`), { query: { answers: '1' } }),
    )) as PaperView;
    expect(keyed.answers).toBe(true);
    expect(keyed.sections[0]!.questions[0]!.items[0]!.isAnswer).toBe(true);
    expect(keyed.sections[0]!.questions[1]!.answer).toBe('<p>主尺加游标。</p>');
  });
});

describe('who may read and change a paper', () => {
  it('hides a private paper from another teacher and lets them quote a published one', async () => {
    const paperId = await newPaper(wang, { title: '期末考试' });
    const s = await addSection(wang, paperId, '一、选择题');
    await data(await importQuestions(wang, paperId, s, [q.single]));

    for (const token of [li, stranger]) {
      await refused(await call(token, 'GET', exam(`get/${paperId}`)), 404);
      await refused(await call(token, 'GET', exam(`title/tree/${paperId}`)), 404);
      await refused(await call(token, 'GET', exam(`paper/0/0/${paperId}`)), 404);
      await refused(await call(token, 'POST', jd('paper/quote'), { payload: { id: paperId } }), 404);
      await refused(await call(token, 'POST', exam('title/save'), { payload: { paperId, name: 'x' } }), 400);
    }
    // Another tenant's paper and a missing one answer alike.
    await refused(
      await call(stranger, 'POST', exam('title/save'), { payload: { paperId: '1', name: 'x' } }),
      400,
      '所选试卷不存在',
    );
    await refused(
      await call(stranger, 'POST', exam('title/save'), { payload: { paperId, name: 'x' } }),
      400,
      '所选试卷不存在',
    );
    const liPage = await data(await call(li, 'GET', exam('page')));
    expect(liPage.records.map((p: { id: string }) => p.id)).not.toContain(paperId);

    await refused(await call(li, 'POST', exam('save'), { payload: { id: paperId, isPublic: 1 } }), 404);
    await data(await call(wang, 'POST', exam('save'), { payload: { id: paperId, isPublic: 1 } }));
    const pub = await data(await call(li, 'GET', jd('paper/publicLib_page')));
    expect(pub.records.find((p: { id: string }) => p.id === paperId)).toMatchObject({
      access: 'public',
      ownerName: '王老师',
    });
    expect((await tree(li, paperId)).sections[0]!.questions).toHaveLength(1);
    // Readable is not changeable.
    const readOnly = '这是其他教师的试卷，您只能查看或引用';
    await refused(await call(li, 'POST', exam('save'), { payload: { id: paperId, title: '改' } }), 403, readOnly);
    await refused(await call(li, 'POST', exam('title/save'), { payload: { paperId, name: 'x' } }), 403, readOnly);
    await refused(await call(li, 'POST', exam(`title/copy/${s}`)), 403, readOnly);
    await refused(await call(li, 'DELETE', exam(`title/${s}`)), 403, readOnly);
    await refused(await importQuestions(li, paperId, s, [q.judge]), 403, readOnly);
    await refused(await call(li, 'DELETE', exam(`delete/${paperId}`)), 403, readOnly);
    await refused(
      await call(li, 'POST', exam('blueprint/draw'), {
        payload: { paperId, rules: [{ section: 'x', libId, type: 'single', count: 1, score: 1 }] },
      }),
      403,
    );

    const quoted = await call(li, 'POST', jd('paper/quote'), { payload: { id: paperId } });
    const copy = await data(quoted);
    expect(quoted.json().msg).toBe('已引用为我的试卷《期末考试》');
    expect(copy).toMatchObject({ access: 'own', sourceId: paperId, isPublic: 0, totalScore: 2, questionCount: 1 });
    const copiedSection = (await tree(li, copy.id)).sections[0]!;
    await data(
      await call(li, 'POST', exam('title/save'), {
        payload: { titleId: copiedSection.id, paperId: copy.id, name: '选择' },
      }),
    );
    expect((await tree(wang, paperId)).sections[0]!.name).toBe('一、选择题');
  });

  it('answers 401 without a session and 403 without the paper codes', async () => {
    const anon = await t.app.inject({ method: 'GET', url: exam('page') });
    expect(anon.statusCode).toBe(401);
    const role = await createRole(t.db, T, 'nobody', []);
    await createUser(t.db, { tenantId: T, account: 'nobody', password: 'nobody-pw', roleIds: [role] });
    const nobody = (await t.login('nobody', 'nobody-pw', T)).access_token;
    for (const [method, url] of [
      ['GET', exam('page')],
      ['GET', exam('title/tree/1')],
      ['POST', exam('title/importQuestion')],
      ['POST', exam('blueprint/check')],
      ['POST', exam('qrcode/1')],
      ['POST', jd('paper_question/update_batch')],
    ] as const) {
      await refused(await call(nobody, method, url, { payload: {} }), 403);
    }
    await refused(await call(wang, 'POST', exam('title/importQuestion'), { payload: { paperId: 'x' } }), 400);
    await refused(await call(wang, 'POST', exam('save'), { payload: { paperType: 'quiz' } }), 400, '请输入试卷名称');
    await refused(
      await call(wang, 'POST', exam('save'), { payload: { title: 'a', paperType: 'quiz' }, lang: 'en' }),
      400,
      'The paper type must be exam, practice or homework',
    );
    await refused(
      await call(wang, 'POST', exam('save'), { payload: { title: 'a', paperType: 'exam', duration: -1 } }),
      400,
      '考试时长应为 0 至 1440 分钟的整数（0 为不限时）',
    );
  });
});

describe('questions in papers', () => {
  it('cannot be deleted from the bank while a paper uses them, and are free again once it is gone', async () => {
    const paperId = await newPaper(wang, { title: '占用' });
    const s = await addSection(wang, paperId, '一');
    const judge = (
      await data(
        await call(wang, 'POST', '/api/exam/pc/question/save', {
          payload: { libId, type: 'judge', stem: '<p>钢比铝重。</p>', answer: 'T', score: 1 },
        }),
      )
    ).id as string;
    await data(await importQuestions(wang, paperId, s, [judge]));
    const rela = await data(await call(wang, 'GET', `/api/exam/pc/question/hasPaperRela/${judge}`));
    expect(rela).toEqual({ used: true, places: '试卷《占用》' });
    expect(await data(await call(wang, 'GET', `/api/exam/pc/question/hasPaperRela/${judge}/${paperId}`))).toEqual({
      used: false,
      places: '',
    });
    await refused(
      await call(wang, 'DELETE', `/api/exam/pc/question/remove/${judge}`),
      400,
      '该试题已被使用：试卷《占用》',
    );
    await data(await call(wang, 'DELETE', exam(`delete/${paperId}`)));
    await refused(await call(wang, 'GET', exam(`get/${paperId}`)), 404);
    await data(await call(wang, 'DELETE', `/api/exam/pc/question/remove/${judge}`));
  });
});

describe('random composition', () => {
  it('reports rules that cannot be met, then draws the same paper from the same seed', async () => {
    const paperId = await newPaper(wang, { title: '随机组卷', paperType: 'practice' });
    const libId = (await data(await call(wang, 'POST', jd('question_lib/submit'), { payload: { name: '随机' } }))).id;
    const copied = await call(wang, 'POST', jd('question/add_question'), {
      payload: { libId, ids: [q.judge, q.composite] },
    });
    expect((await data(copied)).count).toBe(2);
    const extra = [];
    for (let i = 0; i < 6; i++) {
      extra.push(
        await data(
          await call(wang, 'POST', '/api/exam/pc/question/save', {
            payload: {
              libId,
              type: 'single',
              stem: `<p>随机单选 ${i}</p>`,
              items: [
                { content: '甲', isAnswer: 1 },
                { content: '乙', isAnswer: 0 },
              ],
              difficulty: 2,
            },
          }),
        ),
      );
    }
    const singles = 6;
    const rules = [
      { section: '一、单选题', libId, type: 'single', count: 10, score: 2 },
      { section: '二、判断题', libId, type: 'judge', count: 1, score: 1 },
      { section: '三、综合题', libId, type: 'composite', count: 1, score: 10 },
    ];
    const report = await data(await call(wang, 'POST', exam('blueprint/check'), { payload: { paperId, rules } }));
    expect(report[0]).toEqual({ index: 1, needed: 10, available: singles, ok: false });
    expect(report[1].ok).toBe(true);
    await refused(
      await call(wang, 'POST', exam('blueprint/draw'), { payload: { paperId, rules } }),
      400,
      `规则 1 需要 10 道试题，符合条件的只有 ${singles} 道`,
    );
    await refused(
      await call(wang, 'POST', exam('blueprint/draw'), { payload: { paperId, rules }, lang: 'en' }),
      400,
      `Rule 1 needs 10 questions; only ${singles} match`,
    );

    const fixed = [{ ...rules[0]!, count: 4 }, rules[1]!, rules[2]!];
    const first = (await data(
      await call(wang, 'POST', exam('blueprint/draw'), {
        payload: { paperId, rules: fixed, seed: 4242, perStudent: 1 },
      }),
    )) as PaperView;
    expect(first.sections.map((s) => [s.name, s.questionCount, s.score])).toEqual([
      ['一、单选题', 4, 8],
      ['二、判断题', 1, 1],
      ['三、综合题', 2, 10], // one composite of two parts
    ]);
    expect(first.paper).toMatchObject({
      composeMode: 'random',
      totalScore: 19,
      blueprint: { seed: 4242, perStudent: 1 },
    });
    // The composite's 10 points are shared by its children as in the bank (2 : 3).
    expect(first.sections[2]!.questions[0]!.children.map((c) => c.score)).toEqual([4, 6]);

    const picked = (v: PaperView) => v.sections.map((s) => s.questions.map((x) => x.questionId));
    const again = (await data(
      await call(wang, 'POST', exam('blueprint/draw'), { payload: { paperId, rules: fixed, seed: 4242 } }),
    )) as PaperView;
    expect(picked(again)).toEqual(picked(first));
    const seeds = [1, 2, 3, 4, 5];
    const draws = [];
    for (const seed of seeds) {
      draws.push(
        JSON.stringify(
          picked(
            await data(await call(wang, 'POST', exam('blueprint/draw'), { payload: { paperId, rules: fixed, seed } })),
          ),
        ),
      );
    }
    expect(new Set(draws).size).toBeGreaterThan(1);
    // Each draw replaced the one before: the paper holds one draw's questions.
    expect((await tree(wang, paperId)).sections).toHaveLength(3);

    // A knowledge point filter with nothing below it matches nothing.
    const none = await data(
      await call(wang, 'POST', exam('blueprint/check'), {
        payload: { paperId, rules: [{ ...rules[1]!, flagId: '12345' }] },
      }),
    );
    expect(none[0]).toMatchObject({ available: 0, ok: false });
  });
});

describe('the Word download', () => {
  it('has the sections and questions, the key only when its owner asks', async () => {
    const paperId = await newPaper(wang, { title: '下载' });
    const s = await addSection(wang, paperId, '一、简答题');
    await data(await importQuestions(wang, paperId, s, [q.short, q.judge]));
    await data(await call(wang, 'POST', exam('save'), { payload: { id: paperId, isPublic: 1 } }));
    const documentOf = async (token: string, query: object) => {
      const res = await call(token, 'GET', exam(`download/${paperId}`), { query });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('wordprocessingml');
      const zip = await JSZip.loadAsync(res.rawPayload);
      return zip.file('word/document.xml')!.async('string');
    };
    const plain = await documentOf(wang, {});
    expect(plain).toContain('简述游标卡尺的读数方法。');
    expect(plain).toContain('m:oMath');
    expect(plain).not.toContain('主尺加游标');
    expect(await documentOf(wang, { answers: '1' })).toContain('主尺加游标');
    // A published paper's reader never gets the key, whatever they ask.
    expect(await documentOf(li, { answers: '1', analysis: '1' })).not.toContain('主尺加游标');
    await refused(await call(stranger, 'GET', exam(`download/${paperId}`)), 404);
  });
});

describe('the QR code', () => {
  it('is a PNG of a signed link that tells who opens it what the paper is', async () => {
    const paperId = await newPaper(wang, { title: '扫码' });
    const png = await call(wang, 'POST', exam(`qrcode/${paperId}`));
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    await refused(await call(li, 'POST', exam(`qrcode/${paperId}`)), 404);
    const code = await t.tokens.signLink('paper-open', { tenantId: T, paperId }, 60);
    expect(await data(await call(li, 'GET', exam('open'), { query: { code } }))).toEqual({
      paperId,
      title: '扫码',
      paperType: 'exam',
      canRead: false,
    });
    expect((await data(await call(wang, 'GET', exam('open'), { query: { code } }))).canRead).toBe(true);
    await refused(await call(li, 'GET', exam('open'), { query: { code: `${code}x` } }), 400, '二维码无效或已过期');
    await refused(await call(stranger, 'GET', exam('open'), { query: { code } }), 400, '二维码无效或已过期');
  });
});
