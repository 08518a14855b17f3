import type { TErrorCode, TFieldError } from '@mqr/contracts';

/** The one error type services throw; the error handler maps its code to an HTTP status. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly fields: TFieldError[] | undefined;
  /** Seconds, sent as Retry-After (rate limits). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: TErrorCode,
    message: string,
    extra: { fields?: TFieldError[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = extra.fields;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Authentication required.') => new AppError('UNAUTHORIZED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
