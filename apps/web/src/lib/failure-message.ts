import { ApiError } from './api-client.ts';

/**
 * A refusal the server explains: a 4xx, a 503 that says to try again (busy, ADR 089; the file storage
 * unavailable, ADR 140), or a 507 (the server's disk full, ADR 140).
 */
const explained = (error: ApiError) =>
  (error.status >= 400 && error.status < 500) ||
  (error.status === 503 && error.code === 'UNAVAILABLE') ||
  (error.status === 507 && error.code === 'INSUFFICIENT_STORAGE');

/**
 * A screen's failure text, followed by the server's own explanation when the server refused the
 * request (4xx: validation, conflict such as an email already taken or the self lock-out, ...; 503:
 * busy or storage unavailable, try again; 507: the disk is full). Server faults and network failures keep the screen text alone. The server's
 * explanation speaks the active language: `ApiError.message` is worded by its id (ADR 113).
 */
export function failureMessage(base: string, error: unknown): string {
  if (!(error instanceof ApiError) || !explained(error)) return base;
  if (error.code === 'HTTP_ERROR' || !error.message || error.message === base) return base;
  return `${base} ${error.message}`;
}
