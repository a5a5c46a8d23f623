import { createHash } from 'node:crypto';

/** md5 hex of a plain password: what the client would send for it (used by seeds and tests). */
export function md5(plain: string): string {
  return createHash('md5').update(plain).digest('hex');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
