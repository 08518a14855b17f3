import {
  API_MESSAGES,
  ERROR_STATUS,
  type Said,
  saidOf,
  type TApiError,
  type TErrorCode,
  type TFieldError,
} from '@mqr/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDataException, isDiskFull } from '../lib/db-errors.ts';
import { StorageUnavailableError } from '../storage/file-storage.ts';

export const INTERNAL_MESSAGE = API_MESSAGES.internal;
export const UNAVAILABLE_MESSAGE = API_MESSAGES.unavailable;
export const UNSTORABLE_MESSAGE = API_MESSAGES.unstorable;

/**
 * `message` with its id and values (ADR 113): those it was said with, else those of the English
 * text when it is one of the contracts' messages, else `fallback`'s id (a text not of ours: zod's
 * default for a field, Fastify's own refusals; the English stays in `message`).
 */
function withId(message: string, given: Said | undefined, fallback?: string): Said | { message: string } {
  const found = given ?? saidOf(message) ?? (fallback === undefined ? undefined : saidOf(fallback));
  if (!found) return { message };
  const { messageId, values } = found;
  return values ? { message, messageId, values } : { message, messageId };
}

const field =
  (fallback: string | undefined) =>
  (error: TFieldError): TFieldError => ({
    path: error.path,
    ...withId(error.message, error.messageId ? (error as Said) : undefined, fallback),
  });

/** An error body: the code, the message with its id and values, the fields' likewise. */
function errorBody(
  code: TErrorCode,
  message: string,
  fallback: string | undefined,
  options: { said?: Said; fields?: TFieldError[]; fieldFallback?: string } = {},
): TApiError {
  const body: TApiError = { code, ...withId(message, options.said, fallback) };
  if (options.fields?.length) body.fields = options.fields.map(field(options.fieldFallback));
  return body;
}

/** Retry-After of a 503 while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
/** Retry-After of a 503 while the file storage cannot be reached (ADR 140). */
export const STORAGE_RETRY_AFTER_SECONDS = 30;
/** Retry-After of a 507 while the disk is full (ADR 140): freeing space is an operator's work. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;

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
  '25006', // read_only_sql_transaction: the server was the primary and is now a standby (ADR 132)
]);
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /connection timeout/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /terminating connection due to administrator command/i,
  // node-postgres' query_timeout: no answer in time, the connection given up (ADR 147).
  /^query read timeout$/i,
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
  // A change refused while the disk is full: the disk watch logged the state once (ADR 140).
  if (ERROR_STATUS[error.code] < 500 || error.code === 'INSUFFICIENT_STORAGE') return { log: 'none' };
  if (error.retryAfterSeconds !== undefined) return { log: 'warn', logMessage: 'refused for now: busy' };
  return { log: 'error' };
}

/** Maps any thrown value to the HTTP answer; pure, so it is unit tested on its own. */
export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    const body = errorBody(error.code, error.message, undefined, {
      ...(error.said ? { said: error.said } : {}),
      ...(error.fields ? { fields: error.fields } : {}),
    });
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
      message: v.message ?? API_MESSAGES.invalidValue,
    }));
    return {
      status: 400,
      body: errorBody('VALIDATION', API_MESSAGES.fieldsInvalid, API_MESSAGES.fieldsInvalid, {
        fields,
        fieldFallback: API_MESSAGES.invalidValue,
      }),
      log: 'none',
    };
  }
  if (error instanceof StorageUnavailableError) {
    const message =
      error.operation === 'read' ? API_MESSAGES.fileUnavailable : API_MESSAGES.storageUnavailable;
    return {
      status: 503,
      body: errorBody('UNAVAILABLE', message, message),
      retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
      log: 'warn',
      logMessage: 'file storage unavailable',
    };
  }
  if (isDiskFull(error)) {
    return {
      status: 507,
      body: errorBody('INSUFFICIENT_STORAGE', API_MESSAGES.diskFull, API_MESSAGES.diskFull),
      retryAfterSeconds: DISK_FULL_RETRY_AFTER_SECONDS,
      log: 'warn',
      logMessage: 'disk full',
    };
  }
  if (isDatabaseUnavailableError(error)) {
    return {
      status: 503,
      body: errorBody('UNAVAILABLE', UNAVAILABLE_MESSAGE, UNAVAILABLE_MESSAGE),
      // A restart or a failover (ADR 132) takes seconds: the client may try again after that.
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      log: 'warn',
      logMessage: 'database unavailable',
    };
  }
  if (isDataException(error)) {
    // The contracts should have refused this input: logged so the rule can be added there.
    return {
      status: 400,
      body: errorBody('VALIDATION', UNSTORABLE_MESSAGE, UNSTORABLE_MESSAGE),
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
        body: errorBody('PAYLOAD_TOO_LARGE', API_MESSAGES.payloadTooLarge, API_MESSAGES.payloadTooLarge),
        log: 'none',
      };
    }
    // Fastify's own client errors (bad JSON, unsupported media type, ...) carry safe messages.
    const code = STATUS_CODES[status] ?? 'VALIDATION';
    const message =
      typeof fastifyError?.message === 'string' && fastifyError.message ? fastifyError.message : '';
    return {
      status,
      body: errorBody(code, message || API_MESSAGES.requestInvalid, API_MESSAGES.requestInvalid),
      log: 'none',
    };
  }
  return { status: 500, body: errorBody('INTERNAL', INTERNAL_MESSAGE, INTERNAL_MESSAGE), log: 'error' };
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body: TApiError = {
    code: 'NOT_FOUND',
    ...API_MESSAGES.routeNotFound(request.method, request.url.split('?')[0] ?? ''),
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

/** One error handler for the whole app: every error answers `{code, message, messageId, values?, fields?}` (ADR 113). */
export default fp(errorsPlugin, { name: 'mqr-errors', fastify: '5.x' });
