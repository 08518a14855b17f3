import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '#server/test/build-test-app.ts';
import type { AppConfig } from '../config.ts';
import { createStorage } from './create-storage.ts';

const S3_SETTINGS = {
  endpoint: 'http://127.0.0.1:9',
  bucket: 'files',
  region: 'us-east-1',
  accessKeyId: 'key',
  secretAccessKey: 'secret',
  forcePathStyle: true,
};

let dataDir: string;
let config: AppConfig;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-storage-'));
  config = testConfig(dataDir);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('createStorage', () => {
  it('keeps files on the local disk by default', async () => {
    const storage = await createStorage(config);
    expect(storage.kind).toBe('local');
  });

  it('loads the S3 driver when STORAGE=s3, presigning uploads for the configured bucket', async () => {
    const storage = await createStorage({ ...config, storage: 's3', s3: S3_SETTINGS });
    try {
      expect(storage.kind).toBe('s3');
      const url = new URL(
        await storage.createUploadUrl({
          objectKey: 'org/file.png',
          contentType: 'image/png',
          maxBytes: 1024,
          expiresAt: new Date(Date.now() + 60_000),
        }),
      );
      expect(url.origin).toBe('http://127.0.0.1:9');
      expect(url.pathname).toBe('/files/org/file.png');
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    } finally {
      storage.close?.();
    }
  });

  it('refuses STORAGE=s3 without its settings', async () => {
    await expect(createStorage({ ...config, storage: 's3', s3: undefined })).rejects.toThrow(
      'STORAGE=s3 needs the S3 settings (S3_BUCKET, S3_REGION).',
    );
  });
});
