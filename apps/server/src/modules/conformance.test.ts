import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../core/db/ids.ts';
import { practicalStudentInspection, practicalStudentPoint, student } from '../db/schema/index.ts';
import { type Sample, type WalkEnv, walkEnv, walkResources } from '../test/conformance-walk.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { multipart, png } from '../test/sample-files.ts';
import { snapshotQuestions } from './question/question.snapshot.ts';
import { resourceRegistry } from './registry.ts';

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
  /** A practical task with one assessment point, for point, inspection and share samples. */
  practicalId: '',
  practicalPointId: '',
  practicalItemId: '',
  paperQuestionIds: [] as string[],
  /** A file job, and a picture the administrator (a student of the sample class too) uploaded to hand in. */
  filejobId: '',
  filejobAttachId: '',
  /** A course with one topic, and papers to put on it (a topic holds a paper once). */
  courseId: '',
  courseTopicId: '',
  coursePaperIds: [] as string[],
  /** A paper with one judge question, assigned to the class for assignment samples. */
  assignPaperId: '',
  /** Schools a library or paper is shared with, one per sample (a school holds one share of each). */
  shareSchoolIds: [] as string[],
};
/** Unique numbers for samples that must not clash with each other (dates, codes). */
let serial = 0;
/** The next school the sample paper is shared with (a school holds one share of a paper). */
let paperShare = 0;
let practicalShare = 0;
let filejobShare = 0;
let courseShare = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

/** Adds a row through submit as `token` (for `inUse`): it must succeed. */
async function submitted(token: string, url: string, payload: object): Promise<void> {
  const res = await t.as(token, { method: 'POST', url, payload });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
}

/**
 * One valid and one invalid submit body per resource. A resource in the registry without samples fails the walk,
 * so nothing is mounted without being walked.
 */
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
  practical_paper: {
    valid: () => ({ title: `车削阶梯轴${unique()}`, duration: 120, passScore: 0 }),
    invalid: { title: '', duration: -1, isPublic: 2 },
  },
  practical_point: {
    valid: () => ({ paperId: fixtures.practicalId, name: `表面粗糙度${unique()}`, score: 5, rule: 'all' }),
    invalid: { paperId: 'x', name: '', score: -1, rule: 'guess' },
  },
  practical_inspection: {
    valid: () => ({
      paperId: fixtures.practicalId,
      pointId: fixtures.practicalPointId,
      name: `Ø25 外圆${unique()}`,
      kind: 'measure',
      instrument: '千分尺',
      resolution: '0.01',
      nominal: '25.00',
      unit: 'mm',
      lowerDeviation: '-0.02',
      upperDeviation: '0.01',
    }),
    invalid: { paperId: fixtures.practicalId, pointId: 'x', name: '', nominal: 'abc', resolution: '0' },
  },
  practical_paper_permission: {
    valid: () => ({
      paperId: fixtures.practicalId,
      granteeType: 'school',
      granteeId: fixtures.shareSchoolIds[practicalShare++ % fixtures.shareSchoolIds.length],
      access: 'read',
    }),
    invalid: { paperId: fixtures.practicalId, granteeType: 'class', granteeId: 'x', access: 'own' },
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
  practical_teacher: {
    valid: () => ({ title: `实训安排${unique()}`, remark: '带量具' }),
    invalid: { title: '', closeTime: 'soon' },
    create: async (token) => (await practicalAssigned(token)).assignmentId,
  },
  practical_student: {
    valid: () => ({}),
    invalid: {},
    create: async (token) => (await practicalAssigned(token)).attemptId,
  },
  practical_student_inspection: {
    valid: () => ({}),
    invalid: {},
    create: async (token) => (await practicalRecorded(token, 'practical_student_inspection')).id,
  },
  practical_student_point: {
    valid: () => ({}),
    invalid: {},
    create: async (token) => (await practicalRecorded(token, 'practical_student_point')).id,
  },
  filejob: {
    valid: () => ({
      title: `文件作业${unique()}`,
      requirements: '<p>提交零件图</p>',
      allowedKinds: ['pdf', 'png'],
      maxSizeMb: 10,
      latePolicy: 'penalty',
      penaltyPercent: 10,
      penaltyMaxDays: 3,
    }),
    invalid: { title: '', allowedKinds: ['exe'], latePolicy: 'never' },
  },
  filejob_permission: {
    valid: () => ({
      jobId: fixtures.filejobId,
      granteeType: 'school',
      granteeId: fixtures.shareSchoolIds[filejobShare++ % fixtures.shareSchoolIds.length],
      access: 'read',
    }),
    invalid: { jobId: fixtures.filejobId, granteeType: 'class', granteeId: 'x', access: 'own' },
  },
  filejob_teacher: {
    valid: () => ({
      jobId: fixtures.filejobId,
      classIds: [fixtures.classId],
      title: `作业安排${unique()}`,
      startTime: new Date(Date.now() - 60_000).toISOString(),
      deadline: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    invalid: { jobId: 'x', classIds: [], deadline: 'soon' },
  },
  filejob_student: {
    valid: () => ({ files: [{ attachId: fixtures.filejobAttachId }] }),
    invalid: { id: '1', files: 'none' },
    create: async (token) => {
      const res = await t.as(token, {
        method: 'POST',
        url: '/api/jd/pc/filejob_teacher/submit',
        payload: samples.filejob_teacher!.valid(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const mine = await t.as(token, {
        method: 'GET',
        url: '/api/jd/pc/filejob_student/mine',
        query: { filejobTeacherId: res.json().data.id },
      });
      return mine.json().data.records[0].id;
    },
  },
  course: {
    valid: () => ({ name: `课程${unique()}`, description: '<p>课程简介</p>', hours: 32 }),
    invalid: { name: '', hours: -1 },
  },
  course_permission: {
    valid: () => ({
      courseId: fixtures.courseId,
      granteeType: 'school',
      granteeId: fixtures.shareSchoolIds[courseShare++ % fixtures.shareSchoolIds.length],
      access: 'read',
    }),
    invalid: { courseId: fixtures.courseId, granteeType: 'class', granteeId: 'x', access: 'own' },
  },
  course_sub: {
    valid: () => ({ courseId: fixtures.courseId, name: `第一章${unique()}` }),
    invalid: { courseId: 'x', name: '' },
    inUse: (token, parentId) =>
      submitted(token, '/api/jd/pc/course_sub/submit', { courseId: fixtures.courseId, parentId, name: '小节' }),
  },
  courseware: {
    valid: () => ({
      courseSubId: fixtures.courseTopicId,
      name: `讲义${unique()}`,
      kind: 'richtext',
      content: '<p>讲义</p>',
    }),
    invalid: { courseSubId: 'x', name: '', kind: 'video' },
  },
  course_paper: {
    valid: () => ({ courseSubId: fixtures.courseTopicId, paperId: fixtures.coursePaperIds.pop() }),
    invalid: { courseSubId: 'x', paperId: 'y' },
  },
  flag: {
    valid: () => ({ kind: 'knowledge', name: `知识点${unique()}` }),
    invalid: { kind: 'colour', name: '' },
    inUse: (token, parentId) =>
      submitted(token, '/api/exam/pc/flag/submit', { kind: 'knowledge', parentId, name: `子知识点${unique()}` }),
  },
};

/** The sample practical task given to the sample class (the administrator is a student there too). */
async function practicalAssigned(token: string): Promise<{ assignmentId: string; attemptId: string }> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/api/jd/pc/practical_teacher/add_batch',
    payload: {
      paperId: fixtures.practicalId,
      classIds: [fixtures.classId],
      openTime: new Date(Date.now() - 60_000).toISOString(),
      closeTime: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const assignmentId = res.json().data.id as string;
  const attempts = await t.as(token, {
    method: 'GET',
    url: '/api/jd/pc/practical_student/mine',
    query: { practicalTeacherId: assignmentId },
  });
  return { assignmentId, attemptId: attempts.json().data.records[0].id };
}

/** An attempt at the sample task with an item and a point record (set up directly: the walk holds CRUD codes only). */
async function practicalRecorded(token: string, resource: string): Promise<{ id: string }> {
  const { attemptId } = await practicalAssigned(token);
  const row = { tenantId: '400001', practicalStudentId: attemptId, pointId: fixtures.practicalPointId };
  await t.db
    .insert(practicalStudentInspection)
    .values({ ...row, id: newId(), inspectionId: fixtures.practicalItemId, passed: 1 });
  await t.db.insert(practicalStudentPoint).values({ ...row, id: newId(), score: 10, passed: 1 });
  const res = await t.as(token, {
    method: 'GET',
    url: `/api/jd/pc/${resource}/list`,
    query: { practicalStudentId: attemptId },
  });
  return { id: res.json().data.records[0].id };
}

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
let tenantAdmin: Record<string, string> = {};
const env = {} as WalkEnv;

beforeAll(async () => {
  t = await startTestApp();
  Object.assign(env, await walkEnv(t, resourceRegistry));
  ({ tenantAdmin } = env);
  fixtures.tenantRoleId = env.tenantRoleId;
  fixtures.adminUserId = env.adminUserId;
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
  fixtures.practicalId = await jd('practical_paper', { title: '样例实训' });
  fixtures.practicalPointId = await jd('practical_point', {
    paperId: fixtures.practicalId,
    name: '外圆尺寸',
    score: 10,
  });
  fixtures.practicalItemId = await jd('practical_inspection', {
    paperId: fixtures.practicalId,
    pointId: fixtures.practicalPointId,
    name: '清洁',
    kind: 'check',
  });
  fixtures.filejobId = await jd('filejob', { title: '样例文件作业', allowedKinds: ['png', 'pdf'] });
  const upload = await t.as(ta, {
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file',
    ...(await multipart('零件图.png', png())),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  fixtures.filejobAttachId = upload.json().data.attachId;
  fixtures.courseId = await jd('course', { name: '样例课程' });
  fixtures.courseTopicId = await jd('course_sub', { courseId: fixtures.courseId, name: '第一章' });
  for (let i = 0; i < 12; i++)
    fixtures.coursePaperIds.push(await jd('paper', { title: `课程练习${i}`, paperType: 'practice' }));
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

walkResources(resourceRegistry, samples, env);

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
