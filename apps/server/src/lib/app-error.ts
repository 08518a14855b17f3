import { API_MESSAGES, type Said, type TErrorCode, type TFieldError } from '@mqr/contracts';

/**
 * The one error type services throw; the error handler maps its code to an HTTP status. Its message
 * is English text (one of the contracts' `*_MESSAGES`, whose id the handler finds) or a message said
 * with its values (`said(TEXT, values)`, ADR 113); `message` is the English either way.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  /** The message's id and values when it was given as one (else the handler looks the English up). */
  readonly said: Said | undefined;
  readonly fields: TFieldError[] | undefined;
  /** Seconds, sent as Retry-After (rate limits). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: TErrorCode,
    message: string | Said,
    extra: { fields?: TFieldError[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(typeof message === 'string' ? message : message.message, { cause: extra.cause });
    this.name = 'AppError';
    this.code = code;
    this.said = typeof message === 'string' ? undefined : message;
    this.fields = extra.fields;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

/** A field's error: its message with the id and values of a message said with values. */
export const fieldError = (path: string, message: string | Said): TFieldError =>
  typeof message === 'string' ? { path, message } : { path, ...message };

/** A VALIDATION error of one field, the message at the top and on the field. */
export const invalidField = (path: string, message: string | Said) =>
  new AppError('VALIDATION', message, { fields: [fieldError(path, message)] });

export type TNotFound = Parameters<typeof API_MESSAGES.notFound>[0];
export const notFound = (what: TNotFound = 'Resource') =>
  new AppError('NOT_FOUND', API_MESSAGES.notFound(what));
export const forbidden = (message: string | Said = API_MESSAGES.forbidden) =>
  new AppError('FORBIDDEN', message);
export const unauthorized = (message: string | Said = API_MESSAGES.unauthorized) =>
  new AppError('UNAUTHORIZED', message);
export const conflict = (message: string | Said) => new AppError('CONFLICT', message);
