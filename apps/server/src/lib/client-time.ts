import { CLOCK_SKEW_MINUTES, OCCURRED_AT_MESSAGES } from '@mqr/contracts';
import { AppError } from '#server/lib/app-error.ts';

// Shared by the events (ADR 085) and the checklists' answers (ADR 134): the writes sent later.

/**
 * How far a device's clock may be off the server's (ADR 085): a time within this of a bound is moved
 * onto the bound; further out it is refused.
 */
export const CLOCK_SKEW_MS = CLOCK_SKEW_MINUTES * 60_000;

const refused = (message: string, path: string) =>
  new AppError('VALIDATION', message, { fields: [{ path, message }] });

/**
 * The time a write stamps (ADR 085): now, or `occurredAt`, the time the client says the work was
 * done (a write recorded offline and sent later), which must lie between `notBefore` (when the asset
 * or event it changes came to be; `tooEarly` says so) and now. Within CLOCK_SKEW_MS outside those
 * bounds it is moved onto them; further out, 400 on `path` (`occurredAt`, or the field that sent it).
 */
export function stampOf(
  now: Date,
  occurredAt: string | null | undefined,
  notBefore: Date,
  tooEarly: string,
  path = 'occurredAt',
): Date {
  if (!occurredAt) return now;
  const at = Date.parse(occurredAt);
  if (at > now.getTime() + CLOCK_SKEW_MS) throw refused(OCCURRED_AT_MESSAGES.future, path);
  if (at < notBefore.getTime() - CLOCK_SKEW_MS) throw refused(tooEarly, path);
  return new Date(Math.min(now.getTime(), Math.max(at, notBefore.getTime())));
}

/** What the audit entry of a write adds when the client gave its time: the time as sent. */
export function claimedTime(occurredAt: string | null | undefined): { occurredAt?: string } {
  return occurredAt ? { occurredAt: new Date(occurredAt).toISOString() } : {};
}
