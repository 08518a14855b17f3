import type { Redis } from 'ioredis';
import { AppError } from './app-error.ts';

/**
 * Failed sign-ins are counted per client IP and per email in fixed windows. Once a counter reaches
 * its limit, further sign-ins for that IP or email are refused (429) before the password is checked,
 * until the window ends. A successful sign-in clears the email's counter (not the IP's: one IP
 * guessing many accounts must stay limited).
 *
 * Defaults: 10 failures per email and 30 per IP in 15 minutes. An IP limit above the email limit
 * keeps an office behind one NAT address usable while one person mistypes.
 */
export const LOGIN_THROTTLE_DEFAULTS: LoginThrottleLimits = {
  maxFailuresPerEmail: 10,
  maxFailuresPerIp: 30,
  windowMs: 15 * 60 * 1000,
};

export interface LoginThrottleLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowMs: number;
}

export interface WindowCount {
  count: number;
  /** Epoch milliseconds when the window (and the count) ends. */
  resetAt: number;
}

/** Where counters live: memory (one instance) or Redis (shared by every instance). */
export interface ThrottleStore {
  /** Adds one to the key's counter, starting a window of `windowMs` if none is running. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The running window of the key, or null when there is none. */
  get(key: string): Promise<WindowCount | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number, attempts = 'sign-in attempts'): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many ${attempts}. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export interface ThrottleOptions {
  /** Keeps this throttle's counters apart from others in the same store ('' for sign-in). */
  keyPrefix?: string;
  /** What the 429 message says was tried too often ("sign-in attempts"). */
  attempts?: string;
}

export class LoginThrottle {
  readonly store: ThrottleStore;
  /** Mutable so tests can use small limits on an app built with the defaults. */
  limits: LoginThrottleLimits;
  private readonly now: () => number;
  private readonly keyPrefix: string;
  private readonly attempts: string | undefined;

  constructor(
    store: ThrottleStore,
    limits: Partial<LoginThrottleLimits> = {},
    now: () => number = Date.now,
    options: ThrottleOptions = {},
  ) {
    this.store = store;
    this.limits = { ...LOGIN_THROTTLE_DEFAULTS, ...limits };
    this.now = now;
    this.keyPrefix = options.keyPrefix ?? '';
    this.attempts = options.attempts;
  }

  /**
   * Throws RATE_LIMITED (with retryAfterSeconds) when the IP or the account is over its limit. The
   * account is an email for sign-in, a user id for other throttles.
   */
  async assertAllowed(ip: string, email: string): Promise<void> {
    const [byIp, byEmail] = await Promise.all([
      this.store.get(this.ipKey(ip)),
      this.store.get(this.emailKey(email)),
    ]);
    let resetAt = 0;
    if (byIp && byIp.count >= this.limits.maxFailuresPerIp) resetAt = Math.max(resetAt, byIp.resetAt);
    if (byEmail && byEmail.count >= this.limits.maxFailuresPerEmail)
      resetAt = Math.max(resetAt, byEmail.resetAt);
    if (resetAt === 0) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - this.now()) / 1000));
    throw new AppError('RATE_LIMITED', tooManyAttemptsMessage(retryAfterSeconds, this.attempts), {
      retryAfterSeconds,
    });
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    await Promise.all([
      this.store.increment(this.ipKey(ip), this.limits.windowMs),
      this.store.increment(this.emailKey(email), this.limits.windowMs),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.store.delete(this.emailKey(email));
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private ipKey(ip: string): string {
    return `${this.keyPrefix}ip:${ip}`;
  }

  private emailKey(email: string): string {
    return `${this.keyPrefix}email:${email.toLowerCase()}`;
  }
}

/**
 * Runs a throttle operation. Its own RATE_LIMITED error passes through; a failing store (Redis down)
 * is logged and ignored, so an outage of the shared counters does not stop everyone signing in.
 */
export async function throttled(
  log: { error: (object: object, message: string) => void },
  operation: () => Promise<void>,
): Promise<void> {
  try {
    await operation();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ err: error }, 'Login throttle store failed; continuing without it');
  }
}

/**
 * Counters in this process. Bounded: expired windows are pruned as the map grows, and past
 * `maxEntries` the oldest windows are dropped (a flood of distinct keys cannot exhaust memory).
 */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly entries = new Map<string, WindowCount>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private nextPruneAt = 0;

  constructor(options: { maxEntries?: number; now?: () => number } = {}) {
    this.maxEntries = options.maxEntries ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    this.prune(now);
    const current = this.entries.get(key);
    if (current && current.resetAt > now) {
      current.count += 1;
      return { ...current };
    }
    if (current) this.entries.delete(key);
    const created = { count: 1, resetAt: now + windowMs };
    this.entries.set(key, created);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return { ...created };
  }

  async get(key: string): Promise<WindowCount | null> {
    const current = this.entries.get(key);
    if (!current) return null;
    if (current.resetAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return { ...current };
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Drops expired windows, at most once a second unless the map is full. */
  private prune(now: number): void {
    if (now < this.nextPruneAt && this.entries.size < this.maxEntries) return;
    this.nextPruneAt = now + 1000;
    for (const [key, entry] of this.entries) {
      if (entry.resetAt <= now) this.entries.delete(key);
    }
  }
}

/**
 * Counters in Redis, shared by every server instance. INCR and PEXPIRE NX run in one MULTI, so a
 * window starts with the first failure and a key can never be left without an expiry. The
 * connection is the caller's (the app's: plugins/redis.ts), which closes it.
 */
export class RedisThrottleStore implements ThrottleStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(redis: Redis, options: { prefix?: string } = {}) {
    this.redis = redis;
    this.prefix = options.prefix ?? 'mqr:login:';
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const fullKey = this.prefix + key;
    const results = await this.redis
      .multi()
      .incr(fullKey)
      .pexpire(fullKey, windowMs, 'NX')
      .pttl(fullKey)
      .exec();
    if (!results) throw new Error('Redis transaction was aborted');
    for (const [error] of results) if (error) throw error;
    const count = Number(results[0]?.[1]);
    const ttl = Number(results[2]?.[1]);
    return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
  }

  async get(key: string): Promise<WindowCount | null> {
    const fullKey = this.prefix + key;
    const results = await this.redis.multi().get(fullKey).pttl(fullKey).exec();
    if (!results) throw new Error('Redis transaction was aborted');
    for (const [error] of results) if (error) throw error;
    const value = results[0]?.[1];
    const ttl = Number(results[1]?.[1]);
    if (value === null || value === undefined || ttl <= 0) return null;
    return { count: Number(value), resetAt: Date.now() + ttl };
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {}
}
