import { ApiError } from './api-client.ts';

/**
 * A screen's failure text, followed by the server's own explanation when the server refused the
 * request (4xx: validation, conflict such as an email already taken or the self lock-out, ...).
 * Server faults and network failures keep the screen text alone.
 */
export function failureMessage(base: string, error: unknown): string {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return base;
  if (error.code === 'HTTP_ERROR' || !error.message || error.message === base) return base;
  return `${base} ${error.message}`;
}
