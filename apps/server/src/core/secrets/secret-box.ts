import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { setting } from '../../db/schema/index.ts';
import type { Db } from '../db/client.ts';

const SETTING_KEY = 'secrets.key';
const VERSION = 'v1';

/**
 * Encrypts the third-party secrets a tenant stores (object-storage and SMS keys) with AES-256-GCM, so a copy of
 * the database alone does not hand them out when SECRETS_KEY is set outside it. Ciphertext: `v1:` + base64 of
 * iv (12 bytes) | tag (16) | data. The purpose (e.g. `oss`) is bound in as associated data: a value copied into
 * another kind of row does not decrypt there.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** SECRETS_KEY when configured, else a key generated once and kept in the database (as the JWT secret is). */
  static async create(db: Db, configured: string | undefined): Promise<SecretBox> {
    if (configured) return new SecretBox(createHash('sha256').update(configured).digest());
    await db
      .insert(setting)
      .values({ key: SETTING_KEY, value: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    const [row] = await db.select().from(setting).where(eq(setting.key, SETTING_KEY));
    const key = row ? Buffer.from(row.value, 'base64') : Buffer.alloc(0);
    if (key.length !== 32) throw new Error('secrets key missing or damaged');
    return new SecretBox(key);
  }

  /** For tests and tools that bring their own key. */
  static fromKey(key: string): SecretBox {
    return new SecretBox(createHash('sha256').update(key).digest());
  }

  seal(purpose: string, plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
  }

  /** Throws when the value was not sealed with this key for this purpose (or was tampered with). */
  open(purpose: string, sealed: string): string {
    const [version, body] = sealed.split(':');
    if (version !== VERSION || !body) throw new Error('not a sealed secret');
    const raw = Buffer.from(body, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
