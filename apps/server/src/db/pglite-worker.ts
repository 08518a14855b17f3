/**
 * The embedded database's own thread (ADR 036): it owns the PGlite instance and runs what the main
 * thread sends it through PGlite's public API (ADR 099), so a slow query runs here and never blocks
 * the server's event loop. The main thread sends one thing at a time; they run in arrival order.
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

/**
 * A connection of the main thread's pool ended: as a server would at the end of a session, a
 * transaction it left open is rolled back and its prepared statements are dropped, so that the next
 * connection starts on a clean session.
 */
async function endSession(db: PGlite): Promise<void> {
  await db.exec('rollback');
  await db.exec('discard all');
}

async function perform(db: PGlite, message: ToWorker): Promise<void> {
  if (message.type === 'protocol') {
    // A copy: what PGlite answers may be a view of its own memory, which must not be transferred.
    const answer = new Uint8Array(await db.execProtocolRaw(message.bytes));
    post({ type: 'answer', id: message.id, bytes: answer }, [answer.buffer]);
  } else if (message.type === 'end-session') {
    await endSession(db);
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
  let previous = Promise.resolve();
  port.on('message', (message: ToWorker) => {
    previous = previous.then(() =>
      // A failure is not an SQL error (those are answers) but a broken database: this thread ends.
      perform(db, message).catch((error: unknown) => {
        post({ type: 'failed', message: String((error as Error)?.message ?? error) });
        process.exit(1);
      }),
    );
  });
  post({ type: 'ready' });
}

void main();
