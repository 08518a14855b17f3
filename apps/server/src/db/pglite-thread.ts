import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/** What pglite-worker.ts is started with. */
export interface WorkerOptions {
  /** Folder of the database; absent = in memory. */
  dataDir: string | undefined;
}

/** Main thread -> worker: bytes a connection wrote, its end, or closing the database. */
export type ToWorker =
  | { type: 'data'; id: number; bytes: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'close' };

/** Worker -> main thread. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'data'; id: number; bytes: Uint8Array }
  | { type: 'closed' };

/** Connections of the pool to the thread: statements of this many requests wait in the thread at once. */
export const PGLITE_CONNECTIONS = 4;

/** How long closing may take before the thread is stopped anyway. */
const CLOSE_TIMEOUT_MS = 15_000;

function connectionError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * PGlite on a thread of its own (ADR 036), reached like a PostgreSQL server: `connect()` makes a
 * socket-like stream for node-postgres (its `stream` option) that carries the wire protocol to the worker.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly connections = new Map<number, WorkerConnection>();
  private nextId = 1;
  private dead: Error | undefined;
  private closing: Promise<void> | undefined;
  private onClosed: (() => void) | undefined;
  /** Connections that keep the process alive (pg unrefs an idle one when the pool allows exit on idle). */
  private referenced = 0;

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
      if (message.type === 'data') this.connections.get(message.id)?.receive(message.bytes);
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

  /** The thread is gone: every connection ends with an error that says the database is unavailable. */
  private fail(cause: Error): void {
    if (this.dead) return;
    this.dead = Object.assign(connectionError(`Connection terminated: ${cause.message}`, 'ECONNRESET'), {
      cause,
    });
    for (const connection of [...this.connections.values()]) connection.destroy(this.dead);
  }

  /** A new connection for node-postgres (see its `stream` option). */
  connect(): Duplex {
    const id = this.nextId++;
    const connection = new WorkerConnection(this, id);
    if (!this.dead && !this.closing) this.connections.set(id, connection);
    return connection;
  }

  /**
   * A node-postgres pool over this thread. PGlite is one session, which the thread shares between the
   * pool's connections (ADR 078): their statements wait in the thread, in arrival order, so it runs
   * the next as soon as one ends; a transaction has the session to itself until it ends. Requests
   * beyond the connections wait their turn for one (no wait limit, as in the process).
   */
  pool(): pg.Pool {
    return new pg.Pool({
      max: PGLITE_CONNECTIONS,
      user: 'postgres',
      database: 'postgres',
      stream: () => this.connect(),
      connectionTimeoutMillis: 0,
      idleTimeoutMillis: 0,
      // The thread keeps the process alive only while a query runs, as PGlite in the process did.
      allowExitOnIdle: true,
    });
  }

  /** Stops the thread at once, as a crash would (tests). */
  async kill(): Promise<void> {
    await this.worker.terminate();
  }

  /** @internal */
  opened(connection: WorkerConnection): Error | undefined {
    if (this.dead)
      return connectionError('connect ECONNREFUSED: the embedded database is not running', 'ECONNREFUSED');
    if (this.closing || !this.connections.has(connection.id))
      return connectionError('connect ECONNREFUSED: the embedded database is closing', 'ECONNREFUSED');
    return undefined;
  }

  /** @internal */
  send(message: ToWorker, transfer?: ArrayBuffer[]): void {
    if (!this.dead) this.worker.postMessage(message, transfer);
  }

  /** @internal */
  forget(connection: WorkerConnection): void {
    if (this.connections.delete(connection.id)) this.send({ type: 'end', id: connection.id });
  }

  /** @internal */
  reference(delta: number): void {
    this.referenced += delta;
    this.updateRef();
  }

  private updateRef(): void {
    if (this.referenced > 0 || this.closing) this.worker.ref();
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
        this.send({ type: 'close' });
        const timer = setTimeout(() => this.onClosed?.(), CLOSE_TIMEOUT_MS);
        await closed;
        clearTimeout(timer);
      }
      for (const connection of [...this.connections.values()])
        connection.destroy(
          connectionError('Connection terminated: the embedded database closed', 'ECONNRESET'),
        );
      await this.worker.terminate();
    })();
    return this.closing;
  }
}

/** One node-postgres connection to the worker: the few socket methods pg calls, over the worker's port. */
class WorkerConnection extends Duplex {
  private readonly thread: PgliteThread;
  readonly id: number;
  private referenced = true;

  constructor(thread: PgliteThread, id: number) {
    super();
    this.thread = thread;
    this.id = id;
    thread.reference(1);
  }

  connect(): this {
    process.nextTick(() => {
      const error = this.thread.opened(this);
      if (error) this.destroy(error);
      else this.emit('connect');
    });
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    if (!this.referenced && !this.destroyed) {
      this.referenced = true;
      this.thread.reference(1);
    }
    return this;
  }

  unref(): this {
    if (this.referenced) {
      this.referenced = false;
      this.thread.reference(-1);
    }
    return this;
  }

  receive(bytes: Uint8Array): void {
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  override _read(): void {}

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this._writev([{ chunk, encoding }], callback);
  }

  // pg corks the stream around a query's messages (parse, bind, describe, execute, sync): sent as one
  // message, the worker runs them as one unit and answers once, where it ran and answered each.
  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ): void {
    const bytes = new Uint8Array(Buffer.concat(chunks.map(({ chunk }) => chunk)));
    this.thread.send({ type: 'data', id: this.id, bytes }, [bytes.buffer]);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.thread.forget(this);
    this.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.thread.forget(this);
    this.unref();
    callback(error);
  }
}
