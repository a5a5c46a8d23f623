import { existsSync, readFileSync } from 'node:fs';
import { chmod, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { OpsError, run } from './run.ts';

/**
 * A backup is one .tar.gz:
 *   shixun-backup.json        the manifest below
 *   database/pglite.tar       the embedded database's data directory (PGlite's own dump), or
 *   database/postgres.dump    pg_dump's custom format
 *   files/…                   the uploaded files kept on the local disk (`<DATA_DIR>/files`)
 */
export const MANIFEST = 'shixun-backup.json';
export const PGLITE_DUMP = 'database/pglite.tar';
export const POSTGRES_DUMP = 'database/postgres.dump';

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** The PGlite package, or the PostgreSQL server and the pg_dump that wrote the dump. */
  databaseVersion: z.string(),
  dumpVersion: z.string().optional(),
  /** `created_at` of the latest migration applied: a restore refuses a database newer than its own code. */
  migratedTo: z.number(),
  files: z.object({ count: z.number(), bytes: z.number() }),
  /** Buckets holding files that are NOT in the archive: each is backed up with the bucket's own tools. */
  objectStorage: z.array(
    z.object({ tenantId: z.string(), ossCode: z.string(), endpoint: z.string(), bucketName: z.string() }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * Temporary uploads, resumable uploads still arriving (or waiting for their result to be fetched: modules/files/tus)
 * and converted previews (made again on demand) stay out of a backup.
 */
const NOT_BACKED_UP = ['.tmp', '.tus', '.convert'];

/** How many files a backup of `<DATA_DIR>/files` holds, and their size. */
export async function countFiles(dir: string): Promise<Manifest['files']> {
  const total = { count: 0, bytes: 0 };
  if (!existsSync(dir)) return total;
  const walk = async (at: string, top: boolean) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      if (top && NOT_BACKED_UP.includes(entry.name)) continue;
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full, false);
      else if (entry.isFile()) {
        total.count += 1;
        total.bytes += (await stat(full)).size;
      }
    }
  };
  await walk(dir, true);
  return total;
}

/**
 * Writes the archive from a staging directory that holds the manifest and the database dump, plus the files
 * directory (if any) under `files/`. The files are read after the database was dumped, so every file the dump
 * refers to is there (stored files never change; new ones may come in as well).
 */
export async function packArchive(staging: string, filesDir: string | null, out: string): Promise<void> {
  const args = ['--create', '--gzip', `--file=${out}`, `--directory=${staging}`, MANIFEST, 'database'];
  if (filesDir && existsSync(filesDir)) {
    // Files arriving or leaving while tar reads the folder are fine (see above): no warning, no failure for them.
    args.push(
      '--warning=no-file-changed',
      '--warning=no-file-removed',
      ...NOT_BACKED_UP.map((name) => `--exclude=./${name}`),
      '--transform=s,^\\.,files,',
      `--directory=${path.resolve(filesDir)}`,
      '.',
    );
  }
  const result = await run('tar', args);
  // 1 = "some files changed while being archived": uploads that arrived meanwhile, which the dump does not know.
  if (result.code > 1) throw new OpsError(`tar could not write the archive ${out}: ${result.stderr}`);
  await chmod(out, 0o600); // password hashes, sealed keys, every answer: for the owner's eyes only
}

/** Unpacks an archive and returns its manifest; anything that is not a Shixun backup is refused with what it is. */
export async function unpackArchive(file: string, into: string): Promise<Manifest> {
  if (!existsSync(file)) throw new OpsError(`${file} does not exist`);
  const result = await run('tar', ['--extract', '--gzip', `--file=${file}`, `--directory=${into}`, '--no-same-owner']);
  if (result.code !== 0)
    throw new OpsError(`${file} is not a Shixun backup (not a readable .tar.gz): ${result.stderr}`);
  const manifestFile = path.join(into, MANIFEST);
  if (!existsSync(manifestFile)) throw new OpsError(`${file} is not a Shixun backup: it has no ${MANIFEST}`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  } catch {
    throw new OpsError(`${file} is not a Shixun backup this version can read: ${MANIFEST} is not what it expects`);
  }
  const dump = path.join(into, manifest.database === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP);
  if (!existsSync(dump)) throw new OpsError(`${file} is incomplete: the database dump is missing`);
  return manifest;
}

/** The manifest of a written archive, read through to its end: a truncated or damaged archive fails here. */
export async function readManifest(file: string): Promise<Manifest> {
  const result = await run('tar', ['--extract', '--gzip', '--to-stdout', `--file=${file}`, MANIFEST]);
  if (result.code !== 0) throw new OpsError(`${file} cannot be read back: ${result.stderr}`);
  return manifestSchema.parse(JSON.parse(result.stdout));
}

export function manifestJson(manifest: Manifest): string {
  return `${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`;
}
