// The bare reference: node:http + pg, no framework, answering the statements the app runs for one asset
// detail request (the token's user, then the asset and its history), captured once from the app's own
// code so the two stay the same, and run as named prepared statements, as the app runs them. The benchmark
// reports the app's throughput as a ratio of this one's.
import { createServer } from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { getAsset } from '#server/modules/assets/service.ts';
import { getUserByIdForAuth } from '#server/modules/users/service.ts';

const { DATABASE_URL, BARE_ORGANIZATION_ID, BARE_ASSET_ID, BARE_USER_ID, PORT } = process.env;
if (!DATABASE_URL || !BARE_ORGANIZATION_ID || !BARE_ASSET_ID || !BARE_USER_ID) {
  throw new Error('DATABASE_URL, BARE_ORGANIZATION_ID, BARE_ASSET_ID and BARE_USER_ID are required.');
}

// The app's pool settings, so both sides have the same connections.
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
// The statements in rounds: those the app sends together (in one turn of the event loop) run together,
// and a round starts when the one before has answered, as the app's own dependencies require (the
// asset before its history, the history's page before that page's files).
const rounds: { text: string; values: unknown[] }[][] = [];
let roundOpen = false;
const recording = drizzle(pool, {
  schema,
  logger: {
    logQuery: (text, values) => {
      if (!roundOpen) {
        rounds.push([]);
        roundOpen = true;
        setImmediate(() => {
          roundOpen = false;
        });
      }
      rounds.at(-1)?.push({ text, values });
    },
  },
}) as unknown as Db;
await getUserByIdForAuth(recording, BARE_USER_ID);
await getAsset(recording, BARE_ORGANIZATION_ID, BARE_ASSET_ID, 'http://localhost', new Date());

const server = createServer(async (request, response) => {
  if (request.url === '/ready') return response.end('ok');
  try {
    // Named as the app names them (ADR 038): each connection plans a statement once.
    const rows: unknown[] = [];
    for (const [round, statements] of rounds.entries()) {
      const results = await Promise.all(
        statements.map((statement, index) => pool.query({ name: `bare_${round}_${index}`, ...statement })),
      );
      rows.push(...results.map((result) => result.rows));
    }
    const body = JSON.stringify(rows);
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(Number(PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
