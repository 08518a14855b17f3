import { ERROR_STATUS, type TApiError, type TErrorCode, type TFieldError } from '@mqr/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDataException } from '../lib/db-errors.ts';

export const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';
export const UNAVAILABLE_MESSAGE = 'The database is unavailable. Try again shortly.';
export const UNSTORABLE_MESSAGE =
  'A value in this request cannot be stored (a date, number or text out of range). Check the values and try again.';

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /connection timeout/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /terminating connection due to administrator command/i,
];

/** True when the error (or one of its causes, e.g. under a Drizzle query error) says the database is unreachable. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((re) => re.test(message))) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailableError(e)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function fieldPath(instancePath: string, context: string | undefined): string {
  const path = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  return path || context || '';
}

export interface MappedError {
  status: number;
  body: TApiError;
  retryAfterSeconds?: number;
  /** 5xx and unexpected errors are logged with their details. */
  log: 'error' | 'warn' | 'none';
  /** The log line's message when logged. */
  logMessage?: string;
}

const STATUS_CODES: Partial<Record<number, TErrorCode>> = {
  400: 'VALIDATION',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** A 5xx is logged as an error, unless it asks to be tried again later (a busy server, ADR 089): a warning. */
function appErrorLog(error: AppError): Pick<MappedError, 'log' | 'logMessage'> {
  if (ERROR_STATUS[error.code] < 500) return { log: 'none' };
  if (error.retryAfterSeconds !== undefined) return { log: 'warn', logMessage: 'refused for now: busy' };
  return { log: 'error' };
}

/** Maps any thrown value to the HTTP answer; pure, so it is unit tested on its own. */
export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    const body: TApiError = { code: error.code, message: error.message };
    if (error.fields?.length) body.fields = error.fields;
    return {
      status: ERROR_STATUS[error.code],
      body,
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      ...appErrorLog(error),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const fields: TFieldError[] = error.validation.map((v) => ({
      path: fieldPath(v.instancePath, context),
      message: v.message ?? 'Invalid value.',
    }));
    return {
      status: 400,
      body: { code: 'VALIDATION', message: 'Some fields are not valid.', fields },
      log: 'none',
    };
  }
  if (isDatabaseUnavailableError(error)) {
    return {
      status: 503,
      body: { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE },
      log: 'warn',
      logMessage: 'database unavailable',
    };
  }
  if (isDataException(error)) {
    // The contracts should have refused this input: logged so the rule can be added there.
    return {
      status: 400,
      body: { code: 'VALIDATION', message: UNSTORABLE_MESSAGE },
      log: 'warn',
      logMessage: 'the database refused a value the contracts accepted',
    };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) {
      return {
        status,
        body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
        log: 'none',
      };
    }
    // Fastify's own client errors (bad JSON, unsupported media type, ...) carry safe messages.
    const code = STATUS_CODES[status] ?? 'VALIDATION';
    const message =
      typeof fastifyError?.message === 'string' && fastifyError.message ? fastifyError.message : '';
    return { status, body: { code, message: message || 'The request is not valid.' }, log: 'none' };
  }
  return { status: 500, body: { code: 'INTERNAL', message: INTERNAL_MESSAGE }, log: 'error' };
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body: TApiError = {
    code: 'NOT_FOUND',
    message: `Route ${request.method} ${request.url.split('?')[0]} not found.`,
  };
  return reply.code(404).type('application/json; charset=utf-8').send(body);
}

/** Sets a mapped error's status and headers on `reply`; answers the body to send. */
export function prepareErrorReply(reply: FastifyReply, mapped: MappedError): TApiError {
  if (mapped.retryAfterSeconds !== undefined) reply.header('Retry-After', String(mapped.retryAfterSeconds));
  reply.code(mapped.status).type('application/json; charset=utf-8');
  return mapped.body;
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error);
    if (mapped.log === 'error') request.log.error({ err: error }, 'request failed');
    else if (mapped.log === 'warn') request.log.warn({ err: error }, mapped.logMessage);
    return reply.send(prepareErrorReply(reply, mapped));
  });
  app.setNotFoundHandler((request, reply) => sendApiNotFound(request, reply));
}

/** One error handler for the whole app: every error answers `{code, message, fields?}`. */
export default fp(errorsPlugin, { name: 'mqr-errors', fastify: '5.x' });
