import { localDate } from '@mqr/contracts';

/**
 * What time it is for the app (ADR 052): the schedules' engine, due states, "today" and the stamps of
 * task changes read it, never `new Date()` on their own, so tests can move time across months and
 * daylight-saving changes without waiting.
 */
export interface Clock {
  now(): Date;
}

/** The date it is now in a time zone: "today" for an organization (ADR 051). */
export function todayIn(clock: Clock, timeZone: string): string {
  return localDate(clock.now(), timeZone);
}

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock tests set. `set(instant)` makes now() answer that instant and then go on with real time
 * (a running server's requests keep their order); `freeze(instant)` stops it there until the next
 * call. `reset()` goes back to real time.
 */
export class SettableClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }

  set(instant: Date): void {
    this.frozenAt = undefined;
    this.offsetMs = instant.getTime() - Date.now();
  }

  freeze(instant: Date): void {
    this.frozenAt = instant.getTime();
  }

  reset(): void {
    this.frozenAt = undefined;
    this.offsetMs = 0;
  }

  /** Whether the clock answers something other than the real time. */
  get moved(): boolean {
    return this.frozenAt !== undefined || this.offsetMs !== 0;
  }
}
