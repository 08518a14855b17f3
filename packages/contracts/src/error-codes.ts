// No zod here: the web app's API client reads these without the schemas (ADR 032).

/** Every error the API returns has one of these codes; the server maps each to one HTTP status. */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** A write repeated with its Idempotency-Key while the first is still being answered (retry). */
  'IN_PROGRESS',
  /** A write repeated with its Idempotency-Key after its change committed but its answer was lost. */
  'ALREADY_DONE',
  /** An Idempotency-Key reused with a different request. */
  'KEY_REUSED',
  /** A task completed while required steps of its checklist are empty (`fields` names each, ADR 134). */
  'CHECKLIST_INCOMPLETE',
  /** Well-formed, but the data refuses it (a meter reading lower than the last): the field is named. */
  'UNPROCESSABLE',
  /** Unusual enough to be confirmed (a meter reading far above the usual use): send it again with confirm. */
  'CONFIRM_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  /** The server's disk is (nearly) full: changes are refused until space is freed (ADR 140). */
  'INSUFFICIENT_STORAGE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<TErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IN_PROGRESS: 409,
  ALREADY_DONE: 409,
  KEY_REUSED: 422,
  CHECKLIST_INCOMPLETE: 422,
  UNPROCESSABLE: 422,
  CONFIRM_REQUIRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
  INTERNAL: 500,
};
