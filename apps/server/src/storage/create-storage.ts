import type { AppConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local.ts';
import { UploadSigner } from './upload-signature.ts';

/**
 * The configured driver: local disk under DATA_DIR/files (default) or S3-compatible storage. The S3
 * driver and its SDK load only when STORAGE=s3 (ADR 033: the SDK is megabytes of heap).
 */
export async function createStorage(config: AppConfig): Promise<FileStorage> {
  if (config.storage === 's3') {
    if (!config.s3) throw new Error('STORAGE=s3 needs the S3 settings (S3_BUCKET, S3_REGION).');
    const { S3FileStorage } = await import('./s3.ts');
    return new S3FileStorage(config.s3);
  }
  const signer = new UploadSigner(config.jwtSecret);
  return new LocalFileStorage({ rootDir: config.filesDir, uploadUrlFor: (target) => signer.urlFor(target) });
}
