import { describe, expect, it } from 'vitest';
import { DiskSpaceWatch } from './disk-space.ts';

describe('DiskSpaceWatch', () => {
  it("reads the real disk of a folder: this machine's temporary folder has space", async () => {
    const changes: string[] = [];
    const watch = new DiskSpaceWatch(process.cwd(), 1, {
      low: () => changes.push('low'),
      recovered: () => changes.push('recovered'),
      failed: (error) => changes.push(`failed ${String(error)}`),
    });
    await watch.read();
    expect(watch.low).toBe(false);
    expect(watch.freeBytes).toBeGreaterThan(1);
    expect(changes).toEqual([]);
  });

  it('is low below its minimum, and says so once as it goes low and once as it recovers', async () => {
    const changes: string[] = [];
    const huge = Number.MAX_SAFE_INTEGER;
    const watch = new DiskSpaceWatch(process.cwd(), huge, {
      low: () => changes.push('low'),
      recovered: () => changes.push('recovered'),
      failed: () => changes.push('failed'),
    });
    await watch.read();
    await watch.read();
    expect(watch.low).toBe(true);
    expect(changes).toEqual(['low']);
  });

  it('keeps its state and reports when the folder cannot be read', async () => {
    const changes: string[] = [];
    const watch = new DiskSpaceWatch('/no/such/folder/here', 1, {
      low: () => changes.push('low'),
      recovered: () => changes.push('recovered'),
      failed: (error) => changes.push((error as NodeJS.ErrnoException).code ?? 'failed'),
    });
    await watch.read();
    expect(watch.low).toBe(false);
    expect(changes).toEqual(['ENOENT']);
  });
});
