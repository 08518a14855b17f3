import { statfs } from 'node:fs/promises';

/** How often the free space is read (a statfs call: microseconds). */
export const DISK_SPACE_CHECK_MS = 2000;

/** What the watch reports when the space runs low or comes back. */
export interface DiskSpaceEvents {
  low(freeBytes: number): void;
  recovered(freeBytes: number): void;
  /** The folder could not be read (it stays as it was: not low unless it was). */
  failed(error: unknown): void;
}

/**
 * Watches the free space of the disk that holds `dir` (ADR 140): `low` while fewer than `minFreeBytes`
 * are available to the server, read every DISK_SPACE_CHECK_MS. The server refuses changes while it is
 * low, so that the embedded database never runs out of room in the middle of a write (PostgreSQL stops
 * at once when it cannot write its log) and what is stored stays whole.
 */
export class DiskSpaceWatch {
  private readonly dir: string;
  private readonly minFreeBytes: number;
  private readonly events: DiskSpaceEvents;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private isLow = false;
  private free = Number.POSITIVE_INFINITY;

  constructor(dir: string, minFreeBytes: number, events: DiskSpaceEvents) {
    this.dir = dir;
    this.minFreeBytes = minFreeBytes;
    this.events = events;
  }

  /** True while the space is below the minimum (as last read). */
  get low(): boolean {
    return this.isLow;
  }

  /** Bytes available as last read. */
  get freeBytes(): number {
    return this.free;
  }

  /** Reads the free space once now, then every DISK_SPACE_CHECK_MS until stopped. */
  async start(): Promise<void> {
    await this.read();
    this.timer = setInterval(() => void this.read(), DISK_SPACE_CHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads the free space now (one read at a time: a caller during one waits for it). */
  read(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const stats = await statfs(this.dir);
        this.update(stats.bavail * stats.bsize);
      } catch (error) {
        this.events.failed(error);
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  private update(freeBytes: number): void {
    this.free = freeBytes;
    const low = freeBytes < this.minFreeBytes;
    if (low === this.isLow) return;
    this.isLow = low;
    if (low) this.events.low(freeBytes);
    else this.events.recovered(freeBytes);
  }
}
