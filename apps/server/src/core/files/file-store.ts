import { OSS_CATEGORIES } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { oss } from '../../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { assertReachable, guardedLookup, outboundPolicy } from '../net/outbound.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { bucketDomain, S3Storage } from './s3-storage.ts';
import { LocalStorage, type Storage } from './storage.ts';

export type OssRow = typeof oss.$inferSelect;

/** The purpose an oss secret key is sealed for (see SecretBox). */
export const OSS_SECRET = 'oss.secretKey';

/** A storage with what the attachment row needs to find it again; `close` frees its connections. */
export interface ResolvedStorage {
  storage: Storage;
  /** The oss config behind it; null = the local disk. */
  ossId: string | null;
  close(): void;
}

/**
 * Which storage a tenant's files go to (its enabled oss config, else the local disk), and which one holds a file
 * that was stored earlier (the config recorded on its attachment, even if another has been enabled since).
 * Each call takes the database handle of its caller: inside a transaction, that transaction.
 */
export class FileStore {
  readonly local: LocalStorage;

  constructor(
    private readonly secrets: SecretBox,
    readonly filesDir: string,
  ) {
    this.local = new LocalStorage(filesDir);
  }

  async forUpload(db: Db, tenantId: string): Promise<ResolvedStorage> {
    const [row] = await db
      .select()
      .from(oss)
      .where(and(eq(oss.tenantId, tenantId), eq(oss.enabled, 1), eq(oss.status, 1), eq(oss.isDeleted, 0)));
    return row ? this.ofRow(db, row) : this.ofLocal();
  }

  /** The storage that holds a file stored under this config (removed configs still reach their files). */
  async holding(db: Db, ossId: string | null): Promise<ResolvedStorage> {
    if (!ossId) return this.ofLocal();
    const [row] = await db.select().from(oss).where(eq(oss.id, ossId));
    if (!row) throw new Error(`oss config ${ossId} is gone`);
    return this.ofRow(db, row);
  }

  /**
   * Where this tenant's own files can be linked from: its local folder and each bucket it ever stored into (a
   * removed config's files stay reachable). Rich text may show pictures and sound from these places only.
   */
  async mediaPrefixes(db: Db, tenantId: string): Promise<string[]> {
    const rows = await db.select().from(oss).where(eq(oss.tenantId, tenantId));
    const domains = rows.map((row) => bucketDomain({ ...row, pathStyle: row.category === OSS_CATEGORIES.minio }));
    return [this.local.linkOf(`${tenantId}/`).domain, ...domains].map((d) => `${d}/${tenantId}/`);
  }

  /** The bucket of a config; a school's bucket may not be on an internal address (core/net/outbound.ts). */
  async ofRow(db: Db, row: OssRow): Promise<ResolvedStorage> {
    const policy = await outboundPolicy(db, row.tenantId);
    await assertReachable(policy, row.endpoint);
    const storage = new S3Storage({
      endpoint: row.endpoint,
      domain: row.domain,
      accessKey: row.accessKey,
      secretKey: this.secrets.open(OSS_SECRET, row.secretKeyEnc),
      bucketName: row.bucketName,
      region: row.region,
      pathStyle: row.category === OSS_CATEGORIES.minio,
      lookup: guardedLookup(policy),
    });
    return { storage, ossId: row.id, close: () => storage.close() };
  }

  private ofLocal(): ResolvedStorage {
    return { storage: this.local, ossId: null, close: () => {} };
  }
}
