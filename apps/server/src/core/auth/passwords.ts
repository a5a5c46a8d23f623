import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords arrive as md5(plain) hex (the Saber wire format) and are stored as argon2id(md5): the md5 alone is
 * never stored, and a leaked database cannot be replayed at the login endpoint.
 */
const MD5_HEX = /^[a-f0-9]{32}$/;

export function isMd5Hex(value: string): boolean {
  return MD5_HEX.test(value.toLowerCase());
}

/**
 * Argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which WebCrypto — every
 * access token signed or checked — and file reads share. Handed a sign-in burst at once, the pool would queue
 * hundreds of 25 ms hashes ahead of every request's token check (3 s behind 100 of them, measured). So at most one
 * per core runs at a time, always leaving a thread free; the others wait here, first come, first served.
 */
const POOL_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const ARGON2_AT_ONCE = Math.max(1, Math.min(availableParallelism(), POOL_THREADS - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < ARGON2_AT_ONCE) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(md5Hex: string): Promise<string> {
  return inTurn(() => hash(md5Hex.toLowerCase()));
}

export async function verifyPassword(stored: string, md5Hex: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(stored, md5Hex.toLowerCase()));
  } catch {
    return false;
  }
}

/** Verifying against this keeps "no such account" as slow as "wrong password". */
let dummyHash: Promise<string> | undefined;
export async function burnVerifyTime(md5Hex: string): Promise<void> {
  dummyHash ??= hashPassword('0'.repeat(32));
  await verifyPassword(await dummyHash, md5Hex);
}
