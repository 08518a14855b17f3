import { Duplex } from 'node:stream';
import type { HeapInfo } from 'node:v8';
import { Worker } from 'node:worker_threads';
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
 * it starts the next as soon as one ends. They share PGlite's one session (ADR 104).
 */
export const PGLITE_CONNECTIONS = 4;

/** How long closing may take before the thread is stopped anyway. */
const CLOSE_TIMEOUT_MS = 15_000;

function connectionError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * PGlite on a thread of its own (ADR 036), reached with node-postgres as PostgreSQL is (ADR 104): each
 * connection's socket is a WorkerSocket, which carries what node-postgres writes to the worker's
 * `execProtocolRawStream` (PGlite's own API) and PGlite's answer back.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(bytes: Uint8Array): void; reject(e: Error): void }>();
  private nextId = 1;
  private nextConnection = 1;
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
      /** This connection's number in the thread: its units', and its named statements' suffix. */
      private readonly threadConnection: number;

      constructor(config: pg.ClientConfig = {}) {
        const connection = thread.newConnection();
        // PGlite's one user and database: its backend ends when the startup message names none.
        super({
          ...config,
          user: 'postgres',
          database: 'postgres',
          stream: () => new WorkerSocket(thread, connection),
        });
        this.threadConnection = connection;
      }

      /**
       * A named statement under a name of this connection's own. The connections share PGlite's one
       * session, where a statement one of them prepared exists for the others too, while
       * node-postgres keeps its record of prepared statements per connection and would prepare the
       * name again on another (refused). Suffixed with the connection's number, each connection
       * prepares its own, and the hot reads keep their generic plans as on PostgreSQL (ADR 104,
       * amended; ADR 038).
       */
      // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() has many overloads; arguments pass through.
      override query(...args: any[]): any {
        const [config] = args;
        if (
          config &&
          typeof config === 'object' &&
          typeof config.name === 'string' &&
          !('submit' in config)
        ) {
          args[0] = { ...config, name: `${config.name}.${this.threadConnection}` };
        }
        // biome-ignore lint/suspicious/noExplicitAny: as above.
        return (super.query as (...a: any[]) => any)(...args);
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
    return pool;
  }

  /** A number for a new connection, which names its units in the thread. */
  newConnection(): number {
    return this.nextConnection++;
  }

  /** The thread's JavaScript heap (V8's figures), apart from the main thread's and PGlite's WebAssembly memory. */
  heapStatistics(): Promise<HeapInfo> {
    return this.worker.getHeapStatistics();
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

/** A frontend message's type byte that ends a unit: Sync, Flush, a simple Query. */
const UNIT_ENDS = new Set(['S', 'H', 'Q'].map((c) => c.charCodeAt(0)));
const TERMINATE = 'X'.charCodeAt(0);

/**
 * The socket node-postgres speaks to for one connection (its `stream` option): what it writes goes to
 * the worker's `execProtocolRawStream` a unit at a time, and what PGlite answers is what the socket reads.
 * A unit is what a server would run before it answers: the startup message, a simple query, or an
 * extended query's messages (Parse, Bind, Describe, Execute, Close) with the Sync or Flush that ends
 * them. Run one message at a time, one after a failed one would not be skipped until the Sync, as
 * PostgreSQL skips it, and its error would answer the next query. The bytes are read only for their
 * framing (type and length) and go to PGlite as they are.
 */
class WorkerSocket extends Duplex {
  private readonly thread: PgliteThread;
  private readonly connection: number;
  /** Bytes written that do not yet make a whole unit. */
  private pending: Buffer = Buffer.alloc(0);
  private started = false;
  private ended = false;

  constructor(thread: PgliteThread, connection: number) {
    super();
    this.thread = thread;
    this.connection = connection;
  }

  // What node-postgres asks of a socket. Nothing to set on a thread, and whether the process may exit
  // is the thread's (it is referenced only while a query runs).
  connect(): this {
    queueMicrotask(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.ended) {
      done();
      return;
    }
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let unitEnd = 0;
    let offset = 0;
    let terminated = false;
    for (;;) {
      // The startup message has no type byte: its length comes first.
      const header = this.started ? 5 : 4;
      if (this.pending.length < offset + header) break;
      const length = this.started
        ? 1 + this.pending.readInt32BE(offset + 1)
        : this.pending.readInt32BE(offset);
      if (this.pending.length < offset + length) break;
      const type = this.started ? this.pending[offset]! : undefined;
      if (type === TERMINATE) {
        terminated = true;
        break;
      }
      offset += length;
      this.started = true;
      if (type === undefined || UNIT_ENDS.has(type)) unitEnd = offset;
    }
    if (unitEnd > 0) {
      // A copy of its own: its buffer is transferred to the worker.
      this.send(new Uint8Array(this.pending.subarray(0, unitEnd)));
      this.pending = this.pending.subarray(unitEnd);
    }
    if (terminated) this.finish();
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.finish();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.finish();
    done(error);
  }

  private send(unit: Uint8Array): void {
    // Answers of one connection come back in the order its units were sent.
    this.thread.call({ type: 'protocol', connection: this.connection, bytes: unit }).then(
      (answer) => {
        if (!this.ended) this.push(answer);
      },
      (error: Error) => this.destroy(error),
    );
  }

  /** The connection ends: nothing more is sent, and a transaction it left open is rolled back. */
  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.thread.call({ type: 'end', connection: this.connection }).catch(() => {});
    this.push(null);
  }
}
