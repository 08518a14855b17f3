import path from 'node:path';

/** What a backup archive holds, beside DATA_DIR's parts: which ones, and when it was made. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** The parts of DATA_DIR in the archive. */
  parts: BackupPart[];
  /** The local files: how many, and their bytes. */
  files: { count: number; bytes: number };
}

export const BACKUP_FORMAT = 'maintenance-qr-backup';
export const MANIFEST_NAME = 'manifest.json';

/**
 * DATA_DIR's parts a backup takes: the embedded database, the local files, and the generated JWT
 * secret (it signs the sessions and seals the single sign-on client secrets: without it they are lost).
 */
export const BACKUP_PARTS = ['db', 'files', 'jwt-secret'] as const;
export type BackupPart = (typeof BACKUP_PARTS)[number];

/** What each part is, as messages name it. */
export const PART_NAMES: Record<BackupPart, string> = {
  db: 'the embedded database',
  files: 'the uploaded files',
  'jwt-secret': 'the JWT secret',
};

/** A part as messages name it: `jwt-secret (the JWT secret)`. */
export const partLabel = (part: BackupPart) => `${part} (${PART_NAMES[part]})`;

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * The part an archive entry belongs to, or undefined for an entry a backup never holds (another
 * name, an absolute path, a `..`): restore refuses the archive then, rather than write outside DATA_DIR.
 */
export function entryPart(entryPath: string): BackupPart | 'manifest' | undefined {
  const normal = path.posix.normalize(entryPath.replace(/\/+$/, ''));
  if (normal !== entryPath.replace(/\/+$/, '') || path.posix.isAbsolute(normal) || normal.startsWith('..')) {
    return undefined;
  }
  if (normal === MANIFEST_NAME) return 'manifest';
  const first = normal.split('/')[0];
  return BACKUP_PARTS.find((part) => part === first);
}

/** The manifest read from an archive, checked; a BackupError says why it is not one of ours. */
export function parseManifest(text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupError('The archive is not a Maintenance QR backup: its manifest is not JSON.');
  }
  if (value.format !== BACKUP_FORMAT) {
    throw new BackupError('The archive is not a Maintenance QR backup: its manifest names another format.');
  }
  if (value.version !== 1) {
    throw new BackupError(
      `The backup is of format version ${String(value.version)}, which this version cannot restore.`,
    );
  }
  if (!Array.isArray(value.parts) || value.parts.some((p) => !BACKUP_PARTS.includes(p))) {
    throw new BackupError('The archive is not a Maintenance QR backup: its manifest lists unknown parts.');
  }
  return value as BackupManifest;
}
