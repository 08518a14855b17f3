// A load of writes from a process of its own (the resilience tests, ADR 132): `workers` loops create
// assets on the servers in turn, each with an Idempotency-Key, and send a write again with the same key
// after a 503 (waiting its Retry-After, at most 2 s) or a lost connection, as a client should. Started
// with fork(): it takes its settings from the first message, reports each write when it ends
// ({ write }), and at a 'stop' message starts no more, finishes the ones under way and says { done }.
import { randomUUID } from 'node:crypto';
import { HttpSession } from './http-session.ts';

export interface WriteLoadSettings {
  urls: string[];
  token: string;
  workers: number;
  /** Names of the assets start with it, so the test finds them. */
  prefix: string;
}

/** One HTTP exchange: when it was sent (ms since the epoch), and the status (0: no answer). */
export interface Exchange {
  sentAt: number;
  answeredAt: number;
  url: string;
  status: number;
  /** The error code of a request that got no answer. */
  error?: string;
}

export interface Write {
  key: string;
  name: string;
  /** The asset's id, from the 201 that acknowledged it; absent when the write never was. */
  id?: string;
  exchanges: Exchange[];
}

export type WriteLoadMessage = 'started' | { write: Write } | { done: true };

/** Once a write is given up on: it must have been acknowledged long before. */
const GIVE_UP_MS = 120_000;

async function write(settings: WriteLoadSettings, session: HttpSession, url: () => string): Promise<Write> {
  const key = randomUUID();
  const done: Write = { key, name: `${settings.prefix}-${key}`, exchanges: [] };
  const started = Date.now();
  while (Date.now() - started < GIVE_UP_MS) {
    const target = url();
    const sentAt = Date.now();
    let wait = 200;
    try {
      const answer = await session.request(target, 'POST', '/api/assets', {
        body: { name: done.name },
        headers: { 'idempotency-key': key },
      });
      done.exchanges.push({ sentAt, answeredAt: Date.now(), url: target, status: answer.status });
      if (answer.status === 201) {
        done.id = answer.body.id;
        return done;
      }
      // Anything but "unavailable, try again" is an answer: the test looks at it.
      if (answer.status !== 503) return done;
      wait = Math.min(Number(answer.headers.get('retry-after') ?? '1'), 2) * 1000;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      done.exchanges.push({
        sentAt,
        answeredAt: Date.now(),
        url: target,
        status: 0,
        error: cause?.code ?? String(error),
      });
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return done;
}

async function runLoad(settings: WriteLoadSettings, stopped: () => boolean): Promise<void> {
  let turn = 0;
  // Each write goes to the next server in turn; its retries too (a load balancer's round robin).
  const url = () => settings.urls[turn++ % settings.urls.length]!;
  const worker = async () => {
    const session = new HttpSession();
    session.token = settings.token;
    while (!stopped()) tell({ write: await write(settings, session, url) });
  };
  await Promise.all(Array.from({ length: settings.workers }, worker));
}

function tell(message: WriteLoadMessage, then: () => void = () => {}): void {
  process.send!(message, undefined, {}, then);
}

if (process.send) {
  let stop = false;
  process.once('message', (settings: WriteLoadSettings) => {
    process.on('message', (message) => {
      if (message === 'stop') stop = true;
    });
    void runLoad(settings, () => stop).then(() => tell({ done: true }, () => process.exit(0)));
    tell('started');
  });
}
