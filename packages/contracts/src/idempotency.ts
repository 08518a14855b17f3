import { englishMessages } from './messages.ts';
// No zod here: the web app's API client reads these without the schemas (ADR 032).

/**
 * The header a client sends with a write it may repeat (docs/product/overview.md#exactly-once-writes,
 * ADR 054): every repeat with the same key, by the same user, gets the first answer instead of a
 * second change.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that is the stored answer of an earlier request with the same key. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotent-Replayed';
/** Visible ASCII, 1 to 255 characters (a UUID is what the web app sends). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 48;
/**
 * How long an answer that holds a secret shown once (a new API token, a webhook signing secret, a
 * calendar feed's address, a new session token) is replayed; the key itself stays 48 hours (ADR 086).
 */
export const IDEMPOTENCY_SECRET_REPLAY_MINUTES = 10;

export const IDEMPOTENCY_MESSAGES = {
  ...englishMessages({
    invalidKey: /*i18n*/ {
      id: 'idempotency.invalidKey',
      message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
    },
    reused: /*i18n*/ {
      id: 'idempotency.reused',
      message:
        'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
    },
    inProgress: /*i18n*/ {
      id: 'idempotency.inProgress',
      message: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
    },
    answerLost: /*i18n*/ {
      id: 'idempotency.answerLost',
      message: 'This request was already carried out, but its answer was not kept. Reload to see the result.',
    },
    secretShown: /*i18n*/ {
      id: 'idempotency.secretShown',
      message:
        'This request was already carried out. Its answer held a secret that is shown only once, so it cannot be shown again. Reload to see the result.',
    },
  }),
} as const;
