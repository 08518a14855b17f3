import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Runs `use` with the path of a new file in a private temporary folder, removed afterwards whatever happens. */
export async function withTemporaryFile<T>(use: (file: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mqr-import-'));
  try {
    return await use(path.join(folder, 'upload.csv'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
