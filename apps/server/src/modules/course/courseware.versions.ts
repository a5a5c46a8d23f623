import type { CoursewareFollow, CoursewareQuote, CoursewareVersions } from '@shixun/contracts';
import { and, countDistinct, desc, eq, gt, inArray, max, ne } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { userNames } from '../../core/access/user-names.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { course, courseware, coursewareSegment, coursewareVersion } from '../../db/schema/index.ts';
import { coursePolicy } from './course.policy.ts';
import { editableTopic } from './courseware.rules.ts';

type WareRow = typeof courseware.$inferSelect;

/* Quote by reference: a quoted courseware keeps a copy of the version it is pinned to (so the study page, the preview
 * and the heartbeat read it like any other courseware, and a later edit of the source changes nothing students see);
 * `source_id`/`source_version` say which. `source_version` 0 with a `source_id` = made a local copy: it no longer
 * follows, but still counts as a use of the source (the library's usage figure is a history of quotes). Editing what
 * students see of a following courseware makes it a local copy the same way. */

/** What students see of a courseware: what a version keeps and a pin copies. */
export function seenOf(
  w: Pick<WareRow, 'kind' | 'attachId' | 'link' | 'extension' | 'originalName' | 'fileSize' | 'content' | 'duration'>,
) {
  return {
    kind: w.kind,
    attachId: w.attachId,
    link: w.link,
    extension: w.extension,
    originalName: w.originalName,
    fileSize: w.fileSize,
    content: w.content,
    duration: w.duration,
  };
}

/** Keeps the courseware's current version (written when it is created and each time its version rises). */
export async function keepVersion(db: Db, p: Principal, row: WareRow, changeNote: string): Promise<void> {
  await db
    .insert(coursewareVersion)
    .values({
      id: newId(),
      tenantId: row.tenantId,
      coursewareId: row.id,
      version: row.version,
      ...seenOf(row),
      changeNote,
      createUser: p.userId,
    })
    .onConflictDoNothing();
}

/** A live courseware of the tenant whose course the caller may read (as the library lists it), else 404. */
async function readableWare(db: Db, p: Principal, id: string): Promise<WareRow> {
  const [row] = await db
    .select({ w: courseware })
    .from(courseware)
    .innerJoin(course, and(eq(course.id, courseware.courseId), eq(course.isDeleted, 0)))
    .where(
      and(
        eq(courseware.id, id),
        eq(courseware.tenantId, p.tenantId),
        eq(courseware.isDeleted, 0),
        coursePolicy.condition(await coursePolicy.reader(db, p), 'read'),
      ),
    );
  if (!row) throw notFound();
  return row.w;
}

/**
 * `POST courseware/quote`: a courseware the caller may read (own, shared, in the public library) put last on a topic
 * of a course they may change, pinned to its current version, with its completion rule and segments.
 */
export async function quoteCourseware(db: Db, p: Principal, input: CoursewareQuote): Promise<string> {
  return db.transaction(async (tx) => {
    const source = await readableWare(tx, p, input.id);
    const topic = await editableTopic(tx, p, input.courseSubId);
    const [last] = await tx
      .select({ sort: max(courseware.sort) })
      .from(courseware)
      .where(and(eq(courseware.courseSubId, topic.id), eq(courseware.isDeleted, 0)));
    const id = newId();
    const now = new Date();
    const [row] = await tx
      .insert(courseware)
      .values({
        ...seenOf(source),
        id,
        tenantId: p.tenantId,
        courseId: topic.courseId,
        courseSubId: topic.id,
        name: source.name,
        completion: source.completion,
        sort: (last?.sort ?? 0) + 1,
        version: 1,
        sourceId: source.id,
        sourceVersion: source.version,
        createUser: p.userId,
        createDept: p.deptId,
        createTime: now,
        updateUser: p.userId,
        updateTime: now,
      })
      .returning();
    await keepVersion(tx, p, row!, '');
    const segments = await tx.select().from(coursewareSegment).where(eq(coursewareSegment.coursewareId, source.id));
    if (segments.length)
      await tx
        .insert(coursewareSegment)
        .values(segments.map((s) => ({ ...s, id: newId(), tenantId: p.tenantId, coursewareId: id })));
    return id;
  });
}

/** A courseware of a course the caller may change that follows its source, else 404 (unreadable) / 403 / 400. */
async function followingWare(db: Db, p: Principal, id: string): Promise<WareRow> {
  const row = await readableWare(db, p, id);
  await coursePolicy.editable(db, p, row.courseId);
  if (row.sourceId === '0' || row.sourceVersion === 0) throw badRequest('courseware.follow.notQuoted');
  return row;
}

/** The source of a quoted courseware while it is live, in the tenant (else undefined: nothing newer to take). */
async function sourceOf(db: Db, row: WareRow): Promise<WareRow | undefined> {
  const [source] = await db
    .select({ w: courseware })
    .from(courseware)
    .innerJoin(course, and(eq(course.id, courseware.courseId), eq(course.isDeleted, 0)))
    .where(and(eq(courseware.id, row.sourceId), eq(courseware.tenantId, row.tenantId), eq(courseware.isDeleted, 0)));
  return source?.w;
}

/** `GET courseware/versions?id`: the source's versions newer than the pinned one, newest first, with their notes. */
export async function newerVersions(db: Db, p: Principal, id: string): Promise<CoursewareVersions> {
  const row = await readableWare(db, p, id);
  const following = row.sourceId !== '0' && row.sourceVersion > 0;
  const source = following ? await sourceOf(db, row) : undefined;
  const versions = source
    ? await db
        .select()
        .from(coursewareVersion)
        .where(and(eq(coursewareVersion.coursewareId, source.id), gt(coursewareVersion.version, row.sourceVersion)))
        .orderBy(desc(coursewareVersion.version))
    : [];
  const names = await userNames(
    db,
    versions.map((v) => v.createUser),
  );
  return {
    id: row.id,
    sourceId: row.sourceId,
    sourceVersion: row.sourceVersion,
    latestVersion: source?.version ?? row.sourceVersion,
    versions: versions.map((v) => ({
      version: v.version,
      changeNote: v.changeNote,
      createTime: v.createTime.toISOString(),
      createUserName: names.get(v.createUser ?? '') ?? '',
    })),
  };
}

/**
 * `POST courseware/follow`: `update` copies the source's current content and pins its version (what students see
 * changes, so this courseware's own version rises too); `copy` stops following; `keep` changes nothing.
 */
export async function follow(db: Db, p: Principal, input: CoursewareFollow): Promise<{ id: string; version: number }> {
  return db.transaction(async (tx) => {
    const row = await followingWare(tx, p, input.id);
    if (input.action === 'keep') return { id: row.id, version: row.sourceVersion };
    const audit = { updateUser: p.userId, updateTime: new Date() };
    if (input.action === 'copy') {
      await tx
        .update(courseware)
        .set({ sourceVersion: 0, ...audit })
        .where(eq(courseware.id, row.id));
      return { id: row.id, version: row.version };
    }
    const source = await sourceOf(tx, row);
    if (!source) throw badRequest('courseware.follow.sourceGone');
    if (source.version === row.sourceVersion) return { id: row.id, version: source.version };
    const [updated] = await tx
      .update(courseware)
      .set({ ...seenOf(source), sourceVersion: source.version, version: row.version + 1, ...audit })
      .where(eq(courseware.id, row.id))
      .returning();
    await keepVersion(tx, p, updated!, '');
    return { id: row.id, version: source.version };
  });
}

/**
 * What lists add to coursewares: for those that follow, the source's current version; for each, how many other
 * courses quoted it (distinct live courses with a live courseware whose source it is); the name of its course.
 */
export async function versionFacts(db: Db, rows: WareRow[]) {
  const ids = rows.map((r) => r.id);
  const sourceIds = [...new Set(rows.filter((r) => r.sourceId !== '0' && r.sourceVersion > 0).map((r) => r.sourceId))];
  const courseIds = [...new Set(rows.map((r) => r.courseId))];
  const [latest, used, courses] = await Promise.all([
    sourceIds.length
      ? db
          .select({ id: courseware.id, version: courseware.version })
          .from(courseware)
          .where(and(inArray(courseware.id, sourceIds), eq(courseware.isDeleted, 0)))
      : [],
    ids.length
      ? db
          .select({ id: courseware.sourceId, n: countDistinct(courseware.courseId) })
          .from(courseware)
          .innerJoin(course, and(eq(course.id, courseware.courseId), eq(course.isDeleted, 0)))
          .where(and(inArray(courseware.sourceId, ids), eq(courseware.isDeleted, 0), ne(courseware.sourceId, '0')))
          .groupBy(courseware.sourceId)
      : [],
    courseIds.length
      ? db.select({ id: course.id, name: course.name }).from(course).where(inArray(course.id, courseIds))
      : [],
  ]);
  const latestOf = new Map(latest.map((l) => [l.id, l.version]));
  const usedOf = new Map(used.map((u) => [u.id, Number(u.n)]));
  const nameOf = new Map(courses.map((c) => [c.id, c.name]));
  return rows.map((r) => ({
    ...r,
    latestVersion: r.sourceId !== '0' && r.sourceVersion > 0 ? (latestOf.get(r.sourceId) ?? r.sourceVersion) : 0,
    usedBy: usedOf.get(r.id) ?? 0,
    courseName: nameOf.get(r.courseId) ?? '',
  }));
}
