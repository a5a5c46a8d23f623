import type { Readable } from 'node:stream';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { attachmentsById, openStored } from '../handin/handin.files.ts';
import { handedFilesOfClass } from './assignment.classes.ts';
import { type ZipEntry, zipStream } from './zip-stream.ts';

/** A name safe as one part of a zip path (no folders, no control characters). */
const part = (s: string) =>
  [...s]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim() || '_';

/**
 * `zip`: a class's current hand-ins as one zip, streamed (zip-stream.ts): a folder per student
 * `<student number>_<name>/` holding their files under the names they were handed in with (a second file of the same
 * name in one folder gets `(2) ` before it).
 */
export async function classZip(
  db: Db,
  files: FileStore,
  p: Principal,
  id: string,
  classId: string,
): Promise<{ stream: Readable; name: string }> {
  const { title, className, files: handed } = await handedFilesOfClass(db, p, id, classId);
  if (!handed.length) throw badRequest('filejob.zip.empty');
  const stored = await attachmentsById(
    db,
    handed.map((f) => f.attachId),
  );
  const used = new Set<string>();
  const entries: ZipEntry[] = [];
  for (const f of handed) {
    const row = stored.get(f.attachId);
    if (!row) continue;
    const folder = part(`${f.studentNo}_${f.studentName}`);
    let name = `${folder}/${part(f.name)}`;
    for (let n = 2; used.has(name); n++) name = `${folder}/(${n}) ${part(f.name)}`;
    used.add(name);
    entries.push({ name, open: () => openStored(db, files, row) });
  }
  return { stream: zipStream(entries), name: `${part(title)}_${part(className)}.zip` };
}
