import type { AppConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local.ts';
import { UploadSigner } from './upload-signature.ts';

/** The configured driver: local disk under DATA_DIR/files (default) or S3-compatible storage. */
export function createStorage(config: AppConfig): FileStorage {
  if (config.storage === 's3') {
    throw new Error('STORAGE=s3 is not wired yet.');
  }
  const signer = new UploadSigner(config.jwtSecret);
  return new LocalFileStorage({ rootDir: config.filesDir, uploadUrlFor: (target) => signer.urlFor(target) });
}
