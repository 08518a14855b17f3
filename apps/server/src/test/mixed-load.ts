// A mixed load of reads and writes from a process of its own (the resilience tests and the soak, ADR 139,
// 140): `connections` loops (mixed-load-worker.ts, started here with fork) each send one request after
// another, of the kinds the settings weigh, to the servers in turn (keep-alive connections, as fetch
// keeps them), and report each answer with when it was sent and answered, its kind, the server and
// the status. Nothing is retried: the tests judge every answer.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const LOAD_KINDS = ['list', 'asset', 'public', 'create', 'event', 'file', 'login'] as const;
/**
 * list: GET /api/assets (a page); asset: GET /api/assets/{id}; public: an asset's public page (from
 * an address of its own, X-Forwarded-For); create: POST /api/assets with an Idempotency-Key; event:
 * POST an event to an asset; file: GET a stored file (its redirect, from an address of its own);
 * login: sign in (argon2).
 */
export type LoadKind = (typeof LOAD_KINDS)[number];

/** The status each kind answers when all is well. */
export const LOAD_SUCCESS: Record<LoadKind, number> = {
  list: 200,
  asset: 200,
  public: 200,
  create: 201,
  event: 201,
  file: 302,
  login: 200,
};

export interface MixedLoadSettings {
  urls: string[];
  /** A member's access token. */
  token: string;
  connections: number;
  /** How often each kind is sent, relative to the others (absent: never). */
  weights: Partial<Record<LoadKind, number>>;
  organizationId: string;
  /** Assets read, reported on and whose public pages are opened. */
  assets: { id: string; slug: string }[];
  /** Paths of stored files (their public URLs). */
  files: string[];
  /** Whom `login` signs in. */
  login?: { email: string; password: string };
  /** Names of created assets start with it. */
  prefix: string;
}

/**
 * One answered (or unanswered) request: sent and answered at (ms since the epoch), the kind's index
 * in LOAD_KINDS, the server's index, the status (0: no answer), and the created asset's name (create)
 * or the network error (status 0), else ''.
 */
export type Outcome = [number, number, number, number, number, string];

export type MixedLoadMessage = 'started' | { outcomes: Outcome[] } | { done: true };

export interface DecodedOutcome {
  sentAt: number;
  answeredAt: number;
  kind: LoadKind;
  server: number;
  status: number;
  detail: string;
}

export const decodeOutcome = ([
  sentAt,
  answeredAt,
  kind,
  server,
  status,
  detail,
]: Outcome): DecodedOutcome => ({
  sentAt,
  answeredAt,
  kind: LOAD_KINDS[kind]!,
  server,
  status,
  detail,
});

const WORKER = fileURLToPath(new URL('./mixed-load-worker.ts', import.meta.url));

export interface MixedLoad {
  child: ChildProcess;
  /** The outcomes reported so far. */
  outcomes(): DecodedOutcome[];
  /** Starts no more requests, waits for those under way; every outcome. */
  stop(): Promise<DecodedOutcome[]>;
}

/** Starts the load process; resolves once it sends. */
export async function startMixedLoad(settings: MixedLoadSettings): Promise<MixedLoad> {
  const child = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const outcomes: DecodedOutcome[] = [];
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  child.on('message', (message: MixedLoadMessage) => {
    if (message === 'started') return;
    if ('outcomes' in message) for (const outcome of message.outcomes) outcomes.push(decodeOutcome(outcome));
    else done();
  });
  child.once('exit', () => done());
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the load process exited (${code})`)));
    child.send(settings);
  });
  return {
    child,
    outcomes: () => outcomes,
    stop: async () => {
      if (child.connected) child.send('stop');
      await finished;
      return outcomes;
    },
  };
}
