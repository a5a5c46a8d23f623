import { crudPermissions } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { student } from '../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../test/fixtures.ts';
import { secretKeys, startTestApp, type TestApp } from '../test/harness.ts';
import { multipart, png } from '../test/sample-files.ts';
import { snapshotQuestions } from './question/question.snapshot.ts';
import { resourceRegistry } from './registry.ts';

/**
 * One valid and one invalid submit body per resource. A resource in the registry without samples fails here,
 * so nothing is mounted without being walked.
 */
/** What a sample may refer to: rows the conformance setup created in the writing tenant. */
const fixtures = {
  tenantRoleId: '',
  schoolId: '',
  schoolyearId: '',
  classId: '',
  adminUserId: '',
  libId: '',
  /** A fill-in-the-blank question: item samples are its blanks. */
  questionId: '',
  /** A paper with a section; bank questions for paper_question samples, each used once (a paper holds one of each). */
  paperId: '',
  titleId: '',
  paperQuestionIds: [] as string[],
  /** A paper with one judge question, assigned to the class for assignment samples. */
  assignPaperId: '',
  /** Schools a library or paper is shared with, one per sample (a school holds one share of each). */
  shareSchoolIds: [] as string[],
};
/** Unique numbers for samples that must not clash with each other (dates, codes). */
let serial = 0;
/** The next school the sample paper is shared with (a school holds one share of a paper). */
let paperShare = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

interface Sample {
  valid: () => Record<string, unknown>;
  invalid: Record<string, unknown>;
  /**
   * For rows that are not added through submit (attachments come from uploads): makes one as `token` and returns
   * its id. Submit without an id must then be refused; `valid` is used for edits.
   */
  create?: (token: string) => Promise<string>;
  /**
   * Makes the row one that its own tenant may not remove (it has children, users, terms ...), as `token`. Another
   * tenant's removal must still answer exactly as for an id that does not exist, never with the refusal.
   */
  inUse?: (token: string, id: string) => Promise<void>;
}

/** Adds a row through submit as `token` (for `inUse`): it must succeed. */
async function submitted(token: string, url: string, payload: object): Promise<void> {
  const res = await t.as(token, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(200);
}

const samples: Record<string, Sample> = {
  param: {
    valid: () => ({ paramName: '样例', paramKey: `sample.${Math.random().toString(36).slice(2)}`, paramValue: 'v' }),
    invalid: { paramName: '', paramKey: 'k' },
  },
  post: {
    valid: () => ({
      category: 1,
      postCode: `P${Math.random().toString(36).slice(2, 10)}`,
      postName: '教务主任',
      sort: 1,
    }),
    invalid: { category: 1, postCode: 'has space', postName: '' },
  },
  dict: {
    valid: () => ({
      code: `d_${Math.random().toString(36).slice(2, 10)}`,
      dictValue: '样例字典',
      sort: 1,
      isSealed: 0,
    }),
    invalid: { code: '', dictValue: '样例字典', sort: 1 },
    inUse: (token, parentId) =>
      submitted(token, '/api/blade-system/dict/submit', {
        parentId,
        code: 'x',
        dictKey: '1',
        dictValue: '子项',
        sort: 1,
        isSealed: 0,
      }),
  },
  dict_biz: {
    valid: () => ({
      code: `b_${Math.random().toString(36).slice(2, 10)}`,
      dictValue: '样例字典',
      sort: 1,
      isSealed: 0,
    }),
    invalid: { code: 'c', dictValue: '', sort: 1 },
    inUse: (token, parentId) =>
      submitted(token, '/api/blade-system/dict-biz/submit', {
        parentId,
        code: 'x',
        dictKey: '1',
        dictValue: '子项',
        sort: 1,
        isSealed: 0,
      }),
  },
  role: {
    valid: () => ({ roleName: '教研组长', roleAlias: `r${Math.random().toString(36).slice(2, 10)}`, sort: 1 }),
    invalid: { roleName: '', roleAlias: '1bad' },
    inUse: (token, roleId) =>
      submitted(token, '/api/blade-user/submit', {
        account: `u${unique()}`,
        password: 'e10adc3949ba59abbe56e057f20f883e',
        name: '用角色',
        realName: '用角色',
        roleIds: [roleId],
      }),
  },
  dept: {
    valid: () => ({ deptName: '机电工程系', deptCategory: 2, sort: 1 }),
    invalid: { deptName: '', deptCategory: 9 },
    inUse: (token, parentId) =>
      submitted(token, '/api/blade-system/dept/submit', { parentId, deptName: '实训中心', deptCategory: 2, sort: 1 }),
  },
  user: {
    valid: () => ({
      account: `u${Math.random().toString(36).slice(2, 10)}`,
      password: 'e10adc3949ba59abbe56e057f20f883e',
      name: '样例',
      realName: '样例用户',
      roleIds: [fixtures.tenantRoleId],
    }),
    invalid: { account: 'bad account', name: '', realName: '', roleIds: [] },
  },
  tenant: {
    valid: () => ({ tenantName: '样例学校', linkman: '张老师', accountNumber: 100 }),
    invalid: { tenantName: '', accountNumber: -5 },
  },
  tenant_package: {
    valid: () => ({ packageName: `基础版 ${Math.random().toString(36).slice(2, 8)}`, menuIds: ['1008'] }),
    invalid: { packageName: '', menuIds: ['x'] },
  },
  data_scope: {
    valid: () => ({ menuId: '1008', resourceCode: 'user', scopeName: '本部门可见', scopeType: 3 }),
    invalid: { menuId: 'x', resourceCode: 'User', scopeName: '', scopeType: 9 },
  },
  api_scope: {
    valid: () => ({
      menuId: '1008',
      resourceCode: 'user',
      scopeName: '导出用户',
      scopePath: `/api/blade-user/sample-${Math.random().toString(36).slice(2, 10)}`,
    }),
    invalid: { menuId: '1008', resourceCode: 'user', scopeName: 'x', scopePath: '/etc/passwd' },
  },
  menu: {
    valid: () => ({
      code: `m_${Math.random().toString(36).slice(2, 10)}`,
      name: '样例菜单',
      path: '/sample/page',
      category: 1,
      sort: 1,
    }),
    invalid: { code: 'has space', name: '', category: 3 },
  },
  topmenu: {
    valid: () => ({
      code: `t_${Math.random().toString(36).slice(2, 10)}`,
      name: '教学',
      source: 'BookOutlined',
      sort: 1,
    }),
    invalid: { code: '', name: '' },
  },
  client: {
    valid: () => ({
      clientId: `c_${Math.random().toString(36).slice(2, 10)}`,
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    }),
    invalid: { clientId: '', authorizedGrantTypes: 'implicit' },
  },
  social: {
    valid: () => ({
      source: `oidc_${Math.random().toString(36).slice(2, 10)}`,
      name: '学校统一身份认证',
      preset: 'generic',
      authorizeUrl: 'https://sso.school.example/authorize',
      tokenUrl: 'https://sso.school.example/token',
      userInfoUrl: 'https://sso.school.example/userinfo',
      clientId: 'shixun',
      clientSecret: 'conformance-secret',
      redirectUri: 'https://shixun.school.example/oauth/callback/oidc',
    }),
    invalid: { source: 'Has Space', preset: 'weibo', redirectUri: 'javascript:alert(1)' },
  },
  notice: {
    valid: () => ({
      title: '期末考试安排',
      category: 1,
      releaseTime: new Date().toISOString(),
      content: '<p>请<strong>准时</strong>参加</p>',
    }),
    invalid: { title: '', category: 99 },
  },
  oss: {
    valid: () => ({
      category: 1,
      ossCode: `minio_${Math.random().toString(36).slice(2, 10)}`,
      // A public address (TEST-NET-3): a school's config may not point at internal ones (core/net/outbound.ts).
      endpoint: 'http://203.0.113.10:9000',
      accessKey: 'minio-access',
      secretKey: 'minio-secret-key',
      bucketName: 'shixun',
    }),
    invalid: { category: 9, ossCode: 'has space', endpoint: 'ftp://x', bucketName: 'UPPER' },
  },
  sms: {
    valid: () => ({
      category: 3,
      smsCode: `aliyun_${Math.random().toString(36).slice(2, 10)}`,
      templateId: 'SMS_154950909',
      accessKey: 'aliyun-access',
      secretKey: 'aliyun-secret-key',
      signName: '实训学校',
    }),
    invalid: { category: 7, smsCode: 'has space', templateId: '', endpoint: 'ftp://x' },
  },
  attach: {
    valid: () => ({ originalName: '实训指导书.png' }),
    // An edit (there is no add): the name may not hold a slash.
    invalid: { id: '1', originalName: 'a/b.png' },
    create: async (token) => {
      const form = await multipart('图.png', png());
      const res = await t.as(token, { method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file', ...form });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.attachId as string;
    },
  },
  school: {
    valid: () => ({ name: '实训学校', code: `s_${unique()}`, regionCode: '330106', linkman: '教务处' }),
    invalid: { name: '', code: 'has space' },
  },
  schoolyear: {
    // Each sample a year of its own, so none overlaps another.
    valid: () => {
      const y = 2100 + serial++;
      return { schoolId: fixtures.schoolId, name: `${y}学年`, startDate: `${y}-09-01`, endDate: `${y + 1}-08-31` };
    },
    invalid: { schoolId: 'x', name: '', startDate: '2024-13-01' },
    inUse: async (token, schoolyearId) => {
      const [{ startDate }] = [
        (
          await t.as(token, { method: 'GET', url: '/api/exam/pc/schoolyear/detail', query: { id: schoolyearId } })
        ).json().data,
      ];
      const y = Number(String(startDate).slice(0, 4));
      await submitted(token, '/api/exam/pc/term/submit', {
        schoolyearId,
        name: '第一学期',
        startDate: `${y}-09-01`,
        endDate: `${y + 1}-01-31`,
      });
    },
  },
  term: {
    valid: () => {
      const y = 3001 + serial++;
      return { schoolyearId: fixtures.schoolyearId, name: `${y}学期`, startDate: `${y}-02-01`, endDate: `${y}-06-30` };
    },
    invalid: { schoolyearId: '', name: '', startDate: 'tomorrow' },
  },
  clazz: {
    valid: () => ({ category: 1, schoolId: fixtures.schoolId, name: `${unique()}级` }),
    invalid: { category: 3, schoolId: fixtures.schoolId, name: '' },
    inUse: (token, parentId) =>
      submitted(token, '/api/exam/pc/clazz/submit', {
        category: 2,
        schoolId: fixtures.schoolId,
        parentId,
        name: '1班',
      }),
  },
  student: {
    valid: () => ({
      classId: fixtures.classId,
      studentNo: `S${unique()}`,
      realName: '张三',
      sex: 1,
      password: 'e10adc3949ba59abbe56e057f20f883e',
    }),
    invalid: { classId: 'x', studentNo: 'has space', realName: '' },
  },
  teacher: {
    valid: () => ({
      account: `t${unique()}`,
      password: 'e10adc3949ba59abbe56e057f20f883e',
      realName: '王老师',
      jobTitle: '讲师',
    }),
    invalid: { account: 'bad account', realName: '' },
  },
  question_lib: {
    valid: () => ({ name: `机械基础题库${unique()}`, discipline: 'math', remark: '第一章' }),
    invalid: { name: '', discipline: 'art' },
  },
  question_lib_permission: {
    valid: () => ({
      libId: fixtures.libId,
      granteeType: 'school',
      granteeId: fixtures.shareSchoolIds[serial++ % fixtures.shareSchoolIds.length],
      access: 'read',
    }),
    invalid: { libId: fixtures.libId, granteeType: 'class', granteeId: 'x', access: 'own' },
  },
  question: {
    valid: () => ({
      libId: fixtures.libId,
      type: 'single',
      stem: '<p>下列哪个数是质数？</p>',
      items: [
        { content: '4', isAnswer: 0 },
        { content: '7', isAnswer: 1 },
      ],
      difficulty: 2,
      score: 2.5,
    }),
    invalid: { libId: fixtures.libId, type: 'single', stem: '', items: [] },
    inUse: async (token, id) => {
      await submitted(token, '/api/jd/pc/question/submit', { id, type: 'composite', items: [] });
      await submitted(token, '/api/jd/pc/question/submit', {
        libId: fixtures.libId,
        parentId: id,
        type: 'judge',
        stem: '<p>小题</p>',
        answer: 'T',
      });
    },
  },
  question_item: {
    valid: () => ({ questionId: fixtures.questionId, content: `答案${unique()}` }),
    invalid: { questionId: 'x', content: 5 },
  },
  question_inst: {
    valid: () => ({}),
    invalid: {},
    create: async () => (await snapshotOfFixture()).questionInstId,
  },
  question_item_inst: {
    valid: () => ({}),
    invalid: {},
    create: async () => (await snapshotOfFixture()).itemInstId,
  },
  paper: {
    valid: () => ({ title: `期中考试${unique()}`, paperType: 'exam', duration: 90, passScore: 0 }),
    invalid: { title: '', paperType: 'quiz', duration: -1 },
  },
  paper_title: {
    valid: () => ({ paperId: fixtures.paperId, name: `一、选择题${unique()}` }),
    invalid: { paperId: 'x', name: '' },
    inUse: (token, parentId) =>
      submitted(token, '/api/exam/pc/paper/title/save', { paperId: fixtures.paperId, parentId, name: '小节' }),
  },
  paper_question: {
    valid: () => ({ titleId: fixtures.titleId, questionId: fixtures.paperQuestionIds.pop(), score: 2 }),
    invalid: { titleId: 'x', questionId: 'y', score: -1 },
  },
  paper_permission: {
    valid: () => ({
      paperId: fixtures.paperId,
      granteeType: 'school',
      granteeId: fixtures.shareSchoolIds[paperShare++ % fixtures.shareSchoolIds.length],
      access: 'edit',
    }),
    invalid: { paperId: fixtures.paperId, granteeType: 'class', granteeId: 'x', access: 'own' },
  },
  paper_teacher: {
    valid: () => ({ title: `期中考试${unique()}`, remark: '带计算器' }),
    invalid: { title: '', closeTime: 'soon' },
    create: async (token) => (await assigned(token)).assignmentId,
  },
  paper_student: { valid: () => ({}), invalid: {}, create: async (token) => (await assigned(token)).attemptId },
  paper_teacher_question: {
    valid: () => ({}),
    invalid: {},
    create: async (token) => {
      const { assignmentId } = await assigned(token);
      const res = await t.as(token, {
        method: 'GET',
        url: '/api/jd/pc/paper_teacher_question/list',
        query: { paperTeacherId: assignmentId },
      });
      return res.json().data.records[0].id;
    },
  },
  paper_student_question: {
    valid: () => ({}),
    invalid: {},
    create: async (token) => (await answered(token)).answerId,
  },
  wrongbook: {
    valid: () => ({ state: 'mastered' }),
    invalid: { id: '1', state: 'forgotten' },
    create: async (token) => {
      const { attemptId } = await answered(token);
      await submitted(token, '/api/jd/pc/paper_student_question/submit_exam', {
        paperStudentId: attemptId,
        answers: [],
      });
      const res = await t.as(token, { method: 'GET', url: '/api/exam/pc/wrongbook/page', query: { size: '200' } });
      return res.json().data.records[0].id;
    },
  },
  flag: {
    valid: () => ({ kind: 'knowledge', name: `知识点${unique()}` }),
    invalid: { kind: 'colour', name: '' },
    inUse: (token, parentId) =>
      submitted(token, '/api/exam/pc/flag/submit', { kind: 'knowledge', parentId, name: `子知识点${unique()}` }),
  },
};

/**
 * The sample paper assigned to the sample class, in which the tenant's administrator is also a student (so that
 * their own attempt, answers and wrong-answer book exist, made the way students make them).
 */
async function assigned(token: string): Promise<{ assignmentId: string; attemptId: string }> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/api/jd/pc/paper_teacher/add_batch',
    payload: {
      paperId: fixtures.assignPaperId,
      classIds: [fixtures.classId],
      openTime: new Date(Date.now() - 60_000).toISOString(),
      closeTime: new Date(Date.now() + 3_600_000).toISOString(),
      releaseRule: 'immediate',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const assignmentId = res.json().data.id as string;
  const attempts = await t.as(token, {
    method: 'GET',
    url: '/api/jd/pc/paper_student/page',
    query: { paperTeacherId: assignmentId },
  });
  return { assignmentId, attemptId: attempts.json().data.records[0].id };
}

/** An assigned attempt with a wrong answer saved. */
async function answered(token: string): Promise<{ attemptId: string; answerId: string }> {
  const { attemptId } = await assigned(token);
  const paper = await t.as(token, {
    method: 'GET',
    url: '/api/jd/pc/paper_student_question/exam_paper',
    query: { paperStudentId: attemptId },
  });
  const questionId = paper.json().data.sections[0].questions[0].id;
  await submitted(token, '/api/jd/pc/paper_student_question/save_answers', {
    paperStudentId: attemptId,
    answers: [{ questionId, answer: 'F', seq: 1 }],
  });
  const rows = await t.as(token, {
    method: 'GET',
    url: '/api/jd/pc/paper_student_question/list',
    query: { paperStudentId: attemptId },
  });
  return { attemptId, answerId: rows.json().data.records[0].id };
}

/** A snapshot of the fixture question, taken as the system takes them (at assignment), and its first item's. */
async function snapshotOfFixture(): Promise<{ questionInstId: string; itemInstId: string }> {
  const principal = {
    userId: fixtures.adminUserId,
    tenantId: '400001',
    sessionId: '',
    account: 'admin',
    deptId: null,
    roleIds: [],
    roleAliases: [],
    superuser: false,
    packageId: null,
  };
  const ids = await t.db.transaction((tx) => snapshotQuestions(tx, principal, [fixtures.questionId]));
  const questionInstId = ids.get(fixtures.questionId)!;
  const items = await t.as(tenantAdmin['400001']!, {
    method: 'GET',
    url: '/api/jd/pc/question_item_inst/list',
    query: { questionInstId },
  });
  return { questionInstId, itemInstId: items.json().data.records[0].id };
}

let t: TestApp;
let admin: string;
let none: string;
const tenantAdmin: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login('admin', 'admin')).access_token;
  const empty = await createRole(t.db, '000000', 'no-codes');
  await createUser(t.db, { tenantId: '000000', account: 'no-codes', password: 'no-codes-pw', roleIds: [empty] });
  none = (await t.login('no-codes', 'no-codes-pw')).access_token;
  const allCodes = resourceRegistry.flatMap((r) => Object.values(crudPermissions(r.name)));
  for (const tenantId of ['400001', '400002']) {
    await createTenant(t.db, tenantId);
    const role = await createRole(t.db, tenantId, 'admin', allCodes);
    if (tenantId === '400001') fixtures.tenantRoleId = role;
    const userId = await createUser(t.db, { tenantId, account: 'admin', password: 'tenant-pw', roleIds: [role] });
    if (tenantId === '400001') fixtures.adminUserId = userId;
    tenantAdmin[tenantId] = (await t.login('admin', 'tenant-pw', tenantId)).access_token;
  }
  // What the teaching samples hang off: a school with a long school year, and a grade with a class.
  const ta = tenantAdmin['400001']!;
  const made = async (url: string, payload: object) => {
    const res = await t.as(ta, { method: 'POST', url: `/api/exam/pc/${url}/submit`, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  fixtures.schoolId = await made('school', { name: '样例学校', code: 'sample' });
  fixtures.schoolyearId = await made('schoolyear', {
    schoolId: fixtures.schoolId,
    name: '长学年',
    startDate: '3000-01-01',
    endDate: '3999-12-31',
  });
  const grade = await made('clazz', { category: 1, schoolId: fixtures.schoolId, name: '2024级' });
  fixtures.classId = await made('clazz', { category: 2, schoolId: fixtures.schoolId, parentId: grade, name: '1班' });
  for (let i = 0; i < 8; i++)
    fixtures.shareSchoolIds.push(await made('school', { name: `共享学校${i}`, code: `share${i}` }));
  const jd = async (url: string, payload: object) => {
    const res = await t.as(ta, { method: 'POST', url: `/api/jd/pc/${url}/submit`, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  fixtures.libId = await jd('question_lib', { name: '样例题库' });
  fixtures.questionId = await jd('question', {
    libId: fixtures.libId,
    type: 'fill',
    stem: '<p>我国的首都是____。</p>',
    items: [{ content: '北京|Beijing', score: 2 }],
  });
  fixtures.paperId = await jd('paper', { title: '样例试卷', paperType: 'exam' });
  fixtures.titleId = await jd('paper_title', { paperId: fixtures.paperId, name: '一、判断题' });
  fixtures.assignPaperId = await jd('paper', { title: '发布样例', paperType: 'exam' });
  const assignTitle = await jd('paper_title', { paperId: fixtures.assignPaperId, name: '一、判断题' });
  const judge = await jd('question', { libId: fixtures.libId, type: 'judge', stem: '<p>发布样例</p>', answer: 'T' });
  await t.as(ta, {
    method: 'POST',
    url: '/api/exam/pc/paper/title/importQuestion',
    payload: { paperId: fixtures.assignPaperId, titleId: assignTitle, questionIds: [judge] },
  });
  // The administrator of 400001 is also a student of the sample class (their own attempts are assignment samples).
  await t.db.insert(student).values({
    id: '4000019999',
    tenantId: '400001',
    userId: fixtures.adminUserId,
    schoolId: fixtures.schoolId,
    classId: fixtures.classId,
    studentNo: 'ADMIN',
  });
  for (let i = 0; i < 20; i++) {
    fixtures.paperQuestionIds.push(
      await jd('question', { libId: fixtures.libId, type: 'judge', stem: `<p>判断 ${i}</p>`, answer: 'T' }),
    );
  }
});
afterAll(() => t.close());

describe.each(resourceRegistry.map((r) => [r.name, r] as const))('resource %s', (name, def) => {
  const base = def.basePath;
  const listUrl = `${base}/${def.listPath ?? 'list'}`;
  const extraListUrls = (def.extraLists ?? []).map((l) => (l.path.startsWith('/') ? l.path : `${base}/${l.path}`));
  // BladeX's edit-only `update`, where a resource declares it: walked like submit's update path.
  const updateUrl = def.updatePath ? `${base}/${def.updatePath}` : undefined;
  const update = (token: string, payload: object) => t.as(token, { method: 'POST', url: updateUrl!, payload });
  const sample = samples[name];
  const submit = (token: string, payload: object) => t.as(token, { method: 'POST', url: `${base}/submit`, payload });
  const detail = (token: string, id: string) => t.as(token, { method: 'GET', url: `${base}/detail`, query: { id } });
  const writer = () => (def.scope === 'global' ? admin : tenantAdmin['400001']!);

  it('has conformance samples', () => {
    expect(sample, `add samples for "${name}" in conformance.test.ts`).toBeDefined();
  });

  if (def.readOnly) {
    it('is read-only: list and detail guarded like any other, no call writes it, other tenants never see it', async () => {
      for (const url of [listUrl, `${base}/detail?id=1`]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
        expect((await t.as(none, { method: 'GET', url })).statusCode, url).toBe(403);
      }
      expect((await detail(writer(), 'not-an-id')).statusCode).toBe(400);
      const id = await sample!.create!(writer());
      expect((await detail(writer(), id)).statusCode).toBe(200);
      const page = await t.as(writer(), { method: 'GET', url: listUrl, query: { size: '200' } });
      expect(page.json().data.records.some((r: { id: string }) => r.id === id)).toBe(true);
      expect((await submit(writer(), { id, stem: 'changed' })).statusCode).toBe(404);
      expect((await t.as(writer(), { method: 'POST', url: `${base}/remove`, query: { ids: id } })).statusCode).toBe(
        404,
      );
      const b = tenantAdmin['400002']!;
      expect((await detail(b, id)).statusCode).toBe(404);
      const listB = await t.as(b, { method: 'GET', url: listUrl, query: { size: '200' } });
      expect(listB.json().data.records.some((r: { id: string }) => r.id === id)).toBe(false);
    });
    return;
  }

  it('401 on every endpoint without a token', async () => {
    for (const [method, url] of [
      ['GET', listUrl],
      ['GET', `${base}/detail?id=1`],
      ['POST', `${base}/remove?ids=1`],
      ['POST', `${base}/submit`],
      ...extraListUrls.map((url) => ['GET', url] as const),
      ...(updateUrl ? [['POST', updateUrl] as const] : []),
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('403 on every endpoint without its permission code', async () => {
    for (const url of [listUrl, ...extraListUrls]) {
      expect((await t.as(none, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    expect((await detail(none, '1')).statusCode).toBe(403);
    expect((await t.as(none, { method: 'POST', url: `${base}/remove?ids=1` })).statusCode).toBe(403);
    expect((await submit(none, sample!.valid())).statusCode).toBe(403);
    if (updateUrl) expect((await update(none, { ...sample!.valid(), id: '1' })).statusCode).toBe(403);
  });

  it('ignores or refuses filter and sort keys that look like SQL, and never runs them', async () => {
    const hostile = [
      ['updatexml(1,concat(0x7e,md5(1),0x7e),1)', '1'],
      ['1-extractvalue(1,concat(0x7e,md5(1)))', '1'],
      ['name) or (1=1', '1'],
      ['ascs', 'id,(select pg_sleep(3))'],
      ['descs', 'id;drop table sys_user'],
      ['sort', '__proto__'],
    ];
    for (const url of [listUrl, ...extraListUrls]) {
      for (const [key, value] of hostile) {
        const started = Date.now();
        const res = await t.as(writer(), { method: 'GET', url, query: { [key!]: value! } });
        expect([200, 400], `${url}?${key}`).toContain(res.statusCode);
        expect(res.body).not.toContain('c4ca4238a0b923820dcc509a6f75849b');
        expect(res.body).not.toMatch(/XPATH|syntax error|SQL/i);
        expect(Date.now() - started).toBeLessThan(1000);
      }
    }
  });

  it('400 with a message on bad input', async () => {
    const res = await submit(writer(), sample!.invalid);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBeTruthy();
    expect((await detail(writer(), 'not-an-id')).statusCode).toBe(400);
    if (updateUrl) expect((await update(writer(), sample!.valid())).statusCode, 'update without an id').toBe(400);
  });

  /** A new row of this resource, made as `token`: through submit, or the way such rows come to be. */
  async function addRow(token: string, extra: object = {}): Promise<{ id: string } & Record<string, unknown>> {
    if (sample!.create) {
      expect([400, 403], 'submit without an id').toContain((await submit(token, sample!.valid())).statusCode);
      return (await detail(token, await sample!.create(token))).json().data;
    }
    const created = await submit(token, { ...sample!.valid(), ...extra });
    expect(created.statusCode).toBe(200);
    // `oneTime` credentials appear in the creating answer only, never again (see harness secretKeys).
    expect(secretKeys(created.json())).toEqual([]);
    const { oneTime: _, ...row } = created.json().data;
    return row;
  }

  it('round-trips add, detail, edit, list and remove, without credentials in any response', async () => {
    const row = await addRow(writer());
    expect((await detail(writer(), row.id)).json().data).toEqual(row);
    const edited = await submit(writer(), { ...sample!.valid(), id: row.id });
    expect(edited.statusCode).toBe(200);
    if (updateUrl) {
      const again = await update(writer(), { ...sample!.valid(), id: row.id });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.id).toBe(row.id);
    }
    const page = await t.as(writer(), { method: 'GET', url: listUrl, query: { size: '200' } });
    expect(page.json().data.records.some((r: { id: string }) => r.id === row.id)).toBe(true);
    expect(secretKeys(page.json())).toEqual([]);
    expect((await t.as(writer(), { method: 'POST', url: `${base}/remove`, query: { ids: row.id } })).statusCode).toBe(
      200,
    );
    expect((await detail(writer(), row.id)).statusCode).toBe(404);
  });

  if (def.superuserOnly) {
    it("is the platform superuser's alone: tenant administrators may neither read nor write it", async () => {
      const ta = tenantAdmin['400001']!;
      expect((await t.as(ta, { method: 'GET', url: listUrl })).statusCode).toBe(403);
      expect((await detail(ta, '1')).statusCode).toBe(403);
      expect((await submit(ta, sample!.valid())).statusCode).toBe(403);
      expect((await t.as(ta, { method: 'POST', url: `${base}/remove?ids=1` })).statusCode).toBe(403);
    });
  } else if (def.scope === 'global') {
    it('is global: tenant administrators may read but never write it', async () => {
      const ta = tenantAdmin['400001']!;
      expect((await t.as(ta, { method: 'GET', url: listUrl })).statusCode).toBe(200);
      expect((await submit(ta, sample!.valid())).statusCode).toBe(403);
      expect((await t.as(ta, { method: 'POST', url: `${base}/remove?ids=1` })).statusCode).toBe(403);
    });
  } else {
    it("keeps each tenant's rows invisible and untouchable to the other, and ignores a body tenantId", async () => {
      const [a, b] = [tenantAdmin['400001']!, tenantAdmin['400002']!];
      const row = await addRow(a, { tenantId: '400002' });
      const listB = await t.as(b, { method: 'GET', url: listUrl, query: { size: '200' } });
      expect(listB.json().data.records.some((r: { id: string }) => r.id === row.id)).toBe(false);
      expect((await detail(b, row.id)).statusCode).toBe(404);
      expect((await submit(b, { ...sample!.valid(), id: row.id })).statusCode).toBe(404);
      if (updateUrl) expect((await update(b, { ...sample!.valid(), id: row.id })).statusCode).toBe(404);
      const remove = (token: string, ids: string) =>
        t.as(token, { method: 'POST', url: `${base}/remove`, query: { ids } });
      // Another tenant's row answers exactly like a row that does not exist, even where the owner would be refused.
      const unknown = await remove(b, '1234567890123456789');
      expect(unknown.statusCode).toBe(404);
      expect((await remove(b, row.id)).json()).toEqual(unknown.json());
      if (sample!.inUse) {
        await sample!.inUse(a, row.id);
        expect((await remove(b, row.id)).json()).toEqual(unknown.json());
        expect((await remove(b, `${row.id},1234567890123456789`)).json()).toEqual(unknown.json());
        expect((await remove(a, row.id)).statusCode, 'its own tenant is refused: the row is in use').toBe(400);
      }
      expect((await detail(a, row.id)).statusCode).toBe(200);
    });
  }
});

describe("another tenant's users, the platform superuser among them", () => {
  it('answer every user call exactly like ids that do not exist', async () => {
    const b = tenantAdmin['400002']!;
    const superuserId = (await t.login('admin', 'admin')).user_id;
    const other = (await t.as(tenantAdmin['400001']!, { method: 'GET', url: '/api/blade-user/page' })).json().data
      .records[0].id as string;
    const calls = (id: string) =>
      [
        { method: 'POST', url: '/api/blade-user/remove', query: { ids: id } },
        { method: 'POST', url: '/api/blade-user/reset-password', query: { userIds: id } },
        { method: 'POST', url: '/api/blade-user/update', payload: { id, realName: '改名' } },
        { method: 'POST', url: '/api/blade-user/submit', payload: { id, status: 0 } },
        { method: 'POST', url: '/api/blade-user/grant', payload: { userIds: [id], roleIds: [fixtures.tenantRoleId] } },
        { method: 'GET', url: '/api/blade-user/detail', query: { id } },
      ] as const;
    const unknown = calls('1234567890123456789');
    for (const id of [superuserId, other]) {
      for (const [i, call] of calls(id).entries()) {
        const [res, expected] = [await t.as(b, call), await t.as(b, unknown[i]!)];
        expect(res.statusCode, `${call.url} ${id}`).toBe(expected.statusCode);
        expect(res.json(), `${call.url} ${id}`).toEqual(expected.json());
      }
    }
  });
});
