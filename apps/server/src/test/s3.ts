import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** s3rver's fixed credentials. */
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

/** A real S3-compatible server on a free loopback port, keeping its objects in a temporary directory. */
export async function startLocalS3(bucket = 'shixun-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'shixun-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
