import type { CoursewareForm, coursewareFormSchema } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { SaveValues } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import { sanitizeRichText } from '../../core/html/sanitize.ts';
import { badRequest } from '../../core/http/errors.ts';
import { attach, coursePaper, courseSub } from '../../db/schema/index.ts';
import { coursePolicy } from './course.policy.ts';

type Values = SaveValues<typeof coursewareFormSchema>;
type Stored = {
  courseId: string;
  courseSubId: string;
  kind: string;
  attachId: string;
  link: string;
  content: string;
  version: number;
  sourceVersion: number;
};

/** A live topic of the tenant whose course the caller may change (else 400, as for a missing one, or 403). */
export async function editableTopic(db: Db, p: Principal, topicId: string) {
  const [topic] = await db
    .select()
    .from(courseSub)
    .where(and(eq(courseSub.id, topicId), eq(courseSub.tenantId, p.tenantId), eq(courseSub.isDeleted, 0)));
  if (!topic) throw badRequest('course.topic.invalid');
  await coursePolicy.editable(db, p, topic.courseId);
  return topic;
}

/**
 * What a courseware save must hold, by kind: a file is one of the tenant's attachments (its link, sniffed kind, name
 * and size copied from it); a link is http(s); rich text has content. Text is kept to the one sanitiser; a rule
 * "its paper passed" needs a paper on the topic; the version rises when what students see changes.
 */
export async function checkCourseware(
  db: Db,
  p: Principal,
  files: FileStore,
  values: Values,
  next: CoursewareForm,
  existing?: Stored,
): Promise<void> {
  if (!existing || (values.courseSubId && values.courseSubId !== existing.courseSubId)) {
    const topic = await editableTopic(db, p, next.courseSubId);
    if (existing && topic.courseId !== existing.courseId) throw badRequest('course.topic.fixed');
    values.courseId = topic.courseId;
  }
  if (values.content !== undefined)
    values.content = sanitizeRichText(values.content, await files.mediaPrefixes(db, p.tenantId));
  if (next.kind === 'file') {
    if (!next.attachId || next.attachId === '0') throw badRequest('courseware.file.required');
    if (values.attachId !== undefined || values.kind !== undefined) {
      const [file] = await db
        .select()
        .from(attach)
        .where(and(eq(attach.id, next.attachId), eq(attach.tenantId, p.tenantId), eq(attach.isDeleted, 0)));
      if (!file) throw badRequest('courseware.file.invalid');
      Object.assign(values, {
        link: file.link,
        extension: file.extension,
        originalName: file.originalName,
        fileSize: file.attachSize,
      });
    }
  } else if (next.kind === 'link') {
    if (!/^https?:\/\/\S+$/i.test(next.link ?? '')) throw badRequest('courseware.link.invalid');
    Object.assign(values, { attachId: '0', extension: '', originalName: '', fileSize: 0 });
  } else {
    const text = String(values.content ?? next.content ?? '');
    if (!text.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(text)) throw badRequest('courseware.content.required');
    Object.assign(values, { attachId: '0', link: '', extension: '', originalName: '', fileSize: 0 });
  }
  if (values.completion?.kind === 'paper') {
    const [paper] = await db
      .select({ id: coursePaper.id })
      .from(coursePaper)
      .where(and(eq(coursePaper.courseSubId, next.courseSubId), eq(coursePaper.isDeleted, 0)))
      .limit(1);
    if (!paper) throw badRequest('courseware.completion.noPaper');
  }
  if (existing) {
    const seen = ['kind', 'attachId', 'link', 'content'] as const;
    const changed = seen.some((k) => values[k] !== undefined && values[k] !== existing[k]);
    if (changed) values.version = existing.version + 1;
    // A quoted courseware whose content is changed here shows its own content: a local copy, no longer following.
    if (changed && existing.sourceVersion > 0) values.sourceVersion = 0;
  }
}
