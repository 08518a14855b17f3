import { safeLocalStorage } from '#web/lib/safe-local-storage.ts';

/**
 * A person's timer on a task (docs/product/events-and-tasks.md#work-and-costs): started and stopped
 * on this device as the work goes, its time then offered as "Your time spent" when the task is
 * completed. Kept in this browser's storage per person and task: it survives a reload and works
 * offline; another device has its own.
 */
export type TTaskTimer = {
  /** When it was started (ms since the epoch); null while stopped. */
  startedAt: number | null;
  /** The time counted by earlier runs, in milliseconds. */
  spentMs: number;
};

const STOPPED: TTaskTimer = { startedAt: null, spentMs: 0 };
const PREFIX = 'mqr.taskTimer.';

const keyOf = (owner: string, eventId: string) => `${PREFIX}${owner}.${eventId}`;

export function readTimer(owner: string, eventId: string): TTaskTimer {
  const text = safeLocalStorage()?.getItem(keyOf(owner, eventId));
  if (!text) return STOPPED;
  try {
    const parsed = JSON.parse(text) as Partial<TTaskTimer>;
    return {
      startedAt: typeof parsed.startedAt === 'number' ? parsed.startedAt : null,
      spentMs: typeof parsed.spentMs === 'number' && parsed.spentMs > 0 ? parsed.spentMs : 0,
    };
  } catch {
    return STOPPED;
  }
}

function write(owner: string, eventId: string, timer: TTaskTimer): void {
  const storage = safeLocalStorage();
  if (!storage) return;
  if (timer.startedAt === null && timer.spentMs === 0) storage.removeItem(keyOf(owner, eventId));
  else storage.setItem(keyOf(owner, eventId), JSON.stringify(timer));
}

/** The time a timer has counted by `now`, in milliseconds. */
export const spentMsOf = (timer: TTaskTimer, now: number): number =>
  timer.spentMs + (timer.startedAt === null ? 0 : Math.max(0, now - timer.startedAt));

/** Whole minutes counted, rounded up: a minute started is a minute spent. */
export const spentMinutesOf = (timer: TTaskTimer, now: number): number =>
  Math.ceil(spentMsOf(timer, now) / 60_000);

export function startTimer(owner: string, eventId: string, now: number): TTaskTimer {
  const timer = readTimer(owner, eventId);
  const started = timer.startedAt === null ? { ...timer, startedAt: now } : timer;
  write(owner, eventId, started);
  return started;
}

export function stopTimer(owner: string, eventId: string, now: number): TTaskTimer {
  const timer = readTimer(owner, eventId);
  const stopped = { startedAt: null, spentMs: spentMsOf(timer, now) };
  write(owner, eventId, stopped);
  return stopped;
}

/** Forgets a task's timer (its time went with the completion). */
export function clearTimer(owner: string, eventId: string): void {
  write(owner, eventId, STOPPED);
}
