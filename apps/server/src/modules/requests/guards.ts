import { createHash, createHmac, randomBytes } from 'node:crypto';
import { REQUEST_CHALLENGE_MINUTES, REQUEST_MESSAGES, type TReportChallenge } from '@mqr/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { DbOrTx } from '#server/db/client.ts';
import { namedStatementRows } from '#server/db/named-statement.ts';
import { usedReportChallenges } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { LoginThrottle, type LoginThrottleLimits } from '#server/lib/login-throttle.ts';

// What keeps bots and floods off the public report form (ADR 129): a proof-of-work challenge of
// altcha-lib (no third-party service), counted once; limits per address and per asset; the
// sender's address kept only as an HMAC; the status token made here and stored only hashed.

/** The work a challenge asks (PBKDF2/SHA-256 rounds per try, and the secret counter's range). */
export interface ChallengeWork {
  cost: number;
  counterMin: number;
  counterMax: number;
}

/**
 * About 4,000 tries of 1,000 PBKDF2 rounds: a second or two on a cheap phone (in a worker, while the
 * reporter types), a real cost for a bot sending thousands.
 */
export const DEFAULT_CHALLENGE_WORK: ChallengeWork = { cost: 1_000, counterMin: 2_000, counterMax: 6_000 };

/**
 * The work with REPORT_CHALLENGE_COUNTER_MAX as the highest counter (the lowest a third of it, at most
 * the default's): the server's check costs one try of `cost` rounds whatever the counter.
 */
export function challengeWork(counterMax: number): ChallengeWork {
  return {
    cost: DEFAULT_CHALLENGE_WORK.cost,
    counterMin: Math.min(DEFAULT_CHALLENGE_WORK.counterMin, Math.max(1, Math.floor(counterMax / 3))),
    counterMax,
  };
}

/** Reports allowed per address and per asset in a window (the throttle's names: address and "account"). */
export const REPORT_LIMIT_DEFAULTS: LoginThrottleLimits = {
  maxFailuresPerIp: 10,
  maxFailuresPerEmail: 20,
  windowMs: 60 * 60 * 1000,
};

const CHALLENGE_MS = REQUEST_CHALLENGE_MINUTES * 60_000;
/** How often an instance removes the expired used challenges kept in the database (without Redis). */
const SWEEP_EVERY_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const hashToken = sha256;

/** A status token: 32 random bytes in base64url (43 characters). */
export const isStatusToken = (token: string) => TOKEN_PATTERN.test(token);

/** A solved challenge: the hash of its signature (what marks it used) and when it expires. */
interface SolvedChallenge {
  signatureHash: string;
  expiresAt: Date;
}

/** How long a used challenge is remembered: until it expires, at least a second. */
const keptForMs = (solved: SolvedChallenge, now: Date) =>
  Math.max(1000, solved.expiresAt.getTime() - now.getTime());

/** When a used challenge's row may go (sweepExpired), as the database takes it. */
const usedUntil = (solved: SolvedChallenge, now: Date) =>
  new Date(now.getTime() + keptForMs(solved, now)).toISOString();

let altchaModules:
  | Promise<[typeof import('altcha-lib'), typeof import('altcha-lib/algorithms/pbkdf2')]>
  | undefined;
/** altcha-lib, loaded with the first challenge (not at start) and kept: an import() per report costs its resolution. */
const altcha = () =>
  (altchaModules ??= Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/pbkdf2')]));

/** The 400 of a challenge not ours, expired, not solved or used before (the same for each). */
export const challengeRefused = () =>
  new AppError('VALIDATION', REQUEST_MESSAGES.challengeInvalid, {
    fields: [{ path: 'altcha', message: REQUEST_MESSAGES.challengeInvalid }],
  });

/** The error of a statement that took a used challenge again (verifyForWrite's write). */
export const isReplayedChallenge = (error: unknown) =>
  isUniqueViolation(error, 'used_report_challenges_pkey');

export class ReportGuards {
  /** Tests lower the work so that they solve challenges at once. */
  work: ChallengeWork = { ...DEFAULT_CHALLENGE_WORK };
  readonly throttle: LoginThrottle;
  private readonly signatureSecret: string;
  private readonly keySecret: string;
  private readonly senderSecret: string;
  private readonly tokenSecret: string;

  private readonly redis: Redis | null;
  /** When this instance last removed expired used challenges (sweepExpired). */
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(secret: string, redis: Redis | null, limits: Partial<LoginThrottleLimits> = {}) {
    this.redis = redis;
    const derive = (purpose: string) =>
      createHmac('sha256', secret).update(`mqr report ${purpose}`).digest('hex');
    this.signatureSecret = derive('challenge');
    this.keySecret = derive('challenge key');
    this.senderSecret = derive('sender');
    this.tokenSecret = derive('token');
    this.throttle = new LoginThrottle(
      redis,
      { ...REPORT_LIMIT_DEFAULTS, ...limits },
      {
        redisPrefix: 'mqr:report:',
        refusal: () => REQUEST_MESSAGES.tooMany,
      },
    );
  }

  /** A new challenge, signed, valid REQUEST_CHALLENGE_MINUTES (GET .../report-challenge). */
  async challenge(now: Date): Promise<TReportChallenge> {
    const [{ createChallenge, randomInt }, { deriveKey }] = await altcha();
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.work.cost,
      counter: randomInt(this.work.counterMin, this.work.counterMax),
      deriveKey,
      expiresAt: new Date(now.getTime() + CHALLENGE_MS),
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return challenge as TReportChallenge;
  }

  /**
   * Checks the widget's payload (base64 JSON of the challenge and its solution): signed by us, not
   * expired, solved; then takes it, so that it counts once (in Redis when configured, else in the
   * database, which every instance shares). 400 on `altcha` otherwise.
   */
  async verify(db: DbOrTx, payload: string, now: Date): Promise<void> {
    const take = await this.verifyForWrite(db, payload, now);
    if (!take) return;
    await namedStatementRows(db, 'report_challenge_take', sql`with ${take} select 1`).catch(
      (error: unknown) => {
        throw isReplayedChallenge(error) ? challengeRefused() : error;
      },
    );
  }

  /**
   * As verify, for a caller that writes in one statement (a report): with Redis the challenge is taken
   * there now (null); without, the write that takes it is answered (a CTE), the expired ones removed
   * first, to join the caller's statement (one round trip and one commit fewer). A challenge used
   * before then fails that statement on the key of the used challenges, so nothing of it is written:
   * the caller answers isReplayedChallenge's errors with challengeRefused().
   */
  async verifyForWrite(db: DbOrTx, payload: string, now: Date): Promise<SQL | null> {
    const solved = await this.checkSolution(payload);
    const inRedis = await this.takeInRedis(solved, now);
    if (inRedis === false) throw challengeRefused();
    if (inRedis) return null;
    await this.sweepExpired(db, now);
    return sql`used_challenge as (
      insert into ${usedReportChallenges} (signature_hash, expires_at)
      values (${solved.signatureHash}, ${usedUntil(solved, now)})
    )`;
  }

  /** The payload's challenge, signed by us, not expired and solved (400 on `altcha` otherwise); not taken yet. */
  private async checkSolution(payload: string): Promise<SolvedChallenge> {
    const [{ verifySolution }, { deriveKey }] = await altcha();
    let parsed: {
      challenge?: { parameters?: { expiresAt?: number }; signature?: string };
      solution?: unknown;
    };
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      throw challengeRefused();
    }
    const { challenge, solution } = parsed ?? {};
    if (!challenge?.parameters || typeof challenge.signature !== 'string' || !solution)
      throw challengeRefused();
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: challenge as Parameters<typeof verifySolution>[0]['challenge'],
        solution: solution as Parameters<typeof verifySolution>[0]['solution'],
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySecret,
      });
      verified = result.verified;
    } catch {
      verified = false;
    }
    if (!verified) throw challengeRefused();
    return {
      signatureHash: sha256(challenge.signature),
      expiresAt: new Date((challenge.parameters.expiresAt ?? 0) * 1000),
    };
  }

  /** Marks a challenge used in Redis until it expires: whether it was new; null without Redis. */
  private async takeInRedis(solved: SolvedChallenge, now: Date): Promise<boolean | null> {
    if (this.redis?.status !== 'ready') return null;
    const set = await this.redis.set(
      `mqr:report:challenge:${solved.signatureHash}`,
      '1',
      'PX',
      keptForMs(solved, now),
      'NX',
    );
    return set === 'OK';
  }

  /**
   * Removes the used challenges that have expired, at most once a SWEEP_EVERY_MS per instance: an
   * expired one is refused by its signed expiry anyway, so its row only waits to go. Swept on every
   * report, the reports of a busy minute would each scan and delete the same rows, waiting on each
   * other's row locks.
   */
  private async sweepExpired(db: DbOrTx, now: Date): Promise<void> {
    if (now.getTime() - this.sweptAt < SWEEP_EVERY_MS && now.getTime() >= this.sweptAt) return;
    this.sweptAt = now.getTime();
    await db.execute(sql`delete from ${usedReportChallenges} where expires_at < ${now.toISOString()}`);
  }

  /** The sender's address as an HMAC: what limits, "me too" and blocking compare, never the address. */
  senderHash(ip: string): string {
    return createHmac('sha256', this.senderSecret).update(ip).digest('hex');
  }

  /**
   * The status token of a new report. With an Idempotency-Key it is derived from the key (and the
   * asset): the same key sent again makes the same token, whose hash is unique, so the retry finds
   * the first report and answers it rather than making a second. Without one it is random.
   */
  newToken(idempotency: { organizationId: string; assetId: string; key: string } | undefined): string {
    if (!idempotency) return randomBytes(32).toString('base64url');
    return createHmac('sha256', this.tokenSecret)
      .update(`${idempotency.organizationId}\n${idempotency.assetId}\n${idempotency.key}`)
      .digest('base64url');
  }
}
