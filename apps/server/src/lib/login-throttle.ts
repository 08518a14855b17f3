import { API_MESSAGES, type Said } from '@mqr/contracts';
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error.ts';

/**
 * Guesses at a secret (sign-in, the current password) are counted per client address and per account
 * in fixed windows, with `rate-limiter-flexible` (ADR 083). An attempt is counted **before** it is
 * checked, in one atomic increment (in Redis when configured), so guesses sent at once cannot all
 * pass a check that has not seen the others yet: past the limit the request is refused (429) and
 * the secret is not checked. An attempt that succeeds is given back to the address (successes do
 * not count against an office behind one address); for sign-in it also clears the account's count.
 *
 * Defaults: 10 attempts per account and 30 per address in 15 minutes. An address limit above the
 * account limit keeps an office behind one NAT address usable while one person mistypes.
 */
export const LOGIN_THROTTLE_DEFAULTS: LoginThrottleLimits = {
  maxFailuresPerEmail: 10,
  maxFailuresPerIp: 30,
  windowMs: 15 * 60 * 1000,
};

/** Failed attempts allowed per account and per address in a window (successes are given back). */
export interface LoginThrottleLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  /** Rounded up to whole seconds, the counters' unit. */
  windowMs: number;
}

export function tooManyAttemptsMessage(
  retryAfterSeconds: number,
  attempts: 'signIn' | 'takenEmails' = 'signIn',
): Said {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return API_MESSAGES.tooManyAttempts(minutes, attempts);
}

export interface ThrottleOptions {
  /** Keeps this throttle's counters apart from others in the same store ('' for sign-in). */
  keyPrefix?: string;
  /** What the 429 message says was tried too often: sign-in attempts, else emails already taken. */
  attempts?: 'signIn' | 'takenEmails';
  /**
   * A success clears the account's count (sign-in: the password is proven) instead of giving its
   * one attempt back (email probing, where a free email must not wipe the taken ones).
   */
  successClearsAccount?: boolean;
  /** Where Redis keys start ('mqr:login:'). */
  redisPrefix?: string;
  /** What the 429 says instead of the sign-in wording (the public report form's limits, ADR 129). */
  refusal?: (retryAfterSeconds: number) => string | Said;
  /**
   * While Redis cannot be reached, each instance counts on its own with its limits divided by this
   * (ADR 139): the number of instances, so that together they let no more guesses through than the
   * shared count does (sign-in, the current password, email probes: RATE_LIMIT_INSTANCES). 1, the
   * default: each instance allows the whole limit on its own (the report form's limits).
   */
  outageShare?: number;
}

interface Limiters {
  byAddress: RateLimiterAbstract;
  byAccount: RateLimiterAbstract;
  /** The library's answer class: a refusal rejects with one, a failing store with an Error. */
  Res: typeof RateLimiterRes;
}

export class LoginThrottle {
  private readonly redis: Redis | null;
  private readonly options: ThrottleOptions;
  private current: LoginThrottleLimits;
  private limiters: Promise<Limiters> | undefined;

  /** Counters in Redis (shared by every instance) with `redis`, in this process's memory without. */
  constructor(redis: Redis | null, limits: Partial<LoginThrottleLimits> = {}, options: ThrottleOptions = {}) {
    this.redis = redis;
    this.options = options;
    this.current = { ...LOGIN_THROTTLE_DEFAULTS, ...limits };
  }

  get limits(): LoginThrottleLimits {
    return this.current;
  }

  /** Tests use small limits on an app built with the defaults (counters in memory start again). */
  set limits(limits: LoginThrottleLimits) {
    this.current = limits;
    this.limiters = undefined;
  }

  /**
   * Counts one attempt of the account from the address, before it is checked. Throws RATE_LIMITED
   * (with retryAfterSeconds) when either is past its limit; that attempt then counts against neither
   * (the refused one is not a guess). The account is an email for sign-in, a user id for others.
   */
  async consume(ip: string, account: string): Promise<void> {
    const { byAddress, byAccount, Res } = await this.load();
    const keys = [ip, account.toLowerCase()] as const;
    // Already refused: answered without a write, so a flood of new addresses against a blocked
    // account (or of accounts from a blocked address) makes no new counters.
    const seen = await Promise.all([byAddress.get(keys[0]), byAccount.get(keys[1])]);
    const limits = [byAddress.points, byAccount.points];
    const full = seen.filter((res, i): res is RateLimiterRes => res !== null && isOver(res, limits[i]!));
    if (full.length > 0) throw this.refusal(full);

    const limiters = [byAddress, byAccount];
    const results = await Promise.allSettled(limiters.map((limiter, i) => limiter.consume(keys[i]!)));
    for (const result of results) {
      if (result.status === 'rejected' && !(result.reason instanceof Res)) throw result.reason;
    }
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as RateLimiterRes] : []));
    if (refused.length === 0) return;
    // Both counters went up, the refused one past its limit: both are given back, so the counts
    // hold the attempts that were checked, and the full one stays full until its window ends.
    await Promise.all(limiters.map((limiter, i) => limiter.reward(keys[i]!)));
    throw this.refusal(refused);
  }

  /** The attempt counted by `consume` succeeded: given back to the address, and to the account. */
  async succeeded(ip: string, account: string): Promise<void> {
    const { byAddress, byAccount } = await this.load();
    const accountKey = account.toLowerCase();
    await Promise.all([
      byAddress.reward(ip),
      this.options.successClearsAccount ? byAccount.delete(accountKey) : byAccount.reward(accountKey),
    ]);
  }

  /**
   * One attempt at a secret: counted before `check` runs (refused past a limit, `check` not run),
   * given back when `check` answers something truthy (a user, `true`).
   */
  async attempt<T>(ip: string, account: string, check: () => Promise<T>): Promise<T> {
    await this.consume(ip, account);
    const result = await check();
    if (result) await this.succeeded(ip, account);
    return result;
  }

  private refusal(refused: RateLimiterRes[]): AppError {
    const waitMs = Math.max(...refused.map((res) => res.msBeforeNext));
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    const message = this.options.refusal
      ? this.options.refusal(retryAfterSeconds)
      : tooManyAttemptsMessage(retryAfterSeconds, this.options.attempts);
    return new AppError('RATE_LIMITED', message, {
      retryAfterSeconds,
    });
  }

  /** The library loads at the first attempt (ADR 068); limiters are rebuilt when the limits change. */
  private load(): Promise<Limiters> {
    this.limiters ??= this.build(this.current);
    return this.limiters;
  }

  private async build(limits: LoginThrottleLimits): Promise<Limiters> {
    const {
      RateLimiterMemory,
      RateLimiterRedis,
      RateLimiterRes: Res,
    } = await import('rate-limiter-flexible');
    const duration = Math.max(1, Math.ceil(limits.windowMs / 1000));
    const prefix = `${this.options.redisPrefix ?? 'mqr:login:'}${this.options.keyPrefix ?? ''}`;
    const share = Math.max(1, Math.floor(this.options.outageShare ?? 1));
    const limiter = (points: number, name: string): RateLimiterAbstract => {
      const keyPrefix = `${prefix}${name}`;
      if (!this.redis) return new RateLimiterMemory({ points, duration, keyPrefix });
      // While Redis is down or reconnecting (its commands fail at once: plugins/redis.ts), each
      // instance counts on its own, with its share of the limit (ADR 139), rather than not at all;
      // nobody is refused for the outage itself. Once Redis is ready again it counts there.
      return new RateLimiterRedis({
        storeClient: this.redis,
        points,
        duration,
        keyPrefix,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({
          points: Math.max(1, Math.floor(points / share)),
          duration,
          keyPrefix,
        }),
      });
    };
    return {
      byAddress: limiter(limits.maxFailuresPerIp, 'ip'),
      byAccount: limiter(limits.maxFailuresPerEmail, 'email'),
      Res,
    };
  }
}

/** Whether the next attempt would go past `points` in a window still running. */
function isOver(res: RateLimiterRes, points: number): boolean {
  return res.consumedPoints >= points && res.msBeforeNext > 0;
}
