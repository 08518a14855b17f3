import { AsyncLocalStorage } from 'node:async_hooks';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_REPLAYED_HEADER,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { insertKey, type KeyOwner, saveAnswer } from '#server/modules/idempotency/queries.ts';
import { inProgress, previousAnswer, requestFingerprint } from '#server/modules/idempotency/service.ts';

/** A request's key while it runs: its first transaction inserts it, so the key commits with the change. */
interface Claim {
  owner: KeyOwner;
  fingerprint: string;
  /** A committed (or committing) transaction of this request holds the key. */
  inserted: boolean;
  /** False once the request has answered: work it left behind (timers) no longer claims the key. */
  open: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
  interface FastifyContextConfig {
    /**
     * The answer holds a secret shown once (a new API token): it is never stored, so the route
     * ignores Idempotency-Key and a repeat runs again (ADR 061).
     */
    answerHoldsSecret?: boolean;
  }
}

const claims = new AsyncLocalStorage<Claim>();
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
const PATCHED = Symbol.for('mqr.idempotency.transactions');

/**
 * Every transaction on `db` run for a request that carries a key begins by inserting that key (the
 * first one only): the key commits with the change or not at all. A key already there (a concurrent
 * repeat committed first) rolls the change back and answers IN_PROGRESS; the retry then gets the
 * first answer.
 */
function claimKeysInTransactions(db: Db): void {
  const target = db as Db & { [PATCHED]?: true };
  if (target[PATCHED]) return;
  target[PATCHED] = true;
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    transaction(async (tx) => {
      const claim = claims.getStore();
      if (!claim?.open || claim.inserted) return run(tx);
      if (!(await insertKey(tx, claim.owner, claim.fingerprint, IDEMPOTENCY_KEY_TTL_HOURS)))
        throw inProgress();
      claim.inserted = true;
      try {
        return await run(tx);
      } catch (error) {
        claim.inserted = false;
        throw error;
      }
    }, config)) as Db['transaction'];
}

/** What identifies the request: method, path with query, and body (a multipart body by its length). */
function fingerprintOf(request: FastifyRequest): string {
  const multipart = (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
  const body = multipart
    ? `multipart ${request.headers['content-length'] ?? ''}`
    : request.body === undefined
      ? ''
      : JSON.stringify(request.body);
  return requestFingerprint({ method: request.method, url: request.url, body });
}

/** A write that sends a key: only these can have one to look up. */
const sendsKey = (request: FastifyRequest) =>
  request.headers[HEADER] !== undefined && WRITES.has(request.method);

/** The key of a signed-in write, if it carries one; 400 for a malformed key. */
function keyOf(request: FastifyRequest): KeyOwner | undefined {
  const header = request.headers[HEADER];
  const user = request.user;
  if (!sendsKey(request) || !user) return undefined;
  if (request.routeOptions.config.access === 'public') return undefined;
  if (request.routeOptions.config.answerHoldsSecret) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError('VALIDATION', IDEMPOTENCY_MESSAGES.invalidKey, {
      fields: [{ path: IDEMPOTENCY_HEADER, message: IDEMPOTENCY_MESSAGES.invalidKey }],
    });
  }
  return { organizationId: user.organizationId, userId: user.id, key: header };
}

/**
 * Looks the key up: makes the claim this request runs with (a new key), replays a finished request's
 * answer ('replayed'), or answers undefined (no key: the request runs as usual).
 */
async function begin(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Claim | 'replayed' | undefined> {
  const owner = keyOf(request);
  if (!owner) return undefined;
  const fingerprint = fingerprintOf(request);
  const answer = await previousAnswer(db, owner, fingerprint);
  if (!answer) return { owner, fingerprint, inserted: false, open: true };
  reply.code(answer.statusCode).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.type(answer.contentType);
  // A multipart body nobody reads: the connection closes rather than drains it.
  if (request.body === undefined && Number(request.headers['content-length']) > 0) {
    reply.header('Connection', 'close');
  }
  reply.send(answer.body || undefined);
  return 'replayed';
}

/**
 * Idempotency-Key on every signed-in write (POST, PUT, PATCH, DELETE; ADR 054): the first request
 * with a key runs, and its key commits in the transaction of its change; every repeat by the same
 * user of the same organization gets the first answer for IDEMPOTENCY_KEY_TTL_HOURS, a concurrent one
 * waits for it (or answers IN_PROGRESS), and the key with another request answers 422. A request
 * that changed nothing (a refusal, a read-only POST) keeps no key: its repeat simply runs again.
 * Register before the compression plugin: answers are stored before they are compressed.
 */
async function idempotency(app: FastifyInstance): Promise<void> {
  claimKeysInTransactions(app.db);
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', (request, reply, done) => {
    // A read, or a write without a key: nothing to look up, and no promise to wait for.
    if (!sendsKey(request)) return done();
    begin(app.db, request, reply).then(
      (claim) => {
        if (claim === 'replayed') return;
        if (!claim) return done();
        request.idempotencyClaim = claim;
        claims.run(claim, done);
      },
      (error: unknown) => done(error as Error),
    );
  });

  const keepAnswer = async (
    claim: NonNullable<FastifyRequest['idempotencyClaim']>,
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ) => {
    claim.open = false;
    // A server error after the commit, or a streamed answer: not kept (a repeat answers ALREADY_DONE).
    const kept = payload === undefined || payload === null || typeof payload === 'string';
    if (!claim.inserted || reply.statusCode >= 500 || !kept) return payload;
    const contentType = reply.getHeader('content-type');
    await saveAnswer(app.db, claim.owner, {
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: payload ?? '',
    }).catch((error: unknown) => request.log.warn({ err: error }, 'idempotency: the answer was not kept'));
    return payload;
  };
  // Callback hooks: a read (no claim) passes straight through, without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done(null, payload);
    keepAnswer(claim, request, reply, payload).then(
      (kept) => done(null, kept),
      (error: unknown) => done(error as Error),
    );
  });

  app.addHook('onResponse', (request, _reply, done) => {
    if (request.idempotencyClaim) request.idempotencyClaim.open = false;
    done();
  });
}

export const idempotencyPlugin = fp(idempotency, { name: 'mqr-idempotency' });
