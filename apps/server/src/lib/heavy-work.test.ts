import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { HEAVY_WORK_MESSAGES } from '@mqr/contracts';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import {
  HEAVY_WORK_RETRY_AFTER_SECONDS,
  HeavyWork,
  holdTurnUntilAnswered,
  type Release,
} from './heavy-work.ts';

const limits = { atOnce: 2, perOrganization: 2, queue: 2, waitMs: 60_000 };

/** The refusal a promise ends with. */
async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('HeavyWork', () => {
  it('runs at most atOnce, the others in the order they asked', async () => {
    const heavy = new HeavyWork(limits);
    const first = await heavy.forRequest('a');
    const second = await heavy.forRequest('b');
    const granted: string[] = [];
    const noted = (organizationId: string) =>
      heavy.forRequest(organizationId).then((release) => {
        granted.push(organizationId);
        return release;
      });
    const third = noted('c');
    const fourth = noted('d');
    await nextTurn();
    expect(granted).toEqual([]);
    expect(heavy.load()).toMatchObject({ running: 2, waiting: 2 });
    first();
    (await third)();
    second();
    (await fourth)();
    expect(granted).toEqual(['c', 'd']);
    await nextTurn();
    expect(heavy.load()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses an organization past its share with 429 and Retry-After, and lets another through', async () => {
    const heavy = new HeavyWork({ ...limits, atOnce: 3, perOrganization: 2 });
    const held = [await heavy.forRequest('a'), await heavy.forRequest('a')];
    const refusal = await refusalOf(heavy.forRequest('a'));
    expect(refusal).toMatchObject({
      code: 'RATE_LIMITED',
      message: HEAVY_WORK_MESSAGES.organizationBusy,
      retryAfterSeconds: HEAVY_WORK_RETRY_AFTER_SECONDS,
    });
    const other = await heavy.forRequest('b');
    other();
    held[0]?.();
    (await heavy.forRequest('a'))();
    held[1]?.();
  });

  it('counts waiting requests in their organization’s share', async () => {
    const heavy = new HeavyWork({ ...limits, atOnce: 1 });
    const running = await heavy.forRequest('b');
    const waiting = heavy.forRequest('a');
    const second = heavy.forRequest('a');
    expect((await refusalOf(heavy.forRequest('a'))).code).toBe('RATE_LIMITED');
    running();
    (await waiting)();
    (await second)();
  });

  it('refuses with 503 and Retry-After when the queue is full', async () => {
    const heavy = new HeavyWork({ ...limits, perOrganization: 1 });
    const running = [await heavy.forRequest('a'), await heavy.forRequest('b')];
    const waiting = [heavy.forRequest('c'), heavy.forRequest('d')];
    expect(await refusalOf(heavy.forRequest('e'))).toMatchObject({
      code: 'UNAVAILABLE',
      message: HEAVY_WORK_MESSAGES.serverBusy,
      retryAfterSeconds: HEAVY_WORK_RETRY_AFTER_SECONDS,
    });
    for (const release of running) release();
    for (const turn of waiting) (await turn)();
  });

  it('refuses with 503 a request whose turn does not come in time, and gives its place back', async () => {
    const heavy = new HeavyWork({ ...limits, atOnce: 1, waitMs: 20 });
    const running = await heavy.forRequest('a');
    expect((await refusalOf(heavy.forRequest('b'))).code).toBe('UNAVAILABLE');
    expect(heavy.load('b')).toEqual({ running: 1, waiting: 0, organization: 0 });
    running();
  });

  it('takes out of the queue a request whose client went away', async () => {
    const heavy = new HeavyWork({ ...limits, atOnce: 1 });
    const running = await heavy.forRequest('a');
    const gone = new AbortController();
    const waiting = heavy.forRequest('b', gone.signal);
    gone.abort();
    expect((await refusalOf(waiting)).code).toBe('UNAVAILABLE');
    expect(heavy.load('b')).toEqual({ running: 1, waiting: 0, organization: 0 });
    running();
  });

  it('keeps a granted turn when the wait would have run out since', async () => {
    const heavy = new HeavyWork({ ...limits, atOnce: 1, waitMs: 10 });
    const release = await heavy.forRequest('a');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(heavy.load('a')).toEqual({ running: 1, waiting: 0, organization: 1 });
    release();
    release();
    await nextTurn();
    expect(heavy.load('a')).toEqual({ running: 0, waiting: 0, organization: 0 });
  });

  it('lets background work wait for a turn, never refused, counted in its organization', async () => {
    const heavy = new HeavyWork({ ...limits, atOnce: 1, perOrganization: 1, queue: 0 });
    const running = await heavy.forRequest('a');
    let done = false;
    const background = heavy.inBackground('b', async () => {
      done = true;
    });
    await nextTurn();
    expect(done).toBe(false);
    expect((await refusalOf(heavy.forRequest('b'))).code).toBe('RATE_LIMITED');
    running();
    await background;
    expect(done).toBe(true);
    expect(heavy.load('b').organization).toBe(0);
  });
});

describe('holdTurnUntilAnswered', () => {
  const replyOf = (raw: EventEmitter) => ({ raw }) as unknown as FastifyReply;

  it('holds the turn until the answer closes (sent, streamed to its end, or its client gone)', async () => {
    const heavy = new HeavyWork({ ...limits, atOnce: 1 });
    const raw = new EventEmitter();
    await holdTurnUntilAnswered(heavy, 'a', replyOf(raw));
    expect(heavy.load('a')).toMatchObject({ running: 1, organization: 1 });
    raw.emit('close');
    await nextTurn();
    expect(heavy.load('a')).toMatchObject({ running: 0, organization: 0 });
  });

  it('gives up the wait of an answer closed before its turn came', async () => {
    const heavy = new HeavyWork({ ...limits, atOnce: 1 });
    const running: Release = await heavy.forRequest('a');
    const raw = new EventEmitter();
    const waiting = holdTurnUntilAnswered(heavy, 'b', replyOf(raw));
    raw.emit('close');
    expect((await refusalOf(waiting)).code).toBe('UNAVAILABLE');
    expect(heavy.load('b')).toMatchObject({ waiting: 0, organization: 0 });
    running();
  });
});
