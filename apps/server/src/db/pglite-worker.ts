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
import { renameStatements } from './pglite-statement-names.ts';
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
/** Work for the database: a connection's unit of messages, a connection's end, or closing. */
type Task = { kind: 'unit'; id: number; unit: Buffer } | { kind: 'end'; id: number } | { kind: 'close' };

/**
 * Tasks waiting, in arrival order. PGlite is one session: they run one after another, whichever
 * connection sent them, so the next is ready the moment one ends, never waiting for a round trip to
 * the main thread (ADR 078). While a transaction is open, only its connection's tasks run.
 */
const waiting: Task[] = [];
/** The connection whose transaction is open, if any: rolled back if it goes away. */
let owner: number | undefined;
let running = false;
/** The session-wide names of each connection's prepared statements (pglite-statement-names.ts). */
const statementNames = new Map<number, Set<string>>();

/** The next task that may run: the open transaction's connection's first, else the first of all. */
function takeNext(): Task | undefined {
  const index =
    owner === undefined ? 0 : waiting.findIndex((task) => task.kind !== 'close' && task.id === owner);
  return index < 0 ? undefined : waiting.splice(index, 1)[0];
}

/** Runs waiting tasks while one may run; a failure is not an SQL error (those are answers) but a broken database: this thread ends. */
function runWaiting(db: PGlite): void {
  if (running) return;
  const task = takeNext();
  if (!task) return;
  running = true;
  perform(db, task).then(
    () => {
      running = false;
      runWaiting(db);
    },
    (error: unknown) => {
      post({ type: 'failed', message: String((error as Error)?.message ?? error) });
      process.exit(1);
    },
  );
}

async function perform(db: PGlite, task: Task): Promise<void> {
  if (task.kind === 'unit') return execute(db, task.id, task.unit);
  if (task.kind === 'end') return endConnection(db, task.id);
  try {
    await db.close();
  } finally {
    post({ type: 'closed' });
    port.close();
  }
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
  const names = statementNames.get(id) ?? new Set<string>();
  statementNames.set(id, names);
  const messages = unit[0] === 0 ? unit : renameStatements(id, unit, names);
  const answer = new Answer(id);
  try {
    await db.execProtocolRawStream(new Uint8Array(messages), { onRawData: (data) => answer.add(data) });
  } finally {
    answer.send();
  }
  owner = db.isInTransaction() ? id : undefined;
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
  if (owner === id) {
    if (db.isInTransaction()) await db.exec('rollback');
    owner = undefined;
  }
  for (const name of statementNames.get(id) ?? []) {
    // A name only ever bound, or whose Parse failed, was never prepared: nothing to drop.
    await db.exec(`deallocate "${name.replaceAll('"', '""')}"`).catch(() => {});
  }
  statementNames.delete(id);
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
    if (message.type === 'data') {
      for (const unit of takeUnits(message.id, Buffer.from(message.bytes)))
        waiting.push({ kind: 'unit', id: message.id, unit });
    } else if (message.type === 'end') waiting.push({ kind: 'end', id: message.id });
    else waiting.push({ kind: 'close' });
    runWaiting(db);
  });
  post({ type: 'ready' });
}

void main();
