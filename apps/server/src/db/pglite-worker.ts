/**
 * The embedded database's own thread (ADR 036): it owns the PGlite instance and runs what the main
 * thread sends it through PGlite's public API (ADR 099), so a slow query runs here and never blocks
 * the server's event loop. Units of the main thread's connections wait here, so the next runs as soon
 * as one ends.
 */
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

/** Work for the database, in arrival order. */
const waiting: ToWorker[] = [];
/** The connection whose transaction is open, if any: only its units run until it ends. */
let owner: number | undefined;
let running = false;

/**
 * The next message that may run: while a transaction is open, its connection's first; else the
 * first of all. PGlite is one session shared by the main thread's connections (ADR 099): a unit
 * another connection sent meanwhile runs after the transaction, never inside it.
 */
function takeNext(): ToWorker | undefined {
  const index =
    owner === undefined ? 0 : waiting.findIndex((m) => m.type !== 'close' && m.connection === owner);
  return index < 0 ? undefined : waiting.splice(index, 1)[0];
}

/**
 * PGlite's answer to a unit, as the bytes it wrote. Read with `execProtocolRawStream`, not
 * `execProtocolRaw`: the latter also parses every message it answers into objects and appends them to
 * a list of results that only `execProtocol` empties, so in a thread that runs raw units alone that
 * list grew with every row ever answered (the worker's heap, never collected) and each unit paid for
 * parsing rows nobody read (ADR 108). The chunks are views of PGlite's memory: copied before the next.
 */
async function answerOf(db: PGlite, unit: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let length = 0;
  await db.execProtocolRawStream(unit, {
    onRawData: (chunk) => {
      chunks.push(chunk.slice());
      length += chunk.length;
    },
  });
  if (chunks.length === 1) return chunks[0]!;
  const answer = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    answer.set(chunk, offset);
    offset += chunk.length;
  }
  return answer;
}

async function perform(db: PGlite, message: ToWorker): Promise<void> {
  if (message.type === 'protocol') {
    const answer = await answerOf(db, message.bytes);
    // PGlite's own answer (its backend's state), whether the unit began, continued or ended one.
    owner = db.isInTransaction() ? message.connection : undefined;
    post({ type: 'answer', id: message.id, bytes: answer }, [answer.buffer]);
  } else if (message.type === 'end') {
    // A connection the pool dropped: a transaction it left open must not hold the others.
    if (owner === message.connection) {
      await db.exec('rollback');
      owner = undefined;
    }
    post({ type: 'answer', id: message.id, bytes: new Uint8Array() });
  } else {
    try {
      await db.close();
    } finally {
      post({ type: 'closed' });
      port.close();
    }
  }
}

/** Runs waiting work while some may run; a failure is not an SQL error (those are answers) but a broken database: this thread ends. */
function runWaiting(db: PGlite): void {
  if (running) return;
  const message = takeNext();
  if (!message) return;
  running = true;
  perform(db, message).then(
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
    waiting.push(message);
    runWaiting(db);
  });
  post({ type: 'ready' });
}

void main();
