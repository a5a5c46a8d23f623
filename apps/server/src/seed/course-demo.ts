import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PLATFORM_TENANT_ID } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import {
  attach,
  course,
  courseClass,
  coursePaper,
  courseStudy,
  courseSub,
  courseware,
  coursewareSegment,
  flag,
  questionFlag,
  setting,
  wrongbook,
} from '../db/schema/index.ts';
import { DEMO_VIDEO_SECONDS, demoVideo } from './demo-video.ts';
import { demoPdf } from './filejob-demo.ts';

const T = PLATFORM_TENANT_ID;
/** teacher1 (王老师). */
const OWNER = '70200';
const COURSE = '76100';
/** 2024级1班, and its first student (student01). */
const CLASS = '70140';
const STUDENT_USER = '70301';
/** 数学基础练习 (paper-demo.ts), a practice paper. */
const PRACTICE_PAPER = '72101';
const DONE = 'seed.courseDemo';
const audit = { tenantId: T, createUser: OWNER, updateUser: OWNER };

/** A file of teacher1's, written to the local files like any upload (an attachment row with its real hash). */
async function demoFile(db: Db, filesDir: string | undefined, id: string, name: string, ext: string, bytes: Buffer) {
  const key = `${T}/20260901/demo-course-${id}.${ext}`;
  if (filesDir) {
    await mkdir(path.join(filesDir, T, '20260901'), { recursive: true });
    await writeFile(path.join(filesDir, ...key.split('/')), bytes);
  }
  const contentType = ext === 'pdf' ? 'application/pdf' : 'video/webm';
  await db
    .insert(attach)
    .values({
      ...audit,
      id,
      link: `/files/${key}`,
      domain: '/files',
      name: key,
      originalName: name,
      extension: ext,
      contentType,
      attachSize: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      category: ext === 'pdf' ? 'document' : 'video',
    })
    .onConflictDoNothing();
  return { attachId: id, link: `/files/${key}`, extension: ext, originalName: name, fileSize: bytes.length };
}

/**
 * 机械制图与识图 (a course of teacher1, 48 hours) taught to 2024级1班 and published: a three-level topic tree (第一章 →
 * 1.1 投影法 → 1.1.1 正投影的特性; 第二章 locked until 第一章 is complete), a PDF and a 6-second video on 1.1.1, a
 * rich-text summary on 1.2, the practice paper 数学基础练习 on 1.1; student01 has opened the PDF and watched the first
 * 4 seconds of the video; the video's segment teaches a point of one of student01's wrong answers. Seeded once.
 */
export async function seedCourseDemo(db: Db, filesDir: string | undefined): Promise<void> {
  const [done] = await db.select({ key: setting.key }).from(setting).where(eq(setting.key, DONE));
  if (done) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(course)
      .values({
        ...audit,
        id: COURSE,
        name: '机械制图与识图',
        description: '<p>从投影原理到零件图：三视图、剖视、尺寸与公差标注。每章配练习，第二章在完成第一章后开放。</p>',
        hours: 48,
        published: 1,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return;
    await tx.insert(courseClass).values({ id: '76101', tenantId: T, courseId: COURSE, classId: CLASS });
    const topic = (id: string, parentId: string, name: string, sort: number, locked = 0) => ({
      ...audit,
      id,
      courseId: COURSE,
      parentId,
      name,
      sort,
      locked,
    });
    await tx
      .insert(courseSub)
      .values([
        topic('76110', '0', '第一章 制图基础', 1),
        topic('76111', '76110', '1.1 投影法', 1),
        topic('76112', '76111', '1.1.1 正投影的特性', 1),
        topic('76113', '76110', '1.2 三视图', 2),
        topic('76120', '0', '第二章 零件图', 2, 1),
        topic('76121', '76120', '2.1 尺寸标注', 1),
      ]);
    const pdf = await demoFile(
      tx,
      filesDir,
      '76140',
      '正投影的特性.pdf',
      'pdf',
      demoPdf('Shixun: orthographic projection'),
    );
    const video = await demoFile(tx, filesDir, '76141', '正投影演示.webm', 'webm', demoVideo());
    const ware = { ...audit, courseId: COURSE, kind: 'file' };
    await tx.insert(courseware).values([
      { ...ware, ...pdf, id: '76130', courseSubId: '76112', name: '正投影的特性（讲义）', sort: 1 },
      {
        ...ware,
        ...video,
        id: '76131',
        courseSubId: '76112',
        name: '正投影演示（视频）',
        duration: DEMO_VIDEO_SECONDS,
        completion: { kind: 'share', value: 90 },
        sort: 2,
      },
      {
        ...audit,
        id: '76132',
        courseId: COURSE,
        courseSubId: '76113',
        name: '三视图要点',
        kind: 'richtext',
        content: '<p>长对正、高平齐、宽相等。</p>',
        completion: { kind: 'time', value: 60 },
        sort: 1,
      },
    ]);
    // The video teaches a knowledge point student01 answered wrongly (when the exam demo gave them wrong answers):
    // their wrong-answer book links back to it.
    const [wrong] = await tx
      .select({ flagId: questionFlag.flagId })
      .from(wrongbook)
      .innerJoin(questionFlag, eq(questionFlag.questionId, wrongbook.questionId))
      .innerJoin(flag, and(eq(flag.id, questionFlag.flagId), eq(flag.kind, 'knowledge')))
      .where(and(eq(wrongbook.userId, STUDENT_USER), eq(wrongbook.isDeleted, 0)))
      .orderBy(asc(wrongbook.id))
      .limit(1);
    if (wrong)
      await tx.insert(coursewareSegment).values({
        id: '76170',
        tenantId: T,
        coursewareId: '76131',
        label: '正投影演示',
        start: 1,
        end: DEMO_VIDEO_SECONDS,
        flagIds: [wrong.flagId],
      });
    await tx
      .insert(coursePaper)
      .values({ ...audit, id: '76150', courseId: COURSE, courseSubId: '76111', paperId: PRACTICE_PAPER, sort: 1 });
    const now = Date.now();
    const study = { tenantId: T, courseId: COURSE, courseSubId: '76112', userId: STUDENT_USER };
    await tx.insert(courseStudy).values([
      {
        ...study,
        id: '76160',
        coursewareId: '76130',
        seconds: 95,
        completed: 1,
        completedBy: 'opened',
        completeTime: new Date(now - 3_600_000),
        beatTime: new Date(now - 3_600_000),
      },
      {
        ...study,
        id: '76161',
        coursewareId: '76131',
        ranges: [[0, 4]],
        position: 4,
        seconds: 4,
        beatTime: new Date(now - 3_500_000),
      },
    ]);
    await tx.insert(setting).values({ key: DONE, value: new Date().toISOString() }).onConflictDoNothing();
  });
}
