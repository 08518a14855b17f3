import type { AppConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local.ts';
import { S3FileStorage } from './s3.ts';
import { UploadSigner } from './upload-signature.ts';

/** The configured driver: local disk under DATA_DIR/files (default) or S3-compatible storage. */
export function createStorage(config: AppConfig): FileStorage {
  if (config.storage === 's3') {
    if (!config.s3) throw new Error('STORAGE=s3 needs the S3 settings (S3_BUCKET, S3_REGION).');
    return new S3FileStorage(config.s3);
  }
  const signer = new UploadSigner(config.jwtSecret);
  return new LocalFileStorage({ rootDir: config.filesDir, uploadUrlFor: (target) => signer.urlFor(target) });
}
