import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords arrive as md5(plain) hex (the Saber wire format) and are stored as argon2id(md5): the md5 alone is
 * never stored, and a leaked database cannot be replayed at the login endpoint.
 */
const MD5_HEX = /^[a-f0-9]{32}$/;

export function isMd5Hex(value: string): boolean {
  return MD5_HEX.test(value.toLowerCase());
}

export function hashPassword(md5Hex: string): Promise<string> {
  return hash(md5Hex.toLowerCase());
}

export async function verifyPassword(stored: string, md5Hex: string): Promise<boolean> {
  try {
    return await verify(stored, md5Hex.toLowerCase());
  } catch {
    return false;
  }
}

/** Verifying against this keeps "no such account" as slow as "wrong password". */
let dummyHash: Promise<string> | undefined;
export async function burnVerifyTime(md5Hex: string): Promise<void> {
  dummyHash ??= hash('0'.repeat(32));
  await verifyPassword(await dummyHash, md5Hex);
}
