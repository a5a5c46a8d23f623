import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId } from './columns.ts';

const live = sql`is_deleted = 0`;

/**
 * 对象存储 (BladeX `blade_oss`): a tenant's S3-compatible storage settings. At most one is enabled per tenant;
 * with none enabled, files go to the local disk. `secret_key_enc` is AES-256-GCM ciphertext, never sent out.
 */
export const oss = pgTable(
  'resource_oss',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    /** A key of the system dictionary `oss` (1 MinIO, 2 七牛云, 3 阿里云, 4 腾讯云, 5 Amazon S3). */
    category: integer('category').notNull(),
    ossCode: varchar('oss_code', { length: 64 }).notNull(),
    endpoint: varchar('endpoint', { length: 255 }).notNull(),
    /** Public address of the bucket (a CDN or custom domain); empty = endpoint + bucket. */
    domain: varchar('domain', { length: 255 }).notNull().default(''),
    accessKey: varchar('access_key', { length: 255 }).notNull(),
    secretKeyEnc: varchar('secret_key_enc', { length: 1000 }).notNull(),
    bucketName: varchar('bucket_name', { length: 255 }).notNull(),
    appId: varchar('app_id', { length: 255 }).notNull().default(''),
    region: varchar('region', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /** 1 = the tenant's storage now. */
    enabled: integer('enabled').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('resource_oss_code_uq').on(t.tenantId, t.ossCode).where(live),
    uniqueIndex('resource_oss_enabled_uq').on(t.tenantId).where(sql`is_deleted = 0 and enabled = 1`),
  ],
);

/** 短信配置 (BladeX `blade_sms`): a tenant's SMS provider settings; one enabled at a time, as for oss. */
export const sms = pgTable(
  'resource_sms',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    /** A key of the system dictionary `sms` (1 云片, 2 七牛云, 3 阿里云, 4 腾讯云). */
    category: integer('category').notNull(),
    smsCode: varchar('sms_code', { length: 64 }).notNull(),
    templateId: varchar('template_id', { length: 64 }).notNull(),
    accessKey: varchar('access_key', { length: 255 }).notNull(),
    secretKeyEnc: varchar('secret_key_enc', { length: 1000 }).notNull(),
    regionId: varchar('region_id', { length: 64 }).notNull().default(''),
    /** Tencent's SmsSdkAppId. */
    appId: varchar('app_id', { length: 64 }).notNull().default(''),
    signName: varchar('sign_name', { length: 64 }).notNull().default(''),
    /** The provider's API address when not its public default (a regional or private endpoint). */
    endpoint: varchar('endpoint', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    enabled: integer('enabled').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('resource_sms_code_uq').on(t.tenantId, t.smsCode).where(live),
    uniqueIndex('resource_sms_enabled_uq').on(t.tenantId).where(sql`is_deleted = 0 and enabled = 1`),
  ],
);

/**
 * 附件管理 (BladeX `blade_attach`): every stored file. `name` is the object key the storage knows it by;
 * `extension` and `content_type` come from the file's content, never from the name it was uploaded with.
 */
export const attach = pgTable(
  'resource_attach',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    link: varchar('link', { length: 1000 }).notNull(),
    domain: varchar('domain', { length: 255 }).notNull().default(''),
    name: varchar('name', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    extension: varchar('extension', { length: 16 }).notNull(),
    contentType: varchar('content_type', { length: 128 }).notNull(),
    attachSize: bigint('attach_size', { mode: 'number' }).notNull(),
    /** SHA-256 of the bytes as stored (hex), computed while they arrive; null for files from before it was kept. */
    sha256: varchar('sha256', { length: 64 }),
    /** The upload category the file was checked against (avatar, image, audio, video, document, file). */
    category: varchar('category', { length: 16 }).notNull(),
    /** The oss config that stored it; null = the local disk. */
    ossId: id('oss_id'),
    /**
     * `create_time` is when the upload BEGAN: for a resumable upload (tus) the moment it was created, not the moment
     * its last byte arrived. The file-homework rules accept a hand-in after its deadline when its upload began
     * before it.
     */
    ...auditColumns(),
  },
  (t) => [
    index('resource_attach_tenant_time_idx').on(t.tenantId, t.createTime),
    index('resource_attach_link_idx').on(t.link),
  ],
);
