import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerReferences } from '../../core/crud/references.ts';
import { createRole, createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { academicApi, addTeacher, schoolWithClasses, teachingTenant } from '../academic/academic.fixtures.ts';
import { QUESTION_TEACHER_CODES } from './question.menus.ts';
import { snapshotQuestions } from './question.snapshot.ts';

let t: TestApp;
const T = '560001';
let admin: string;
/** Two teachers of the school: the first owns the libraries, the second is shared with (or not). */
let wang: string;
let li: string;
let liUserId: string;
let schoolId: string;

type Method = 'GET' | 'POST' | 'DELETE';
const call = (token: string, method: Method, url: string, opts: { query?: object; payload?: object } = {}) =>
  t.as(token, { method, url, ...(opts as object) });
async function data(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const jd = (path: string) => `/api/jd/pc/${path}`;
const exam = (path: string) => `/api/exam/pc/question/${path}`;
const submitLib = async (token: string, payload: object) =>
  (await data(await call(token, 'POST', jd('question_lib/submit'), { payload }))).id as string;
const saveQuestion = async (token: string, payload: object) =>
  data(await call(token, 'POST', exam('save'), { payload }));

/** One valid question of each type (a composite's children are added separately). */
const samples = (libId: string) => [
  {
    libId,
    type: 'single',
    stem: '<p>公差带的位置由什么确定？</p>',
    items: [
      { content: '<p>基本偏差</p>', isAnswer: 1 },
      { content: '<p>标准公差</p>', isAnswer: 0 },
      { content: '<p>实际尺寸</p>', isAnswer: 0 },
    ],
    analysis: '<p>基本偏差确定公差带相对零线的位置。</p>',
    difficulty: 2,
    score: 2,
  },
  {
    libId,
    type: 'multiple',
    stem: '<p>下列属于形状公差的有（ ）</p>',
    items: [
      { content: '直线度', isAnswer: 1 },
      { content: '平面度', isAnswer: 1 },
      { content: '平行度', isAnswer: 0 },
    ],
    score: 3,
  },
  { libId, type: 'judge', stem: '<p>$\\sqrt{4}=2$</p>', answer: 'T', score: 1 },
  {
    libId,
    type: 'fill',
    stem: '<p>螺纹的公称直径是指____径，中国的首都是____。</p>',
    items: [
      { content: '大', score: 1 },
      { content: '北京|Beijing', score: 1, config: { caseSensitive: false, ignoreSpace: true } },
    ],
    score: 2,
  },
  {
    libId,
    type: 'short',
    stem: '<p>简述游标卡尺的读数方法。</p>',
    answer: '<p>先读主尺，再读游标，两者相加。</p>',
    items: [
      { content: '读主尺整毫米数', score: 2 },
      { content: '读游标对齐刻线', score: 2 },
    ],
    score: 4,
  },
  // A composite's score is its children's total, derived once it has some.
  { libId, type: 'composite', stem: '<p>阅读下面的零件图，回答问题。</p>' },
  { libId, type: 'practical', stem: '<p>用车床加工一根 φ20 的轴。</p>', answer: '<p>尺寸合格。</p>', score: 20 },
  {
    libId,
    type: 'file',
    stem: '<p>上传你绘制的零件图。</p>',
    config: { fileTypes: ['dwg', 'pdf'], maxSizeMb: 20 },
    score: 10,
  },
];

beforeAll(async () => {
  t = await startTestApp();
  admin = await teachingTenant(t, T);
  ({ schoolId } = await schoolWithClasses(t, admin, 'q'));
  await addTeacher(t, admin, 'wang', '王老师');
  await addTeacher(t, admin, 'li', '李老师');
  wang = (await t.login('wang', '123456', T)).access_token;
  const login = await t.login('li', '123456', T);
  li = login.access_token;
  liUserId = login.user_id;
});
afterAll(() => t.close());

describe('questions of every type', () => {
  it('are saved and read back with their items, and the shape of each type is checked', async () => {
    const libId = await submitLib(wang, { name: '机械基础', discipline: 'math' });
    for (const sample of samples(libId)) {
      const saved = await saveQuestion(wang, sample);
      const got = await data(await call(wang, 'GET', exam(`get/${saved.id}`)));
      expect(got).toMatchObject({ type: sample.type, libId, libName: '机械基础', discipline: 'math', parentId: '0' });
      expect(got.items.map((i: { content: string }) => i.content)).toEqual((sample.items ?? []).map((i) => i.content));
    }
    const page = await data(await call(wang, 'GET', exam('page'), { query: { libId, size: '50' } }));
    expect(page.total).toBe(8);

    const refused = async (payload: object, msg: string, lang = 'zh') => {
      const res = await t.as(wang, {
        method: 'POST',
        url: exam('save'),
        payload,
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
    };
    const [single, , judge, fill, , composite] = samples(libId);
    await refused(
      { ...single, items: single!.items!.map((i) => ({ ...i, isAnswer: 1 })) },
      '单选题须有且只有一个正确答案',
    );
    await refused({ ...single, items: [single!.items![0]] }, '至少需要两个选项');
    await refused({ ...single, stem: '<p> </p>' }, '请输入题干');
    await refused({ ...judge, answer: 'maybe' }, 'The answer of a true-or-false question must be True or False', 'en');
    await refused({ ...fill, items: [{ content: ' | ' }] }, '每个空都需要至少一个参考答案');
    await refused({ ...composite, items: [{ content: 'x' }] }, '该题型没有选项或空');
    await refused({ ...single, difficulty: 6 }, '难度应为 1 至 5');
    await refused({ ...single, score: 1.25 }, '分值应为 0 至 1000，最多一位小数');
    await refused({ ...single, type: 'essay' }, '请选择题型');
  });

  it('keeps rich text clean', async () => {
    const libId = await submitLib(wang, { name: '清理' });
    const saved = await saveQuestion(wang, {
      libId,
      type: 'judge',
      stem: '<p onclick="steal()">对吗？<script>alert(1)</script><img src="https://evil.example/x.png"></p>',
      answer: 'F',
    });
    expect(saved.stem).toBe('<p>对吗？</p>');
  });

  it('an item changed on its own keeps its question whole', async () => {
    const libId = await submitLib(wang, { name: '选项' });
    const q = await saveQuestion(wang, samples(libId)[0]!);
    const second = await call(wang, 'POST', jd('question_item/submit'), {
      payload: { questionId: q.id, content: '第二个正确答案', isAnswer: 1 },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().msg).toBe('单选题须有且只有一个正确答案');
    const extra = await data(
      await call(wang, 'POST', jd('question_item/submit'), {
        payload: { questionId: q.id, content: '基准', isAnswer: 0 },
      }),
    );
    const right = q.items.find((i: { isAnswer: number }) => i.isAnswer === 1).id;
    const removeRight = await call(wang, 'POST', jd('question_item/remove'), { query: { ids: right } });
    expect(removeRight.statusCode).toBe(400);
    await data(await call(wang, 'POST', jd('question_item/remove'), { query: { ids: extra.id } }));
    expect((await data(await call(wang, 'GET', exam(`get/${q.id}`)))).items).toHaveLength(3);
  });
});

describe('composite questions', () => {
  it('hold ordered children of other types, moved up and down, removed with their parent', async () => {
    const libId = await submitLib(wang, { name: '阅读' });
    const parent = await saveQuestion(wang, samples(libId)[5]!);
    const child = async (stem: string) =>
      data(
        await call(wang, 'POST', exam(`addEmptyChildQuestion/${parent.id}`), {
          payload: { type: 'judge', stem: `<p>${stem}</p>`, answer: 'T' },
        }),
      );
    const [a, b, c] = [await child('一'), await child('二'), await child('三')];
    expect(a).toMatchObject({ parentId: parent.id, libId });
    const order = async () =>
      (await data(await call(wang, 'GET', exam(`tree/${parent.id}`)))).children.map((x: { id: string }) => x.id);
    expect(await order()).toEqual([a.id, b.id, c.id]);
    await data(await call(wang, 'POST', exam(`move/up/${c.id}`)));
    expect(await order()).toEqual([a.id, c.id, b.id]);
    await data(await call(wang, 'POST', exam(`move/down/${a.id}`)));
    expect(await order()).toEqual([c.id, a.id, b.id]);
    expect((await data(await call(wang, 'GET', exam(`get/${parent.id}`)))).childCount).toBe(3);

    const nested = await call(wang, 'POST', exam(`addEmptyChildQuestion/${parent.id}`), {
      payload: { type: 'composite', stem: '<p>套娃</p>' },
    });
    expect(nested.json().msg).toBe('组合题的小题不能再是组合题');
    const notComposite = await call(wang, 'POST', exam(`addEmptyChildQuestion/${a.id}`), {
      payload: { type: 'judge', stem: '<p>x</p>', answer: 'T' },
    });
    expect(notComposite.json().msg).toBe('请选择一道组合题');
    const retype = await call(wang, 'POST', exam('save'), { payload: { id: parent.id, type: 'short' } });
    expect(retype.json().msg).toBe('组合题已有小题，不能改为其他题型');
    // The list shows questions, not their children.
    const page = await data(await call(wang, 'GET', exam('page'), { query: { libId } }));
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([parent.id]);

    await data(await call(wang, 'DELETE', exam(`remove/${parent.id}`)));
    expect((await call(wang, 'GET', exam(`get/${b.id}`))).statusCode).toBe(404);
  });
});

describe("a question's score agrees with its parts", () => {
  const refusedSave = async (payload: object, lang = 'zh') => {
    const res = await t.as(wang, { method: 'POST', url: exam('save'), payload, headers: { 'accept-language': lang } });
    expect(res.statusCode, res.body).toBe(400);
    return res.json().msg as string;
  };
  const get = async (id: string) => data(await call(wang, 'GET', exam(`get/${id}`)));

  it('a short answer: its scoring points add up to its score, or the save is refused naming both sums', async () => {
    const libId = await submitLib(wang, { name: '要点' });
    const short = samples(libId)[4]!;
    const points = [
      { content: '读主尺', score: 2 },
      { content: '读游标', score: 3 },
    ];
    expect(await refusedSave({ ...short, items: points, score: 2 })).toBe(
      '评分要点合计 5 分，与本题分值 2 分不一致，请修改要点分值或本题分值',
    );
    expect(await refusedSave({ ...short, items: points, score: 2 }, 'en')).toBe(
      'The scoring points add up to 5 but the question is worth 2: change the points or the score',
    );
    const saved = await saveQuestion(wang, { ...short, items: points, score: 5 });
    expect(saved.score).toBe(5);
    // Changing only the score (or only the points) is held to the same rule.
    expect(await refusedSave({ id: saved.id, score: 6 })).toContain('合计 5 分');
    expect(await refusedSave({ id: saved.id, items: [...points, { content: '相加', score: 0.5 }] })).toContain(
      '合计 5.5 分',
    );
    // Points without scores are a checklist: the score stands alone. Sent without a score, a new one takes the sum.
    await saveQuestion(wang, { ...short, items: points.map((p) => ({ ...p, score: 0 })), score: 7 });
    expect((await saveQuestion(wang, { ...short, items: points, score: undefined })).score).toBe(5);
    // A point added on its own: the score follows (it cannot agree at every step otherwise).
    await data(
      await call(wang, 'POST', jd('question_item/submit'), {
        payload: { questionId: saved.id, content: '相加', score: 0.5 },
      }),
    );
    expect((await get(saved.id)).score).toBe(5.5);
  });

  it("a fill-in: its blanks' scores add up to its score; blanks without scores share it", async () => {
    const libId = await submitLib(wang, { name: '填空分值' });
    const fill = samples(libId)[3]!;
    expect(await refusedSave({ ...fill, items: [{ content: '大', score: 1 }], score: 2 })).toBe(
      '各空分值合计 1 分，与本题分值 2 分不一致，请修改各空分值或本题分值',
    );
    expect(
      await refusedSave({
        ...fill,
        items: [
          { content: '大', score: 0.1 },
          { content: '小', score: 0.2 },
        ],
        score: 0.4,
      }),
    ).toContain('合计 0.3 分');
    await saveQuestion(wang, {
      ...fill,
      items: [
        { content: '大', score: 0.1 },
        { content: '小', score: 0.2 },
      ],
      score: 0.3,
    });
    await saveQuestion(wang, { ...fill, items: [{ content: '大' }, { content: '小' }], score: 2 });
  });

  it("a composite: its score is its children's total, kept as they are added, changed and removed", async () => {
    const libId = await submitLib(wang, { name: '组合分值' });
    const parent = await saveQuestion(wang, { libId, type: 'composite', stem: '<p>读图</p>' });
    expect(parent.score).toBe(0);
    const child = async (payload: object) =>
      data(await call(wang, 'POST', exam(`addEmptyChildQuestion/${parent.id}`), { payload }));
    const a = await child({ type: 'judge', stem: '<p>一</p>', answer: 'T', score: 1 });
    const b = await child({ type: 'fill', stem: '<p>二____</p>', items: [{ content: '甲', score: 2 }] });
    expect(b.score).toBe(2);
    expect((await get(parent.id)).score).toBe(3);
    expect(await refusedSave({ id: parent.id, score: 2 })).toBe(
      '组合题的分值是各小题分值之和：小题合计 3 分，而本题分值为 2 分',
    );
    expect(await refusedSave({ id: parent.id, score: 2 }, 'en')).toBe(
      "A composite question's score is its children's total: they add up to 3, the score says 2",
    );
    // Saved without a score it is derived; with the right one it is taken.
    await saveQuestion(wang, { id: parent.id, stem: '<p>读零件图</p>' });
    await saveQuestion(wang, { id: parent.id, score: 3 });
    await saveQuestion(wang, { id: a.id, score: 4 });
    expect((await get(parent.id)).score).toBe(6);
    await data(await call(wang, 'DELETE', exam(`remove/${a.id}`)));
    expect((await get(parent.id)).score).toBe(2);
  });

  it("is checked only for those who may save: 401, 403, and another tenant's question is not found", async () => {
    const libId = await submitLib(wang, { name: '分值权限' });
    const q = await saveQuestion(wang, samples(libId)[4]!);
    const payload = { id: q.id, score: 9 };
    expect((await t.app.inject({ method: 'POST', url: exam('save'), payload })).statusCode).toBe(401);
    expect((await call(admin, 'POST', exam('save'), { payload })).statusCode).toBe(403);
    const otherAdmin = await teachingTenant(t, '560002');
    await addTeacher(t, otherAdmin, 'zhao', '赵老师');
    const zhao = (await t.login('zhao', '123456', '560002')).access_token;
    const other = await call(zhao, 'POST', exam('save'), { payload });
    expect([400, 404]).toContain(other.statusCode);
    expect((await get(q.id)).score).toBe(4);
  });
});

describe('libraries are private until shared', () => {
  it('another teacher cannot see, list, quote or change a private library or its questions', async () => {
    const libId = await submitLib(wang, { name: '王老师的私有题库' });
    const q = await saveQuestion(wang, samples(libId)[0]!);
    const libs = await data(await call(li, 'GET', jd('question_lib/list'), { query: { size: '200' } }));
    expect(libs.records.some((l: { id: string }) => l.id === libId)).toBe(false);
    const unknown = await call(li, 'GET', jd('question_lib/detail'), { query: { id: '1234567890123' } });
    expect(unknown.statusCode).toBe(404);
    expect((await call(li, 'GET', jd('question_lib/detail'), { query: { id: libId } })).json()).toEqual(unknown.json());
    expect((await call(li, 'POST', jd('question_lib/quote'), { payload: { id: libId } })).statusCode).toBe(404);
    expect((await call(li, 'GET', exam(`get/${q.id}`))).statusCode).toBe(404);
    expect((await call(li, 'GET', exam(`tree/${q.id}`))).statusCode).toBe(404);
    expect((await call(li, 'GET', exam(`hasPaperRela/${q.id}`))).statusCode).toBe(404);
    const theirs = await data(await call(li, 'GET', exam('page'), { query: { libId } }));
    expect(theirs.total).toBe(0);
    expect((await call(li, 'POST', exam('save'), { payload: { id: q.id, stem: '<p>改</p>' } })).statusCode).toBe(404);
    expect((await call(li, 'DELETE', exam(`remove/${q.id}`))).statusCode).toBe(404);
    const into = await call(li, 'POST', exam('save'), { payload: samples(libId)[2] });
    expect(into.json().msg).toBe('所选题库不存在');
    const ownLib = await submitLib(li, { name: '李老师的题库' });
    const copy = await call(li, 'POST', jd('question/add_question'), { payload: { libId: ownLib, ids: [q.id] } });
    expect(copy.statusCode).toBe(404);
    const share = await call(li, 'POST', jd('question_lib_permission/submit'), {
      payload: { libId, granteeType: 'teacher', granteeId: liUserId, access: 'edit' },
    });
    expect(share.json().msg).toBe('所选题库不存在');
  });

  it('shared to read, it can be read and quoted but not changed; shared to edit, it can be changed', async () => {
    const libId = await submitLib(wang, { name: '共享题库' });
    const q = await saveQuestion(wang, samples(libId)[0]!);
    const share = await data(
      await call(wang, 'POST', jd('question_lib_permission/submit'), {
        payload: { libId, granteeType: 'teacher', granteeId: liUserId, access: 'read' },
      }),
    );
    expect(share.granteeName).toBe('李老师');
    const again = await call(wang, 'POST', jd('question_lib_permission/submit'), {
      payload: { libId, granteeType: 'teacher', granteeId: liUserId, access: 'edit' },
    });
    expect(again.json().msg).toBe('该题库已共享给这位教师或这所学校，请修改原有的共享');

    const lib = await data(await call(li, 'GET', jd('question_lib/detail'), { query: { id: libId } }));
    expect(lib).toMatchObject({ access: 'read', ownerName: '王老师', questionCount: 1 });
    expect((await data(await call(li, 'GET', exam(`get/${q.id}`)))).stem).toBe(q.stem);
    const edit = await call(li, 'POST', exam('save'), { payload: { id: q.id, stem: '<p>改</p>' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toBe('您对该题库只有查看权限，不能修改');
    expect((await call(li, 'DELETE', exam(`remove/${q.id}`))).statusCode).toBe(403);
    expect((await call(li, 'POST', exam('save'), { payload: samples(libId)[2] })).statusCode).toBe(403);
    expect(
      (await call(li, 'POST', jd('question_lib/submit'), { payload: { id: libId, name: '改名' } })).statusCode,
    ).toBe(403);
    expect((await call(li, 'POST', jd('question_lib/remove'), { query: { ids: libId } })).statusCode).toBe(403);
    const pickable = await data(await call(li, 'GET', jd('question_lib/get_que_lib_list')));
    expect(pickable.some((l: { id: string }) => l.id === libId)).toBe(false);

    // A quote is an independent copy that remembers its source.
    const quoted = await call(li, 'POST', jd('question_lib/quote'), { payload: { id: libId, name: '我的共享题库' } });
    const { id: copyId, count } = await data(quoted);
    expect(count).toBe(1);
    expect(quoted.json().msg).toBe('已引用到我的题库《我的共享题库》，共 1 道试题');
    const copyLib = await data(await call(li, 'GET', jd('question_lib/detail'), { query: { id: copyId } }));
    expect(copyLib).toMatchObject({ access: 'own', sourceId: libId });
    const [copied] = (await data(await call(li, 'GET', exam('page'), { query: { libId: copyId } }))).records;
    expect(copied).toMatchObject({ sourceId: q.id, stem: q.stem });
    expect(copied.items.map((i: { isAnswer: number }) => i.isAnswer)).toEqual([1, 0, 0]);
    await saveQuestion(li, { id: copied.id, stem: '<p>我的版本</p>' });
    expect((await data(await call(wang, 'GET', exam(`get/${q.id}`)))).stem).toBe(q.stem);

    await data(
      await call(wang, 'POST', jd('question_lib_permission/submit'), { payload: { id: share.id, access: 'edit' } }),
    );
    expect((await saveQuestion(li, { id: q.id, stem: '<p>李老师改过</p>' })).stem).toBe('<p>李老师改过</p>');
    // Publishing and sharing stay the owner's.
    const publish = await call(li, 'POST', jd('question_lib/submit'), { payload: { id: libId, isPublic: 1 } });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().msg).toBe('只有题库的创建者才能共享或发布题库');
    const remove = await call(li, 'POST', jd('question_lib/remove'), { query: { ids: libId } });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().msg).toBe('只有题库的创建者才能共享或发布题库');
    const shares = await data(await call(li, 'GET', jd('question_lib_permission/list'), { query: { libId } }));
    expect(shares.total).toBe(0);
  });

  it('shared with a school, it reaches the teachers related to that school', async () => {
    const libId = await submitLib(wang, { name: '学校共享' });
    await data(
      await call(wang, 'POST', jd('question_lib_permission/submit'), {
        payload: { libId, granteeType: 'school', granteeId: schoolId, access: 'read' },
      }),
    );
    expect((await call(li, 'GET', jd('question_lib/detail'), { query: { id: libId } })).statusCode).toBe(404);
    const teachers = await data(await call(admin, 'GET', '/api/exam/pc/teacher/page', { query: { size: '50' } }));
    const liTeacher = teachers.records.find((r: { realName: string }) => r.realName === '李老师');
    await academicApi(t, admin).call('PUT', `teacher/relas/${liTeacher.id}`, {
      payload: { teacherId: liTeacher.id, teacherName: '李老师', selectedRelas: [schoolId] },
    });
    const seen = await data(await call(li, 'GET', jd('question_lib/detail'), { query: { id: libId } }));
    expect(seen.access).toBe('read');
  });

  it('published, it is in the public library for everyone to quote or take questions from', async () => {
    const libId = await submitLib(wang, { name: '公共题库' });
    const q = await saveQuestion(wang, samples(libId)[3]!);
    await data(await call(wang, 'POST', jd('question_lib/submit'), { payload: { id: libId, isPublic: 1 } }));
    const pub = await data(await call(li, 'GET', jd('question/public_list'), { query: { size: '200' } }));
    expect(pub.records.some((r: { id: string }) => r.id === q.id)).toBe(true);
    const filtered = await data(await call(li, 'GET', jd('question/list'), { query: { isPublic: '1', size: '200' } }));
    const publicLibs = await data(
      await call(li, 'GET', jd('question_lib/list'), { query: { isPublic: '1', size: '200' } }),
    );
    const publicIds = new Set(publicLibs.records.map((l: { id: string }) => l.id));
    expect(filtered.records.map((r: { id: string }) => r.id)).toContain(q.id);
    expect(filtered.records.every((r: { libId: string }) => publicIds.has(r.libId))).toBe(true);
    expect((await data(await call(li, 'GET', jd('question_lib/detail'), { query: { id: libId } }))).access).toBe(
      'public',
    );
    const own = await submitLib(li, { name: '收集' });
    const added = await data(
      await call(li, 'POST', jd('question/add_question'), { payload: { libId: own, ids: [q.id] } }),
    );
    expect(added.count).toBe(1);
    const [copy] = (await data(await call(li, 'GET', jd('question/list'), { query: { libId: own } }))).records;
    expect(copy).toMatchObject({ sourceId: q.id, type: 'fill' });
    expect(copy.items.map((i: { content: string }) => i.content)).toEqual(['大', '北京|Beijing']);
    const intoTheirs = await call(li, 'POST', jd('question/add_question'), { payload: { libId, ids: [q.id] } });
    expect(intoTheirs.statusCode).toBe(403);
  });

  it("a school administrator sees every library of the school; other tenants' are unknown", async () => {
    const libId = await submitLib(wang, { name: '管理员可见' });
    const role = await createRole(t.db, T, 'bank-admin', [...QUESTION_TEACHER_CODES, 'teacher_edit']);
    await createUser(t.db, { tenantId: T, account: 'bank-admin', password: 'bank-pw', roleIds: [role] });
    const bankAdmin = (await t.login('bank-admin', 'bank-pw', T)).access_token;
    const seen = await data(await call(bankAdmin, 'GET', jd('question_lib/detail'), { query: { id: libId } }));
    expect(seen.access).toBe('admin');
    await data(await call(bankAdmin, 'POST', jd('question_lib/submit'), { payload: { id: libId, isPublic: 1 } }));
    const platform = (await t.login('admin', 'admin')).access_token;
    // The platform superuser's own tenant: another tenant's library answers as if it did not exist.
    expect((await call(platform, 'GET', jd('question_lib/detail'), { query: { id: libId } })).statusCode).toBe(404);
    // teachingTenant's administrator holds the exam pages, not the question bank: 403.
    expect((await call(admin, 'GET', jd('question_lib/list'))).statusCode).toBe(403);
  });
});

describe('snapshots', () => {
  it('what an assigned paper hands out does not change when the question is edited or deleted', async () => {
    const libId = await submitLib(wang, { name: '快照' });
    const q = await saveQuestion(wang, samples(libId)[0]!);
    const wangLogin = await t.login('wang', '123456', T);
    const principal = {
      userId: wangLogin.user_id,
      tenantId: T,
      sessionId: '',
      account: 'wang',
      deptId: null,
      roleIds: [],
      roleAliases: [],
      superuser: false,
      packageId: null,
    };
    const taken = await t.db.transaction((tx) => snapshotQuestions(tx, principal, [q.id]));
    const instId = taken.get(q.id)!;
    const read = async () => ({
      inst: await data(await call(wang, 'GET', jd('question_inst/detail'), { query: { id: instId } })),
      items: (
        await data(await call(wang, 'GET', jd('question_item_inst/list'), { query: { questionInstId: instId } }))
      ).records.map((i: { content: string; isAnswer: number }) => [i.content, i.isAnswer]),
    });
    const before = await read();
    expect(before.inst).toMatchObject({ questionId: q.id, stem: q.stem, type: 'single' });
    expect(before.items).toEqual([
      ['<p>基本偏差</p>', 1],
      ['<p>标准公差</p>', 0],
      ['<p>实际尺寸</p>', 0],
    ]);
    await saveQuestion(wang, {
      id: q.id,
      stem: '<p>改过的题干</p>',
      items: [
        { content: '甲', isAnswer: 0 },
        { content: '乙', isAnswer: 1 },
      ],
    });
    expect(await read()).toEqual(before);
    await data(await call(wang, 'DELETE', exam(`remove/${q.id}`)));
    expect(await read()).toEqual(before);
    // Only the system writes snapshots, and another teacher does not read this one.
    expect((await call(wang, 'POST', jd('question_inst/submit'), { payload: { id: instId } })).statusCode).toBe(404);
    expect((await call(li, 'GET', jd('question_inst/detail'), { query: { id: instId } })).statusCode).toBe(404);
  });

  it('a question used by a paper names the paper before saving, and is not deleted', async () => {
    const libId = await submitLib(wang, { name: '被使用' });
    const q = await saveQuestion(wang, samples(libId)[2]!);
    const other = await saveQuestion(wang, samples(libId)[2]!);
    // Papers (a later module) declare this reference; here one stands in for them.
    registerReferences([
      {
        target: 'question',
        label: { zh: '试卷', en: 'Paper' },
        find: async (_db, _tenant, keys, except) =>
          keys.includes(q.id) && except !== '42' ? [{ key: q.id, title: '期中考试' }] : [],
      },
    ]);
    expect(await data(await call(wang, 'GET', exam(`hasPaperRela/${q.id}`)))).toEqual({
      used: true,
      places: '试卷《期中考试》',
    });
    expect(await data(await call(wang, 'GET', exam(`hasPaperRela/${q.id}/42`)))).toEqual({ used: false, places: '' });
    expect(await data(await call(wang, 'GET', exam(`hasPaperRela/${other.id}`)))).toEqual({ used: false, places: '' });
    const removal = await call(wang, 'DELETE', exam(`remove/${q.id}`));
    expect(removal.statusCode).toBe(400);
    expect(removal.json().msg).toBe('该试题已被使用：试卷《期中考试》');
    const libRemoval = await call(wang, 'POST', jd('question_lib/remove'), { query: { ids: libId } });
    expect(libRemoval.json().msg).toBe('题库《被使用》中的试题正被使用：试卷《期中考试》，不能删除');
  });
});

describe('search', () => {
  it('finds by Chinese text, type, difficulty and knowledge point including the points below it', async () => {
    const libId = await submitLib(wang, { name: '检索' });
    const flags = academicApi(t, admin);
    const root = await flags.submit('flag', { kind: 'knowledge', name: '公差与配合' });
    const leaf = await flags.submit('flag', { kind: 'knowledge', parentId: root, name: '基本偏差' });
    const other = await flags.submit('flag', { kind: 'knowledge', name: '螺纹' });
    const [single, multiple, judge] = samples(libId);
    const a = await saveQuestion(wang, { ...single, flagIds: [leaf] });
    const b = await saveQuestion(wang, { ...multiple, flagIds: [other], difficulty: 4 });
    const c = await saveQuestion(wang, { ...judge, flagIds: [root] });
    const ids = async (query: Record<string, string>) =>
      (await data(await call(wang, 'GET', exam('page'), { query: { libId, ...query } }))).records
        .map((r: { id: string }) => r.id)
        .sort();
    expect(await ids({ text: '公差带' })).toEqual([a.id]);
    expect(await ids({ text: '形状公差' })).toEqual([b.id]);
    expect(await ids({ text: '公差' })).toEqual([a.id, b.id].sort());
    expect(await ids({ text: '差公' })).toEqual([]);
    expect(await ids({ text: '基本偏差' })).toEqual([a.id]);
    expect(await ids({ flagId: root })).toEqual([a.id, c.id].sort());
    expect(await ids({ flagId: leaf })).toEqual([a.id]);
    expect(await ids({ type: 'multiple,judge' })).toEqual([b.id, c.id].sort());
    expect(await ids({ difficulty: '4' })).toEqual([b.id]);
    expect(await ids({ text: '公差', flagId: root })).toEqual([a.id]);
    const bad = await call(wang, 'POST', exam('save'), { payload: { ...single, flagIds: ['1234567890'] } });
    expect(bad.json().msg).toBe('所选知识点或分类不存在');
  });

  it('a text and a knowledge-point filter are answered by the GIN index on search tokens', async () => {
    const rolledBack = new Error('rolled back');
    const plan = await t.db
      .transaction(async (tx) => {
        // 20,000 questions of another tenant, one in a hundred with the word, one in fifty per node; then statistics.
        await tx.execute(`insert into question (id, tenant_id, lib_id, type, search_tokens)
          select 90000000 + g, '999999', 1, 'single',
                 array['w' || (g % 97), '#f' || (g % 50)] || case when g % 100 = 0 then array['公差'] else '{}' end
          from generate_series(1, 20000) g`);
        await tx.execute('analyze question');
        const explained = await tx.execute(
          `explain select count(*) from (select 1 from question where tenant_id = '999999' and is_deleted = 0
           and parent_id = 0 and search_tokens @> array['公差']::text[] and search_tokens && array['#f1', '#f2']::text[]
           limit 10001) c`,
        );
        throw Object.assign(rolledBack, { plan: JSON.stringify((explained as { rows?: unknown }).rows ?? explained) });
      })
      .catch((e) => (e === rolledBack ? (e as Error & { plan: string }).plan : Promise.reject(e)));
    expect(plan, plan).toMatch(/Bitmap Index Scan on question_tokens_idx/);
  });
});

describe('guards', () => {
  it('401 without a token, 403 without the codes, 400 on bad ids', async () => {
    const calls: [Method, string][] = [
      ['GET', exam('get/1')],
      ['POST', exam('save')],
      ['GET', exam('page')],
      ['DELETE', exam('remove/1')],
      ['GET', exam('hasPaperRela/1')],
      ['GET', exam('tree/1')],
      ['POST', exam('addEmptyChildQuestion/1')],
      ['POST', exam('move/up/1')],
      ['POST', exam('move/down/1')],
      ['POST', jd('question_lib/quote')],
      ['GET', jd('question_lib/get_que_lib_list')],
      ['POST', jd('question/add_question')],
      ['GET', jd('question/public_list')],
    ];
    for (const [method, url] of calls) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await call(admin, method, url)).statusCode, url).toBe(403);
    }
    for (const url of [exam('get/abc'), exam('tree/1e5'), exam('hasPaperRela/-1')]) {
      expect((await call(wang, 'GET', url)).statusCode, url).toBe(400);
    }
    expect(
      (await call(wang, 'POST', jd('question/add_question'), { payload: { libId: '1', ids: [] } })).json().msg,
    ).toBe('请选择试题');
  });
});
