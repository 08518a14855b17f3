import { API_MESSAGES, ASSET_MESSAGES, BULK_SAID } from '@mqr/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, conflict, notFound } from '../lib/app-error.ts';
import { StorageUnavailableError } from '../storage/file-storage.ts';
import errors, {
  DATABASE_RETRY_AFTER_SECONDS,
  DISK_FULL_RETRY_AFTER_SECONDS,
  INTERNAL_MESSAGE,
  isDatabaseUnavailableError,
  mapError,
  STORAGE_RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
  UNSTORABLE_MESSAGE,
} from './errors.ts';

describe('mapError', () => {
  it('maps AppError codes to their status with code and message', () => {
    expect(mapError(notFound('Asset'))).toMatchObject({
      status: 404,
      body: {
        code: 'NOT_FOUND',
        message: 'Asset not found.',
        messageId: 'api.notFound',
        values: { what: 'Asset' },
      },
    });
    expect(mapError(conflict('Email already in use.'))).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: 'Email already in use.' },
    });
    const limited = mapError(new AppError('RATE_LIMITED', 'Too many attempts.', { retryAfterSeconds: 60 }));
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 60 });
    // A busy server's refusal is load shed on purpose: a warning, not an error.
    const busy = mapError(new AppError('UNAVAILABLE', 'Busy.', { retryAfterSeconds: 5 }));
    expect(busy).toMatchObject({ status: 503, retryAfterSeconds: 5, log: 'warn' });
    expect(mapError(new AppError('UNAVAILABLE', 'Down.'))).toMatchObject({ status: 503, log: 'error' });
    const withFields = mapError(
      new AppError('VALIDATION', 'Bad.', { fields: [{ path: 'name', message: 'Required.' }] }),
    );
    expect(withFields.body).toMatchObject({
      code: 'VALIDATION',
      message: 'Bad.',
      fields: [{ path: 'name', message: 'Required.' }],
    });
    expect(mapError(notFound()).body).not.toHaveProperty('fields');
  });

  it('sends the id and values of a message (ADR 113): said with them, or found from the English', () => {
    expect(mapError(conflict(BULK_SAID.deleteNotRetired(2))).body).toMatchObject({
      code: 'CONFLICT',
      message:
        'Only retired assets can be deleted: 2 assets of this selection are in service. Retire them first, or leave them out.',
      messageId: 'bulk.deleteNotRetired',
      values: { inService: 2 },
    });
    const field = mapError(
      new AppError('VALIDATION', ASSET_MESSAGES.nameRequired, {
        fields: [{ path: 'name', message: ASSET_MESSAGES.nameTooLong }],
      }),
    );
    expect(field.body).toMatchObject({
      code: 'VALIDATION',
      message: 'Asset name is required.',
      messageId: 'asset.nameRequired',
      fields: [
        {
          path: 'name',
          message: 'Asset name must be at most 200 characters.',
          messageId: 'asset.nameTooLong',
          values: { assetNameMaxLength: 200 },
        },
      ],
    });
  });

  it('maps database connection failures to 503 UNAVAILABLE, through wrapped causes', () => {
    const cases: unknown[] = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      // A former primary, now a standby (ADR 132).
      Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Failed query: select 1', { cause: new Error('Connection terminated') }),
    ];
    for (const error of cases) {
      expect(isDatabaseUnavailableError(error)).toBe(true);
      expect(mapError(error)).toMatchObject({
        status: 503,
        body: { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE },
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    }
    expect(isDatabaseUnavailableError(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
  });

  it('maps the file storage out of reach to 503 with its own messages, never to the database one (ADR 140)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
    expect(mapError(new StorageUnavailableError('store', refused))).toMatchObject({
      status: 503,
      body: {
        code: 'UNAVAILABLE',
        message: API_MESSAGES.storageUnavailable,
        messageId: 'api.storageUnavailable',
      },
      retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
      log: 'warn',
    });
    expect(mapError(new StorageUnavailableError('read', refused))).toMatchObject({
      status: 503,
      body: { code: 'UNAVAILABLE', message: API_MESSAGES.fileUnavailable, messageId: 'api.fileUnavailable' },
      retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
    });
  });

  it('maps a full disk (PostgreSQL 53100 under a query error, a file write ENOSPC) to 507 with a message (ADR 140)', () => {
    const diskFull = Object.assign(
      new Error('could not extend file "base/5/16385": No space left on device'),
      {
        code: '53100',
        severity: 'ERROR',
      },
    );
    const cases = [
      new Error('Failed query: insert into assets', { cause: diskFull }),
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      new AppError('INSUFFICIENT_STORAGE', API_MESSAGES.diskFull, {
        retryAfterSeconds: DISK_FULL_RETRY_AFTER_SECONDS,
      }),
    ];
    for (const error of cases) {
      expect(mapError(error)).toMatchObject({
        status: 507,
        body: { code: 'INSUFFICIENT_STORAGE', message: API_MESSAGES.diskFull, messageId: 'api.diskFull' },
        retryAfterSeconds: DISK_FULL_RETRY_AFTER_SECONDS,
      });
    }
  });

  it('maps PostgreSQL data exceptions (SQLSTATE class 22) under a query error to 400, as a safety net', () => {
    const driverError = (code: string, message: string) =>
      Object.assign(new Error(message), { code, severity: 'ERROR' });
    for (const code of ['22P05', '22021', '22008', '22003', '22P02']) {
      const error = new Error('Failed query: insert ...', { cause: driverError(code, 'refused') });
      expect(mapError(error)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION', message: UNSTORABLE_MESSAGE },
      });
    }
    // Another class, or a system error whose code merely looks alike, stays a 500.
    expect(mapError(new Error('x', { cause: driverError('23514', 'check') })).status).toBe(500);
    expect(mapError(Object.assign(new Error('x'), { code: '22000' })).status).toBe(500);
  });

  it('hides everything else behind a generic 500', () => {
    const mapped = mapError(new Error('relation "users" does not exist at SELECT * FROM users'));
    expect(mapped).toEqual({
      status: 500,
      body: { code: 'INTERNAL', message: INTERNAL_MESSAGE, messageId: 'api.internal' },
      log: 'error',
    });
    expect(mapError('a string').status).toBe(500);
    expect(mapError(null).status).toBe(500);
  });
});

describe('errors plugin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false, bodyLimit: 1024 });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errors);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/things',
      {
        schema: {
          body: z.object({
            name: z.string().trim().min(1, ASSET_MESSAGES.nameRequired),
            tags: z.array(z.object({ label: z.string() })),
          }),
          querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
        },
      },
      async (request) => ({ name: request.body.name }),
    );
    r.get('/api/boom', async () => {
      throw new Error('SELECT secret FROM internals failed');
    });
    r.get('/api/gone', async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), {});
    });
    r.get('/api/limited', async () => {
      throw new AppError('RATE_LIMITED', 'Too many attempts. Try again later.', { retryAfterSeconds: 42 });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 400 VALIDATION with the path of every bad field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { name: '   ', tags: [{ label: 3 }] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(typeof body.message).toBe('string');
    expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['name', 'tags.0.label']);
    // A message of ours carries its id; zod's default the generic one (ADR 113).
    expect(body.messageId).toBe('api.fieldsInvalid');
    expect(body.fields).toContainEqual({
      path: 'name',
      message: 'Asset name is required.',
      messageId: 'asset.nameRequired',
    });
    expect(body.fields).toContainEqual({
      path: 'tags.0.label',
      message: expect.any(String),
      messageId: 'api.invalidValue',
    });
    for (const f of body.fields) expect(f.message.length).toBeGreaterThan(0);
  });

  it('names the query parameter of a bad querystring', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/things?page=0',
      payload: { name: 'a', tags: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject([
      { path: 'page', message: expect.any(String), messageId: 'api.invalidValue' },
    ]);
  });

  it('passes valid input through (zod trims strings)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/things', payload: { name: ' a ', tags: [] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'a' });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { name: 'x'.repeat(5000), tags: [] },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
      messageId: 'api.payloadTooLarge',
    });
  });

  it('answers 404 NOT_FOUND JSON for unknown API routes', async () => {
    const res = await app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('answers 500 without internals', async () => {
    const res = await app.inject('/api/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      code: 'INTERNAL',
      message: INTERNAL_MESSAGE,
      messageId: 'api.internal',
    });
    expect(res.body).not.toMatch(/SELECT|internals|stack/);
  });

  it('answers 503 UNAVAILABLE when the database connection is lost', async () => {
    const res = await app.inject('/api/gone');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: UNAVAILABLE_MESSAGE,
      messageId: 'api.unavailable',
    });
  });

  it('sends Retry-After with rate limit errors', async () => {
    const res = await app.inject('/api/limited');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again later.',
    });
  });
});
