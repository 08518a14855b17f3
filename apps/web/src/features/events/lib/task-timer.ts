import { safeLocalStorage } from '#web/lib/safe-local-storage.ts';

/**
 * A person's start/stop timer of a task (docs/product/events-and-tasks.md#timer, ADR 143): kept in
 * this device's storage, so it runs on while the phone sleeps, the page reloads or the network is
 * gone, and what it counted becomes the person's time spent when they complete the task. One timer
 * per person, task and device; stopping it keeps the time, starting it again adds to it.
 */
export type TTaskTimer = {
  /** When it was last started (ms since the epoch), null while stopped. */
  runningSince: number | null;
  /** What it counted before it was last started. */
  countedMs: number;
};

/** Whose timer of which task: the person (organization and email) and the task's event id. */
export type TTimerOwner = { organizationId: string; email: string; eventId: string };

const PREFIX = 'mqr:task-timer:';

const keyOf = (owner: TTimerOwner) =>
  `${PREFIX}${owner.organizationId}:${owner.email.toLowerCase()}:${owner.eventId}`;

const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Calls `listener` when a timer changes, here or in another tab of this browser. */
export function subscribeTimers(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function isTimer(value: unknown): value is TTaskTimer {
  if (!value || typeof value !== 'object') return false;
  const { runningSince, countedMs } = value as Record<string, unknown>;
  return (
    (runningSince === null || (typeof runningSince === 'number' && Number.isFinite(runningSince))) &&
    typeof countedMs === 'number' &&
    Number.isFinite(countedMs) &&
    countedMs >= 0
  );
}

/** The stored text of the owner's timer (what a snapshot compares), or null when there is none. */
export function timerText(owner: TTimerOwner): string | null {
  return safeLocalStorage()?.getItem(keyOf(owner)) ?? null;
}

/** The timer a stored text holds; null for none or a text that is not one. */
export function parseTimer(text: string | null): TTaskTimer | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isTimer(value) ? value : null;
  } catch {
    return null;
  }
}

function write(owner: TTimerOwner, timer: TTaskTimer | null) {
  const storage = safeLocalStorage();
  if (!storage) return;
  try {
    if (timer) storage.setItem(keyOf(owner), JSON.stringify(timer));
    else storage.removeItem(keyOf(owner));
  } catch {
    // Storage full or blocked: the timer is not kept, the task is not affected.
  }
  changed();
}

/** The time a timer has counted by `now`, running or not. */
export function countedMs(timer: TTaskTimer | null, now: number): number {
  if (!timer) return 0;
  return timer.countedMs + (timer.runningSince === null ? 0 : Math.max(0, now - timer.runningSince));
}

/** What a timer has counted as whole minutes, rounded up: a started minute counts (0 when none). */
export function countedMinutes(timer: TTaskTimer | null, now: number): number {
  return Math.ceil(countedMs(timer, now) / 60_000);
}

export function startTimer(owner: TTimerOwner, now: number): void {
  const timer = parseTimer(timerText(owner));
  if (timer?.runningSince != null) return;
  write(owner, { runningSince: now, countedMs: timer?.countedMs ?? 0 });
}

export function stopTimer(owner: TTimerOwner, now: number): void {
  const timer = parseTimer(timerText(owner));
  if (!timer || timer.runningSince === null) return;
  write(owner, { runningSince: null, countedMs: countedMs(timer, now) });
}

/** Forgets the timer (its time went into the task's completion). */
export function clearTimer(owner: TTimerOwner): void {
  if (timerText(owner) !== null) write(owner, null);
}

/** "1:05:09" or "12:09": what a running timer shows. */
export function formatCounted(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mmss = `${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}
