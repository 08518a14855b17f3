// The process of the mixed load (mixed-load.ts starts it with fork): the settings come in the first
// message; outcomes go back in batches ({ outcomes }) every 250 ms; at a 'stop' message no more
// requests start, those under way finish, and it says { done }.
import { randomUUID } from 'node:crypto';
import {
  LOAD_KINDS,
  type LoadKind,
  type MixedLoadMessage,
  type MixedLoadSettings,
  type Outcome,
} from './mixed-load.ts';

/** A request gets this long before it counts as unanswered. */
const REQUEST_TIMEOUT_MS = 60_000;

function picker(weights: MixedLoadSettings['weights']): () => LoadKind {
  const table = LOAD_KINDS.flatMap((kind) => Array<LoadKind>(Math.max(0, weights[kind] ?? 0)).fill(kind));
  if (table.length === 0) throw new Error('the load weighs no kind');
  return () => table[Math.floor(Math.random() * table.length)]!;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
/** An address of the benchmarking range (RFC 2544), so the public pages' limit sees many clients. */
const someAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

function request(
  settings: MixedLoadSettings,
  kind: LoadKind,
  n: number,
): { path: string; init: RequestInit; name: string } {
  const signedIn = { authorization: `Bearer ${settings.token}` };
  const json = { ...signedIn, 'content-type': 'application/json' };
  const asset = pick(settings.assets);
  switch (kind) {
    case 'list':
      return { path: '/api/assets?pageSize=20', init: { headers: signedIn }, name: '' };
    case 'asset':
      return { path: `/api/assets/${asset.id}`, init: { headers: signedIn }, name: '' };
    case 'public':
      return {
        path: `/public/orgs/${settings.organizationId}/assets/${asset.slug}`,
        init: { headers: { 'x-forwarded-for': someAddress() } },
        name: '',
      };
    case 'create': {
      const name = `${settings.prefix}-${n}`;
      return {
        path: '/api/assets',
        init: {
          method: 'POST',
          headers: { ...json, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ name }),
        },
        name,
      };
    }
    case 'event':
      return {
        path: `/api/assets/${asset.id}/events`,
        init: {
          method: 'POST',
          headers: { ...json, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ title: `Round ${n}`, notes: 'Checked under load.' }),
        },
        name: '',
      };
    case 'file':
      return {
        path: pick(settings.files),
        init: { redirect: 'manual', headers: { 'x-forwarded-for': someAddress() } },
        name: '',
      };
    case 'login':
      return {
        path: '/api/auth/login',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': someAddress() },
          body: JSON.stringify(settings.login),
        },
        name: '',
      };
  }
}

async function runLoad(settings: MixedLoadSettings, stopped: () => boolean, report: (o: Outcome) => void) {
  const next = picker(settings.weights);
  let sent = 0;
  const loop = async () => {
    while (!stopped()) {
      const n = sent++;
      const kind = next();
      const server = n % settings.urls.length;
      const { path, init, name } = request(settings, kind, n);
      const sentAt = Date.now();
      try {
        const response = await fetch(new URL(path, settings.urls[server]), {
          ...init,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        report([sentAt, Date.now(), LOAD_KINDS.indexOf(kind), server, response.status, name]);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        report([sentAt, Date.now(), LOAD_KINDS.indexOf(kind), server, 0, cause?.code ?? String(error)]);
        // No answer at all: a moment before the next, so a refused port is not hammered.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  await Promise.all(Array.from({ length: settings.connections }, loop));
}

if (process.send) {
  let stop = false;
  let batch: Outcome[] = [];
  const flush = () => {
    if (batch.length === 0) return;
    process.send!({ outcomes: batch } satisfies MixedLoadMessage);
    batch = [];
  };
  const timer = setInterval(flush, 250);
  process.once('message', (settings: MixedLoadSettings) => {
    process.on('message', (message) => {
      if (message === 'stop') stop = true;
    });
    void runLoad(
      settings,
      () => stop,
      (outcome) => batch.push(outcome),
    ).then(() => {
      clearInterval(timer);
      flush();
      process.send!({ done: true } satisfies MixedLoadMessage, undefined, {}, () => process.exit(0));
    });
    process.send!('started' satisfies MixedLoadMessage);
  });
}
