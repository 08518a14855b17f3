import { Worker } from 'node:worker_threads';
import type { messages, PGlite } from '@electric-sql/pglite';
import { protocol } from '@electric-sql/pglite';
import { PglitePgConnection } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';

/** What pglite-worker.ts is started with. */
export interface WorkerOptions {
  /** Folder of the database; absent = in memory. */
  dataDir: string | undefined;
}

/** Main thread -> worker: a connection's unit of protocol messages, a connection's end, or closing. */
export type ToWorker =
  | { type: 'protocol'; id: number; connection: number; bytes: Uint8Array }
  | { type: 'end'; id: number; connection: number }
  | { type: 'close' };

/** Worker -> main thread. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'answer'; id: number; bytes: Uint8Array }
  | { type: 'closed' };

/**
 * Connections of the pool to the thread: units of this many requests wait in the thread at once, so
 * it starts the next as soon as one ends. They share PGlite's one session (ADR 099).
 */
export const PGLITE_CONNECTIONS = 4;

/** How long closing may take before the thread is stopped anyway. */
const CLOSE_TIMEOUT_MS = 15_000;

function connectionError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * PGlite on a thread of its own (ADR 036), reached with node-postgres through PGlite's own adapter
 * (`@electric-sql/pglite/node-postgres`, ADR 099): the adapter hands each protocol message to
 * `execProtocolStream`, which a `ThreadSession` carries to the worker's `execProtocolRaw`.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(bytes: Uint8Array): void; reject(e: Error): void }>();
  private nextId = 1;
  private nextConnection = 1;
  /**
   * The session's named prepared statements, as node-postgres tracks them per connection: shared by
   * every connection, since they share one session (a statement one prepared, another binds).
   */
  readonly statements = { parsed: {}, submitted: {} };
  private dead: Error | undefined;
  private closing: Promise<void> | undefined;
  private onClosed: (() => void) | undefined;

  private constructor(options: WorkerOptions) {
    this.worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: options });
  }

  /** Starts the worker and waits until its database is open (or throws why it is not). */
  static async start(options: WorkerOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(new Error(`The embedded database thread stopped (exit code ${code}).`));
      thread.worker.once('error', reject);
      thread.worker.once('exit', onExit);
      thread.worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          thread.worker.off('error', reject);
          thread.worker.off('exit', onExit);
          resolve();
        } else if (message.type === 'failed') reject(new Error(message.message));
      });
    }).catch(async (error: unknown) => {
      await thread.worker.terminate();
      throw error;
    });
    thread.listen();
    return thread;
  }

  private listen(): void {
    this.worker.on('message', (message: FromWorker) => {
      if (message.type === 'answer') this.answered(message.id, message.bytes);
      else if (message.type === 'failed') this.fail(new Error(message.message));
      else if (message.type === 'closed') this.onClosed?.();
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      this.fail(new Error(`The embedded database thread stopped (exit code ${code}).`));
      this.onClosed?.();
    });
    this.updateRef();
  }

  private answered(id: number, bytes: Uint8Array): void {
    const call = this.waiting.get(id);
    this.waiting.delete(id);
    // The thread is referenced while calls are under way: changed only when that changes.
    if (this.waiting.size === 0) this.updateRef();
    call?.resolve(bytes);
  }

  /** The thread is gone: calls under way end with an error that says the database is unavailable. */
  private fail(cause: Error): void {
    if (this.dead) return;
    this.dead = Object.assign(connectionError(`Connection terminated: ${cause.message}`, 'ECONNRESET'), {
      cause,
    });
    for (const call of this.waiting.values()) call.reject(this.dead);
    this.waiting.clear();
    this.updateRef();
  }

  /** Sends a message to the worker and waits for its answer. */
  call(
    message:
      | { type: 'protocol'; connection: number; bytes: Uint8Array }
      | { type: 'end'; connection: number },
  ): Promise<Uint8Array> {
    if (this.dead || this.closing) {
      const state = this.dead ? 'is not running' : 'is closing';
      return Promise.reject(
        connectionError(`connect ECONNREFUSED: the embedded database ${state}`, 'ECONNREFUSED'),
      );
    }
    const id = this.nextId++;
    const answer = new Promise<Uint8Array>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    if (message.type === 'protocol') {
      this.worker.postMessage({ ...message, id } satisfies ToWorker, [message.bytes.buffer as ArrayBuffer]);
    } else this.worker.postMessage({ ...message, id } satisfies ToWorker);
    if (this.waiting.size === 1) this.updateRef();
    return answer;
  }

  /**
   * A node-postgres pool over this thread. PGlite is one session, which the pool's connections share:
   * their units wait in the thread, in arrival order; a transaction has the session to itself until it
   * ends, the others' units waiting meanwhile. Requests beyond the connections wait their turn for one
   * (no wait limit, as in the process). A connection the pool drops has a transaction it left open
   * rolled back.
   */
  pool(): pg.Pool {
    const thread = this;
    class ThreadClient extends pg.Client {
      readonly session: ThreadSession;
      constructor(config: pg.ClientConfig = {}, session = new ThreadSession(thread, thread.newConnection())) {
        // PGlite's adapter stands for the client's socket (its `connection`): one per client.
        super({ ...config, connection: new ThreadConnection(session, thread.statements) } as pg.ClientConfig);
        this.session = session;
      }
    }
    const pool = new pg.Pool({
      max: PGLITE_CONNECTIONS,
      Client: ThreadClient,
      connectionTimeoutMillis: 0,
      idleTimeoutMillis: 0,
      // The thread keeps the process alive only while a query runs, as PGlite in the process did.
      allowExitOnIdle: true,
    });
    pool.on('remove', (client) => (client as unknown as ThreadClient).session.end());
    return pool;
  }

  /** A number for a new connection, which names its units in the thread. */
  newConnection(): number {
    return this.nextConnection++;
  }

  /** Stops the thread at once, as a crash would (tests). */
  async kill(): Promise<void> {
    await this.worker.terminate();
  }

  private updateRef(): void {
    if (this.waiting.size > 0 || this.closing) this.worker.ref();
    else this.worker.unref();
  }

  /** Closes the database (PGlite writes what it holds) and stops the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.updateRef();
      if (!this.dead) {
        const closed = new Promise<void>((resolve) => {
          this.onClosed = resolve;
        });
        this.worker.postMessage({ type: 'close' } satisfies ToWorker);
        const timer = setTimeout(() => this.onClosed?.(), CLOSE_TIMEOUT_MS);
        await closed;
        clearTimeout(timer);
      }
      this.fail(new Error('the embedded database closed'));
      await this.worker.terminate();
    })();
    return this.closing;
  }
}

/** What a message the adapter hands on does: wait for the rest of its query, or end it (send). */
type Step = 'hold' | 'send';

/**
 * PGlite's node-postgres connection over a ThreadSession. Each method that writes a message first
 * tells the session whether it ends a unit: an extended query's messages (Parse, Bind, Describe,
 * Execute, Close) go to PGlite together with the Sync or Flush that ends them, a simple query alone,
 * as a server reads them from its socket. Run one by one, a message after a failed one would not be
 * skipped until the Sync, as PostgreSQL skips it, and its error would answer the next query.
 */
class ThreadConnection extends PglitePgConnection {
  private readonly session: ThreadSession;

  constructor(session: ThreadSession, statements: PgliteThread['statements']) {
    super({ pglite: session as unknown as PGlite });
    this.session = session;
    this.parsedStatements = statements.parsed;
    this.submittedNamedStatements = statements.submitted;
  }

  /**
   * node-postgres passes a query's `types` (the type parsers drizzle gives it, an object) on to Parse,
   * where its own serializer reads only an array of parameter types and so sends none; PGlite's
   * serializer expects an array: it gets none either.
   */
  override parse(query: { types?: unknown }): void {
    this.session.plan('hold');
    super.parse(Array.isArray(query.types) ? query : { ...query, types: undefined });
  }

  override bind(config: unknown): void {
    this.session.plan('hold');
    super.bind(config);
  }

  override describe(message: unknown): void {
    this.session.plan('hold');
    super.describe(message);
  }

  override execute(config: unknown): void {
    this.session.plan('hold');
    super.execute(config);
  }

  override close(message: unknown): void {
    this.session.plan('hold');
    super.close(message);
  }

  override sync(): void {
    this.session.plan('send');
    super.sync();
  }

  override flush(): void {
    this.session.plan('send');
    super.flush();
  }

  override query(text: string): void {
    this.session.plan('send');
    super.query(text);
  }

  // COPY and password exchanges: the app uses none, and the session could not tell where they end.
  override sendCopyFromChunk(): void {
    throw new Error('COPY is not supported on the embedded database');
  }

  override endCopyFrom(): void {
    throw new Error('COPY is not supported on the embedded database');
  }

  override sendCopyFail(): void {
    throw new Error('COPY is not supported on the embedded database');
  }

  override sendSASLInitialResponseMessage(): void {
    throw new Error('The embedded database takes no password');
  }

  override sendSCRAMClientFinalMessage(): void {
    throw new Error('The embedded database takes no password');
  }
}

/**
 * One connection's session in the worker, for PGlite's node-postgres adapter: the two members of
 * PGlite's interface the adapter uses (`waitReady`, `execProtocolStream`). The adapter hands on one
 * message at a time, in the order its connection's methods were called, each call once the previous
 * one answered; the session keeps the messages of a unit (see ThreadConnection) and sends them to the
 * worker's `execProtocolRaw` together, as they are; the answer is read with PGlite's protocol parser.
 */
class ThreadSession {
  private readonly thread: PgliteThread;
  private readonly connection: number;
  private ended = false;
  /** The steps of the messages written and not yet handed on, in order. */
  private readonly steps: Step[] = [];
  private held: Uint8Array[] = [];
  readonly waitReady = Promise.resolve();

  constructor(thread: PgliteThread, connection: number) {
    this.thread = thread;
    this.connection = connection;
  }

  plan(step: Step): void {
    this.steps.push(step);
  }

  async execProtocolStream(message: Uint8Array): Promise<messages.BackendMessage[]> {
    if (this.ended) throw connectionError('Connection terminated: the connection ended', 'ECONNRESET');
    // A copy of its own (a Buffer's slice would share its pool): its buffer goes to the worker.
    this.held.push(new Uint8Array(message));
    if (this.steps.shift() === 'hold') return [];
    const unit = this.held.length === 1 ? this.held[0]! : new Uint8Array(Buffer.concat(this.held));
    this.held = [];
    const answer = await this.thread.call({ type: 'protocol', connection: this.connection, bytes: unit });
    const parsed: messages.BackendMessage[] = [];
    new protocol.Parser().parse(answer, (backendMessage) => parsed.push(backendMessage));
    return parsed;
  }

  /** The pool dropped the connection: it sends nothing more, and a transaction it left open is rolled back. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.thread.call({ type: 'end', connection: this.connection }).catch(() => {});
  }
}
