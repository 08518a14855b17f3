import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** Locks held by this process (a pid equal to ours in a lock file we do not hold is stale: a restarted container). */
const held = new Set<string>();

export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dataDir: string, pid: number, file: string) {
    super(
      `Another Maintenance QR process (pid ${pid}) is using DATA_DIR ${dataDir}. ` +
        'Stop it first: the embedded database can be opened by one process only ' +
        '(use DATABASE_URL with PostgreSQL to run several). ' +
        `If no such process is running, delete ${file}.`,
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number {
  try {
    return Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  } catch {
    return Number.NaN;
  }
}

/**
 * Takes an exclusive lock file (created with `wx`, holding our pid). A lock whose process is gone is
 * taken over; a live one throws DataDirLockedError. `dataDir` only names the folder in the message.
 */
export function acquireDataDirLock(file: string, dataDir = file): DataDirLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(file);
      let released = false;
      const onExit = () => release();
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        process.removeListener('exit', onExit);
        try {
          if (readPid(file) === process.pid) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.on('exit', onExit);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readPid(file);
      const ours = pid === process.pid;
      if ((ours && held.has(file)) || (!ours && isAlive(pid)))
        throw new DataDirLockedError(dataDir, pid, file);
      // Stale lock (its process is gone): remove it and try again.
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first; the next attempt decides.
      }
    }
  }
  throw new DataDirLockedError(dataDir, readPid(file), file);
}
