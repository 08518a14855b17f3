import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small disk of a test's own (the embedded database's disk filling up, ADR 140): a tmpfs of `sizeMb`
 * mounted on a temporary folder, which the test fills with a file of its own and frees again. Mounting
 * takes root (CAP_SYS_ADMIN); a loop device would take the same, so tmpfs it is.
 */
export interface SmallDisk {
  dir: string;
  /** Bytes free on it now. */
  freeBytes(): number;
  /** Fills it with a file of its own until `leaveBytes` are free (0: full). */
  fill(leaveBytes: number): void;
  /** Removes what `fill` wrote: the space is back. */
  free(): void;
  unmount(): void;
}

/** Why a small disk cannot be mounted here, or undefined when it can (a tmpfs of 1 MB is tried). */
export function smallDiskMissing(): string | undefined {
  if (process.platform !== 'linux') return 'a tmpfs needs Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mqr-mount-probe-'));
  try {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { encoding: 'utf8' });
    if (mounted.status !== 0)
      return `mount -t tmpfs is refused here: ${mounted.stderr.trim() || mounted.error}`;
    spawnSync('umount', [dir]);
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function mountSmallDisk(sizeMb: number): SmallDisk {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mqr-small-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mount -t tmpfs failed: ${mounted.stderr}`);
  }
  const fillers: string[] = [];
  const freeBytes = () => {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  };
  return {
    dir,
    freeBytes,
    fill: (leaveBytes) => {
      const file = path.join(dir, `filler-${fillers.length}`);
      fillers.push(file);
      try {
        writeFileSync(file, Buffer.alloc(Math.max(0, freeBytes() - leaveBytes)));
        // Full: what the rounding to blocks left goes too, a page at a time.
        if (leaveBytes === 0) for (;;) writeFileSync(file, Buffer.alloc(4096), { flag: 'a' });
      } catch (error) {
        // Full before its end (the database wrote meanwhile): full is what was asked for.
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    },
    free: () => {
      for (const file of fillers.splice(0)) rmSync(file, { force: true });
    },
    unmount: () => {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
