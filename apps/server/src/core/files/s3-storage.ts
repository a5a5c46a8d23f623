import { createReadStream } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ObjectLink, Storage } from './storage.ts';

export interface S3Settings {
  endpoint: string;
  /** Public address of the bucket; empty = derived from endpoint and bucket. */
  domain: string;
  accessKey: string;
  secretKey: string;
  bucketName: string;
  region: string;
  /** `endpoint/bucket/key` (MinIO and local servers) instead of `bucket.endpoint/key` (OSS, COS, Qiniu, AWS). */
  pathStyle: boolean;
  /** Resolves the endpoint's name for each connection; set to keep a school's bucket off internal addresses. */
  lookup?: LookupFunction | undefined;
}

/** Where a bucket's objects are reached: its custom domain, else `endpoint/bucket` or `bucket.endpoint`. */
export function bucketDomain(s: Pick<S3Settings, 'domain' | 'endpoint' | 'bucketName' | 'pathStyle'>): string {
  if (s.domain) return s.domain;
  if (s.pathStyle) return `${s.endpoint}/${s.bucketName}`;
  const url = new URL(s.endpoint);
  return `${url.protocol}//${s.bucketName}.${url.host}`;
}

/** An S3-compatible bucket: MinIO, Aliyun OSS, Tencent COS, Qiniu Kodo and AWS all speak this API. */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly s: S3Settings) {
    this.client = new S3Client({
      endpoint: s.endpoint,
      region: s.region || 'us-east-1',
      forcePathStyle: s.pathStyle,
      credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
      // The newer default checksums (aws-chunked CRC32 trailers) are refused by several S3-compatible services.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      ...(s.lookup
        ? {
            requestHandler: {
              httpAgent: new HttpAgent({ keepAlive: true, lookup: s.lookup }),
              httpsAgent: new HttpsAgent({ keepAlive: true, lookup: s.lookup }),
            },
          }
        : {}),
    });
  }

  async put(key: string, file: string, meta: { size: number; contentType: string }): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s.bucketName,
        Key: key,
        Body: createReadStream(file),
        ContentLength: meta.size,
        ContentType: meta.contentType,
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucketName, Key: key }));
  }

  async read(key: string): Promise<Readable> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucketName, Key: key }));
    if (!(res.Body instanceof Readable)) throw new Error('object body is not a stream');
    return res.Body;
  }

  linkOf(key: string): ObjectLink {
    const domain = bucketDomain(this.s);
    return { domain, link: `${domain}/${key}` };
  }

  close(): void {
    this.client.destroy();
  }
}
