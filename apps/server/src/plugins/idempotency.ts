import { AsyncLocalStorage } from 'node:async_hooks';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_REPLAYED_HEADER,
  IDEMPOTENCY_SECRET_REPLAY_MINUTES,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AroundTransaction } from '#server/db/every-transaction.ts';
import type { CommitQuestion } from '#server/db/lost-commit.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createSecretBox, type SecretBox } from '#server/lib/secret-box.ts';
import { findKey, insertKey, type KeyOwner, saveAnswer } from '#server/modules/idempotency/queries.ts';
import {
  inProgress,
  previousAnswer,
  requestFingerprint,
  type StoredAnswer,
} from '#server/modules/idempotency/service.ts';
import { mapError, prepareErrorReply } from './errors.ts';

/** A request's key while it runs: its first transaction inserts it, so the key commits with the change. */
interface Claim {
  owner: KeyOwner;
  /** What identifies the request; undefined until its handler has read a streamed (multipart) body. */
  fingerprint: string | undefined;
  /** The route's answer holds a secret shown once: kept sealed, and replayed for minutes only. */
  holdsSecret: boolean;
  /** A committed (or committing) transaction of this request holds the key. */
  inserted: boolean;
  /** The key decided the answer (a replay, or a refusal of the key): nothing to keep or look up again. */
  answered: boolean;
  /** False once the request has answered: work it left behind (timers) no longer claims the key. */
  open: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
  interface FastifyContextConfig {
    /**
     * The answer holds a secret shown once (a new API token, a webhook signing secret, a calendar
     * feed's address, a new session token): with a key it is stored sealed and replayed for
     * IDEMPOTENCY_SECRET_REPLAY_MINUTES only; later repeats answer ALREADY_DONE (ADR 086).
     */
    answerHoldsSecret?: boolean;
  }
}

const claims = new AsyncLocalStorage<Claim>();
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = IDEMPOTENCY_HEADER.toLowerCase();

/**
 * The first transaction of a request that carries a key begins by inserting that key: the key
 * commits with the change or not at all. A key already there (a concurrent repeat committed first)
 * rolls the change back; the request then answers as a repeat (onSend). The app's database handle
 * runs every transaction through this (app.ts, ADR 101); outside such a request it only runs `work`.
 */
export const claimIdempotencyKey: AroundTransaction = async (tx, work) => {
  const claim = claims.getStore();
  if (!claim?.open || claim.inserted) return work();
  if (claim.fingerprint === undefined) {
    throw new Error('idempotency: a transaction began before the request body was read');
  }
  if (!(await insertKey(tx, claim.owner, claim.fingerprint, IDEMPOTENCY_KEY_TTL_HOURS))) throw inProgress();
  claim.inserted = true;
  try {
    return await work();
  } catch (error) {
    claim.inserted = false;
    throw error;
  }
};

/**
 * Whether the transaction that claimed this request's key committed, asked after its COMMIT's answer
 * was lost to a failover (db/lost-commit.ts, ADR 132): the key's row is there, still without an answer,
 * only if it did. (A repeat of the same key sent meanwhile to another instance, and committed there
 * instead, would look the same: clients repeat a request after its answer, not beside it.)
 */
export const claimCommitted: CommitQuestion = () => {
  const claim = claims.getStore();
  const fingerprint = claim?.fingerprint;
  if (!claim?.inserted || fingerprint === undefined) return undefined;
  return async (db) => {
    const row = await findKey(db, claim.owner);
    return row?.fingerprint === fingerprint && row.statusCode === null;
  };
};

/** A body its route's handler streams (multipart): its fingerprint waits until the handler read it. */
const isStreamed = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

/** What identifies a request with a parsed body: method, path with query, and the validated body. */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return requestFingerprint(request.server.config.jwtSecret, {
    method: request.method,
    url: request.url,
    body,
  });
}

/**
 * Gives a request whose handler streams its body (multipart) its fingerprint once the body is read:
 * method, URL and what `contentDigest` answers, a digest of what the body held (its fields, file
 * names and bytes; not the random boundary, so a client sending the same form again matches),
 * computed only for a request with a key. A key already taken stops the request here: it then
 * answers as a repeat does (ADR 086).
 */
export async function fingerprintStreamedBody(
  request: FastifyRequest,
  contentDigest: () => Promise<string>,
): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim || claim.fingerprint !== undefined) return;
  claim.fingerprint = requestFingerprint(request.server.config.jwtSecret, {
    method: request.method,
    url: request.url,
    body: `multipart ${await contentDigest()}`,
  });
  if (await findKey(request.server.db, claim.owner)) throw inProgress();
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
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError('VALIDATION', IDEMPOTENCY_MESSAGES.invalidKey, {
      fields: [{ path: IDEMPOTENCY_HEADER, message: IDEMPOTENCY_MESSAGES.invalidKey }],
    });
  }
  return { organizationId: user.organizationId, userId: user.id, key: header };
}

/** Makes `reply` the replay of a stored answer; answers the body to send. */
function replay(claim: Claim, reply: FastifyReply, answer: StoredAnswer): string {
  claim.answered = true;
  reply.code(answer.statusCode).header(IDEMPOTENCY_REPLAYED_HEADER, 'true').removeHeader('Retry-After');
  if (answer.contentType) reply.type(answer.contentType);
  else reply.removeHeader('content-type');
  return answer.body;
}

/**
 * Idempotency-Key on every signed-in write (POST, PUT, PATCH, DELETE; ADR 054, 086): the first
 * request with a key runs, and its key commits in the transaction of its change; every repeat by the
 * same user of the same organization gets the first answer for IDEMPOTENCY_KEY_TTL_HOURS (an answer
 * that holds a secret for IDEMPOTENCY_SECRET_REPLAY_MINUTES, sealed meanwhile), a concurrent one
 * waits for it (or answers IN_PROGRESS), and the key with another request answers 422. A request
 * that changed nothing (a refusal, a read-only POST) keeps no key: its repeat simply runs again.
 * Register before the compression plugin: answers are stored before they are compressed.
 */
async function idempotency(app: FastifyInstance): Promise<void> {
  const box: SecretBox = createSecretBox(app.config.jwtSecret, 'idempotency answer');
  app.decorateRequest('idempotencyClaim', null);

  // Before the body is validated: a malformed key answers 400 whatever the body, on every route.
  app.addHook('preValidation', (request, _reply, done) => {
    // A read, or a write without a key: nothing to look up.
    if (!sendsKey(request)) return done();
    try {
      const owner = keyOf(request);
      if (owner) {
        const holdsSecret = request.routeOptions.config.answerHoldsSecret === true;
        request.idempotencyClaim = {
          owner,
          fingerprint: undefined,
          holdsSecret,
          inserted: false,
          answered: false,
          open: true,
        };
      }
    } catch (error) {
      return done(error as Error);
    }
    done();
  });

  /** The stored answer of an earlier request with the claim's key, sent instead; false for a new key. */
  const replayed = async (claim: Claim, request: FastifyRequest, reply: FastifyReply) => {
    // A streamed body: looked up once its handler has read it (fingerprintStreamedBody).
    if (isStreamed(request)) return false;
    claim.fingerprint = fingerprintOf(request);
    const answer = await previousAnswer(app.db, claim.owner, claim.fingerprint, box);
    if (!answer) return false;
    reply.send(replay(claim, reply, answer) || undefined);
    return true;
  };
  app.addHook('preHandler', (request, reply, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done();
    replayed(claim, request, reply).then(
      (sent) => {
        if (!sent) claims.run(claim, done);
      },
      (error: unknown) => {
        // The key refused the request (another request's key, or its first still running).
        claim.answered = true;
        done(error as Error);
      },
    );
  });

  /**
   * A refusal of a request whose key another request committed meanwhile (a concurrent repeat: its
   * transaction found the key taken, or its own checks already saw the first one's change) becomes
   * what a repeat answers: the first answer, waited for; 422 for another request; IN_PROGRESS when
   * the first takes longer than the wait.
   */
  const asRepeat = async (claim: Claim, request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (claim.fingerprint === undefined || reply.statusCode < 400 || reply.statusCode >= 500) return payload;
    try {
      const answer = await previousAnswer(app.db, claim.owner, claim.fingerprint, box);
      return answer ? replay(claim, reply, answer) : payload;
    } catch (error) {
      if (error instanceof AppError) return JSON.stringify(prepareErrorReply(reply, mapError(error)));
      request.log.warn({ err: error }, 'idempotency: the key could not be looked up again');
      return payload;
    }
  };

  const keepAnswer = async (claim: Claim, request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    claim.open = false;
    if (claim.answered) return payload;
    if (!claim.inserted) return asRepeat(claim, request, reply, payload);
    // A server error after the commit, or a streamed answer: not kept (a repeat answers ALREADY_DONE).
    const kept = payload === undefined || payload === null || typeof payload === 'string';
    if (reply.statusCode >= 500 || !kept) return payload;
    const contentType = reply.getHeader('content-type');
    const body = typeof payload === 'string' ? payload : '';
    await saveAnswer(app.db, claim.owner, {
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      ...(claim.holdsSecret
        ? { body: box.seal(body), secretMinutes: IDEMPOTENCY_SECRET_REPLAY_MINUTES }
        : { body }),
    }).catch((error: unknown) => request.log.warn({ err: error }, 'idempotency: the answer was not kept'));
    return payload;
  };
  // Callback hooks: a read (no claim) passes straight through, without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done(null, payload);
    keepAnswer(claim, request, reply, payload).then(
      (sent) => done(null, sent),
      (error: unknown) => done(error as Error),
    );
  });

  app.addHook('onResponse', (request, _reply, done) => {
    if (request.idempotencyClaim) request.idempotencyClaim.open = false;
    done();
  });
}

export const idempotencyPlugin = fp(idempotency, { name: 'mqr-idempotency' });
