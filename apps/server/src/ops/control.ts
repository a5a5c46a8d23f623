import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { OpsError } from './run.ts';

/**
 * How the backup command reaches the server that has the embedded database open (PGlite allows one process, so only
 * that server can take a consistent copy while it keeps serving):
 * - the server names itself in `<DATA_DIR>/server.json` from before it opens the database (pid) and, once it
 *   listens, where it answers (port), until it stops;
 * - the command writes a one-time token into `<DATA_DIR>` (mode 0600) and presents it to the server from this
 *   machine; the server accepts it only from a file its own user owns and nobody else can read, and deletes it.
 * Whoever can do that can read the database files anyway: nothing is opened to anyone else, nothing stays valid.
 */
export const SERVER_FILE = 'server.json';
export const TOKEN_HEADER = 'x-shixun-backup-token';

const TOKEN = /^([0-9a-f]{16})\.([0-9a-f]{64})$/;
const tokenFile = (dataDir: string, id: string) => path.join(dataDir, `backup-${id}.token`);

export interface RunningServer {
  pid: number;
  /** Absent while the server is starting. */
  port?: number;
  /** Where this machine reaches it. */
  host?: string;
}

export interface ServerPresence {
  listening(port: number, host: string): Promise<void>;
  /** Removes the file (on a graceful stop). */
  forget(): Promise<void>;
}

/** Called before the server opens the embedded database: from then on nobody else opens it (backup, restore). */
export async function announceServer(dataDir: string): Promise<ServerPresence> {
  const file = path.join(dataDir, SERVER_FILE);
  const write = async (self: RunningServer) => {
    await rm(file, { force: true });
    await writeFile(file, `${JSON.stringify(self)}\n`, { mode: 0o600, flag: 'wx' });
  };
  await mkdir(dataDir, { recursive: true });
  await write({ pid: process.pid });
  return {
    listening: (port, host) =>
      write({ pid: process.pid, port, host: ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host }),
    async forget() {
      if (runningServer(dataDir)?.pid === process.pid) await rm(file, { force: true });
    },
  };
}

/** The server named in DATA_DIR if its process is alive; null when none runs (a file left by a crash is ignored). */
export function runningServer(dataDir: string): RunningServer | null {
  const file = path.join(dataDir, SERVER_FILE);
  if (!existsSync(file)) return null;
  let named: RunningServer;
  try {
    named = JSON.parse(readFileSync(file, 'utf8')) as RunningServer;
  } catch {
    return null;
  }
  try {
    process.kill(named.pid, 0);
    return named;
  } catch (e) {
    // EPERM: alive, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? named : null;
  }
}

/** Command side: a token valid for one request; `discard` removes it if the server did not use it. */
export async function issueToken(dataDir: string): Promise<{ header: string; discard(): Promise<void> }> {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('hex');
  const file = tokenFile(dataDir, id);
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
  return { header: `${id}.${secret}`, discard: () => rm(file, { force: true }) };
}

/** Server side: true when the header names a token file this process's user wrote for it; the file is used up. */
export async function consumeToken(dataDir: string, header: unknown): Promise<boolean> {
  const match = typeof header === 'string' ? TOKEN.exec(header) : null;
  if (!match) return false;
  const file = tokenFile(dataDir, match[1]!);
  try {
    const info = await lstat(file);
    const ours = info.isFile() && info.uid === process.getuid?.() && (info.mode & 0o077) === 0;
    const stored = Buffer.from(await readFile(file, 'utf8'));
    const given = Buffer.from(match[2]!);
    return ours && stored.length === given.length && timingSafeEqual(stored, given);
  } catch {
    return false;
  } finally {
    await rm(file, { force: true });
  }
}

/** A request from this machine: over loopback, or to one of this machine's own addresses from that same address. */
export function fromThisMachine(socket: { remoteAddress?: string | undefined; localAddress?: string | undefined }) {
  const remote = socket.remoteAddress ?? '';
  const loopback = remote === '::1' || /^(::ffff:)?127\./.test(remote);
  return loopback || remote === socket.localAddress;
}

/** Command side: asks the running server for a backup and writes it to `out` (complete, or not at all). */
export async function backupThroughServer(dataDir: string, server: RunningServer, out: string): Promise<void> {
  if (!server.port || !server.host) {
    throw new OpsError(`the server (pid ${server.pid}) on ${dataDir} is still starting: try again once it is ready`);
  }
  const token = await issueToken(dataDir);
  const partial = `${out}.partial`;
  try {
    const host = server.host.includes(':') ? `[${server.host}]` : server.host;
    let res: Response;
    try {
      res = await fetch(`http://${host}:${server.port}/api/ops/backup`, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: token.header },
      });
    } catch {
      throw new OpsError(
        `the server named in ${path.join(dataDir, SERVER_FILE)} (pid ${server.pid}) does not answer on ` +
          `${host}:${server.port}. If it is still starting, try again; if that process is not a Shixun server, ` +
          'remove the file',
      );
    }
    if (!res.ok || !res.body) {
      const reply = (await res.json().catch(() => null)) as { msg?: string } | null;
      throw new OpsError(`the server did not make the backup: ${res.status} ${reply?.msg ?? ''}`.trim());
    }
    await pipeline(
      Readable.fromWeb(res.body as ReadableStream),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    await rename(partial, out);
  } finally {
    await rm(partial, { force: true });
    await token.discard();
  }
}
