import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PLATFORM_TENANT_ID } from '@shixun/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { attach, filejob, filejobStudent, filejobTeacher, setting } from '../db/schema/index.ts';
import { frozenJob, recordsForClasses } from '../modules/filejob/assignment/assignment.assign.ts';
import { markHandin } from '../modules/filejob/handin/handin.mark.ts';
import { handIn } from '../modules/filejob/handin/handin.take.ts';
import { demoPrincipal, demoTeacher } from './demo-principal.ts';

const T = PLATFORM_TENANT_ID;
/** teacher1 (王老师). */
const OWNER = '70200';
const JOB = '75100';
const ASSIGNMENT = '75101';
/** 2024级1班. */
const CLASS = '70140';
const DONE = 'seed.filejobDemo';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A one-page PDF saying `text` (ASCII), small and real: previews open it and its SHA-256 is its own. */
export function demoPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

/** A demo student's upload, written to the local files like any upload (an attachment row with its real hash). */
async function demoUpload(db: Db, filesDir: string | undefined, n: number, userId: string, name: string, began: Date) {
  const bytes = demoPdf(`Shixun demo hand-in ${name}`);
  const id = String(75200 + n);
  const key = `${T}/20260901/demo-filejob-${id}.pdf`;
  if (filesDir) {
    await mkdir(path.join(filesDir, T, '20260901'), { recursive: true });
    await writeFile(path.join(filesDir, ...key.split('/')), bytes);
  }
  await db
    .insert(attach)
    .values({
      id,
      tenantId: T,
      link: `/files/${key}`,
      domain: '/files',
      name: key,
      originalName: name,
      extension: 'pdf',
      contentType: 'application/pdf',
      attachSize: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      category: 'file',
      createUser: userId,
      createTime: began,
      updateUser: userId,
    })
    .onConflictDoNothing();
  return id;
}

/**
 * 阶梯轴零件图 (a file job of teacher1: PDF or pictures, 10 % off per day late, five days at most) given to 2024级1班
 * a week ago with its deadline yesterday: six students handed in on time, one a day late (10 % off), the rest not at
 * all; two hand-ins are marked, nothing is released yet. Seeded once.
 */
export async function seedFilejobDemo(db: Db, filesDir: string | undefined): Promise<void> {
  const [done] = await db.select({ key: setting.key }).from(setting).where(eq(setting.key, DONE));
  if (done) return;
  const teacher = await demoTeacher(db, OWNER, 'teacher1');
  const now = Date.now();
  const deadline = new Date(now - DAY);
  await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(filejob)
      .values({
        id: JOB,
        tenantId: T,
        title: '阶梯轴零件图',
        requirements:
          '<p>按实训任务书绘制阶梯轴零件图（A4，1:1），标注尺寸、公差与表面粗糙度，导出 PDF 提交；手绘的可拍照提交。</p>',
        allowedKinds: ['pdf', 'png', 'jpg'],
        maxSizeMb: 20,
        maxFiles: 3,
        score: 100,
        latePolicy: 'penalty',
        penaltyPercent: 10,
        penaltyMaxDays: 5,
        createUser: OWNER,
        updateUser: OWNER,
      })
      .onConflictDoNothing()
      .returning();
    if (!job) return;
    const [a] = await tx
      .insert(filejobTeacher)
      .values({
        id: ASSIGNMENT,
        tenantId: T,
        jobId: JOB,
        title: job.title,
        classIds: [CLASS],
        startTime: new Date(now - 7 * DAY),
        deadline,
        graceMinutes: 30,
        releaseRule: 'manual',
        job: frozenJob(job),
        createUser: OWNER,
        updateUser: OWNER,
      })
      .returning();
    await recordsForClasses(tx, a!, teacher);
    const records = await tx
      .select()
      .from(filejobStudent)
      .where(eq(filejobStudent.filejobTeacherId, ASSIGNMENT))
      .orderBy(asc(filejobStudent.userId));
    for (const [i, r] of records.slice(0, 7).entries()) {
      const student = demoPrincipal(r.userId, `student${String(i + 1).padStart(2, '0')}`);
      const late = i === 6;
      const at = late ? new Date(now - HOUR) : new Date(deadline.getTime() - (30 - i * 3) * HOUR);
      const attachId = await demoUpload(
        tx,
        filesDir,
        i,
        r.userId,
        `阶梯轴零件图-${i + 1}.pdf`,
        new Date(at.getTime() - 60_000),
      );
      await handIn(tx, null, student, r.id, { files: [{ attachId }] }, at);
      if (i < 2)
        await markHandin(tx, teacher, {
          id: r.id,
          score: 92 - i * 7,
          comment: i === 0 ? '尺寸标注完整，表面粗糙度符号规范。' : '公差标注缺一处，见批注。',
          annotations: i === 1 ? [{ attachId, page: 1, x: 0.12, y: 0.1, w: 0.3, h: 0.06, note: 'Ø25 缺公差' }] : [],
        });
    }
    await tx.insert(setting).values({ key: DONE, value: new Date().toISOString() }).onConflictDoNothing();
  });
}
