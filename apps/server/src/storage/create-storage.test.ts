import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '#server/test/build-test-app.ts';
import type { AppConfig } from '../config.ts';
import { createStorage } from './create-storage.ts';

const S3_SETTINGS = {
  endpoint: '',
  bucket: 'files',
  region: 'us-east-1',
  accessKeyId: 'key',
  secretAccessKey: 'secret',
  forcePathStyle: true,
};

let dataDir: string;
let config: AppConfig;
/**
 * An S3 endpoint that has no object (404 to everything): an upload link is given only once S3 has
 * answered that the new key is free (ADR 140).
 */
let emptyS3: Server;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-storage-'));
  config = testConfig(dataDir);
  emptyS3 = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => emptyS3.listen(0, '127.0.0.1', resolve));
  S3_SETTINGS.endpoint = `http://127.0.0.1:${(emptyS3.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => emptyS3.close(resolve));
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
      expect(url.origin).toBe(S3_SETTINGS.endpoint);
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
