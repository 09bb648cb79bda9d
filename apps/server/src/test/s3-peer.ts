import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed key pair; any other is refused with InvalidAccessKeyId. */
export const S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** The environment that selects this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on 127.0.0.1, a free port, one bucket, path-style addressing. */
export async function startS3Peer(bucket = 'xueba-test'): Promise<S3Peer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'xueba-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_KEY.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
