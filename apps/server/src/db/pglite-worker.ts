/**
 * The embedded database's own thread (ADR 036): it owns the PGlite instance and answers the PostgreSQL
 * wire protocol that the main thread's node-postgres pool sends over this worker's port
 * (see pglite-thread.ts), so a slow query runs here and never blocks the server's event loop.
 */
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FromWorker, ToWorker, WorkerOptions } from './pglite-thread.ts';

const port = parentPort!;
const post = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

/**
 * PGlite's settings where PostgreSQL's defaults are far too big for one embedded backend (ADR 033):
 * initdb writes shared_buffers = 128MB, and PGlite zero-fills its whole shared memory when it opens, so
 * those 128 MB were resident from the start, idle or not. 16 MB holds a small organization's working
 * set; pages beyond it come from the data files through the operating system's cache.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * V8 optimizes a WebAssembly function once it has run about this much (its default is 13 million).
 * Opening the database runs enough of PostgreSQL to optimize hundreds of functions at the default,
 * most of them never run again, and their compilations left ~45 MB resident in an idle server
 * (ADR 033). Under load the hot functions still reach it within seconds; after sustained load the
 * process's memory is the same either way. V8's flags are process-wide; PGlite is the only
 * WebAssembly the server runs, and it is compiled after this line.
 */
setFlagsFromString('--wasm-tiering-budget=1000000000');

const STARTUP_PROTOCOL = 196608; // 3.0
const SSL_REQUEST = 80877103;
const TERMINATE = 0x58; // 'X'

/** Bytes received on a connection and not yet a whole message. */
const pending = new Map<number, Buffer>();
/** Messages run one after another, whichever connection sent them: PGlite is one session. */
let queue: Promise<void> = Promise.resolve();
/** The connection whose transaction is open, if any: rolled back if it goes away. */
let lastConnection: number | undefined;

/** Queues a task; a failure is not an SQL error (those are answers) but a broken database: this thread ends. */
function run(task: () => Promise<void>): void {
  queue = queue.then(task).catch((error: unknown) => {
    post({ type: 'failed', message: String((error as Error)?.message ?? error) });
    process.exit(1);
  });
}

/**
 * Splits the connection's complete messages off its buffer, in the units PGlite runs: the startup (or
 * TLS) request alone (it has no type byte), a Terminate alone, and the typed messages between them
 * together, as a server reads them from its socket (PGlite runs a batch through and answers it once).
 */
function takeUnits(id: number, bytes: Buffer): Buffer[] {
  let buffer = pending.has(id) ? Buffer.concat([pending.get(id)!, bytes]) : bytes;
  const units: Buffer[] = [];
  let batch = 0; // length of the typed messages gathered at the start of `buffer`
  const flush = () => {
    if (batch > 0) units.push(buffer.subarray(0, batch));
    buffer = buffer.subarray(batch);
    batch = 0;
  };
  for (;;) {
    const rest = buffer.subarray(batch);
    if (rest.length < 5) break;
    const second = rest.length >= 8 ? rest.readInt32BE(4) : -1;
    const untyped = rest[0] === 0 && (second === STARTUP_PROTOCOL || second === SSL_REQUEST);
    const length = untyped ? rest.readInt32BE(0) : 1 + rest.readInt32BE(1);
    if (rest.length < length) break;
    if (untyped || rest[0] === TERMINATE) {
      flush();
      units.push(buffer.subarray(0, length));
      buffer = buffer.subarray(length);
    } else batch += length;
  }
  flush();
  if (buffer.length > 0) pending.set(id, Buffer.from(buffer));
  else pending.delete(id);
  return units;
}

async function execute(db: PGlite, id: number, unit: Buffer): Promise<void> {
  if (unit[0] === 0 && unit.readInt32BE(4) === SSL_REQUEST) {
    post({ type: 'data', id, bytes: new Uint8Array([0x4e]) }); // 'N': no TLS on a private channel
    return;
  }
  if (unit[0] === TERMINATE) {
    await endConnection(db, id);
    return;
  }
  const answer = new Answer(id);
  try {
    await db.execProtocolRawStream(new Uint8Array(unit), { onRawData: (data) => answer.add(data) });
  } finally {
    answer.send();
  }
  lastConnection = id;
}

/** An answer goes to the main thread once this big, and at its end. */
const ANSWER_CHUNK_BYTES = 64 * 1024;

/**
 * What PGlite writes for one unit, gathered into few messages: it writes each protocol message on its
 * own (a row description, every row, the command's end), and each message to the main thread costs
 * more than copying the bytes.
 */
class Answer {
  private readonly id: number;
  private parts: Uint8Array[] = [];
  private size = 0;

  constructor(id: number) {
    this.id = id;
  }

  add(data: Uint8Array): void {
    this.parts.push(data.slice());
    this.size += data.length;
    if (this.size >= ANSWER_CHUNK_BYTES) this.send();
  }

  send(): void {
    if (this.size === 0) return;
    const bytes =
      this.parts.length === 1 ? this.parts[0]! : new Uint8Array(Buffer.concat(this.parts, this.size));
    post({ type: 'data', id: this.id, bytes }, [bytes.buffer as ArrayBuffer]);
    this.parts = [];
    this.size = 0;
  }
}

/**
 * A connection went away: a transaction it left open must not hold the next one, and its named
 * prepared statements go with it, as a server's session would (node-postgres drops a connection
 * whose query failed outside a transaction; the next one prepares the same names again).
 */
async function endConnection(db: PGlite, id: number): Promise<void> {
  pending.delete(id);
  if (lastConnection === id && db.isInTransaction()) await db.exec('rollback');
  if (lastConnection === id) lastConnection = undefined;
  if (!db.isInTransaction()) await db.exec('deallocate all');
}

async function main(): Promise<void> {
  const { dataDir } = workerData as WorkerOptions;
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir, {
      extensions: { pg_trgm, btree_gin },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
  } catch (error) {
    post({ type: 'failed', message: String((error as Error)?.message ?? error) });
    return;
  }
  port.on('message', (message: ToWorker) => {
    switch (message.type) {
      case 'data': {
        for (const unit of takeUnits(message.id, Buffer.from(message.bytes)))
          run(() => execute(db, message.id, unit));
        break;
      }
      case 'end':
        run(() => endConnection(db, message.id));
        break;
      case 'close':
        run(async () => {
          try {
            await db.close();
          } finally {
            post({ type: 'closed' });
            port.close();
          }
        });
        break;
    }
  });
  post({ type: 'ready' });
}

void main();
