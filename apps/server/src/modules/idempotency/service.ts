import { createHmac, hkdfSync } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES } from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { findKey, type IdempotencyKeyRow, type KeyOwner } from './queries.ts';

/** A key whose change committed this long ago without an answer lost its answer (a crash between the two). */
export const ANSWER_WAIT_MS = 30_000;
/** How long a repeat waits for the first request's answer before answering IN_PROGRESS. */
const REPEAT_WAIT_MS = 5_000;
const POLL_MS = 50;

/** The fingerprints' HMAC key per server secret (one in production), derived once. */
const fingerprintKeys = new Map<string, Buffer>();

/**
 * What identifies a request: a key reused with another fingerprint is refused. An HMAC keyed by the
 * server's secret, not a bare hash: a body may hold a password (a password change, sign-in settings),
 * and a stored bare hash of it could be tried against guesses by whoever reads the table.
 */
export function requestFingerprint(
  secret: string,
  parts: { method: string; url: string; body: string },
): string {
  let key = fingerprintKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'maintenance-qr', 'idempotency fingerprint', 32));
    fingerprintKeys.set(secret, key);
  }
  return createHmac('sha256', key).update(`${parts.method} ${parts.url}\n${parts.body}`).digest('hex');
}

/** The first answer of a key, as the repeat sends it again. */
export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
}

export const inProgress = () =>
  new AppError('IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress, { retryAfterSeconds: 1 });

/**
 * The body of a stored answer: as stored, or for one that holds a secret, opened from its seal while
 * its replay time lasts; after it (or under another JWT_SECRET) the secret was shown once, for good.
 */
function bodyOf(row: IdempotencyKeyRow, box: SecretBox, now: number): string {
  if (row.secretUntil === null) return row.body ?? '';
  const opened = row.secretUntil.getTime() > now && row.body !== null ? box.open(row.body) : undefined;
  if (opened === undefined) throw new AppError('ALREADY_DONE', IDEMPOTENCY_MESSAGES.secretShown);
  return opened;
}

/** The stored answer of a finished key; throws for a different request, one still running, or a lost answer. */
function answerOf(
  row: IdempotencyKeyRow,
  fingerprint: string,
  box: SecretBox,
  now: number,
): StoredAnswer | 'wait' {
  if (row.fingerprint !== fingerprint) throw new AppError('KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
  if (row.statusCode !== null) {
    return { statusCode: row.statusCode, contentType: row.contentType, body: bodyOf(row, box, now) };
  }
  if (now - row.createdAt.getTime() > ANSWER_WAIT_MS) {
    throw new AppError('ALREADY_DONE', IDEMPOTENCY_MESSAGES.answerLost);
  }
  return 'wait';
}

/**
 * What a request with a key finds of it: undefined when the key is new (the request runs and its
 * transaction claims the key), the first answer when the key's change is done (polling the stored
 * row every 50 ms, up to 5 s, while that answer is being written, so it works across instances), and
 * a 422 when the key came with another request. `box` opens answers that hold a secret (ADR 086).
 */
export async function previousAnswer(
  db: DbOrTx,
  owner: KeyOwner,
  fingerprint: string,
  box: SecretBox,
): Promise<StoredAnswer | undefined> {
  const deadline = Date.now() + REPEAT_WAIT_MS;
  for (;;) {
    const row = await findKey(db, owner);
    if (!row) return undefined;
    const answer = answerOf(row, fingerprint, box, Date.now());
    if (answer !== 'wait') return answer;
    if (Date.now() >= deadline) throw inProgress();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
