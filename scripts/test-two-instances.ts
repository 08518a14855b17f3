// Runs the test of two server processes on one PostgreSQL with S3 (s3rver, started by the test) and
// Redis (ADR 069). Outside CI it is skipped when PostgreSQL or Redis is missing; CI must run it.
import { isReachable as reachable } from '../apps/server/src/test/redis.ts';
import { isCi, run } from './run.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const missing: string[] = [];
if (!databaseUrl) missing.push('set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
else if (!(await reachable(databaseUrl, 5432))) missing.push(`no PostgreSQL at ${new URL(databaseUrl).host}`);
if (!(await reachable(redisUrl, 6379))) missing.push(`no Redis at ${redisUrl} (set TEST_REDIS_URL)`);
if (missing.length > 0) {
  const message = `Two-instance tests skipped: ${missing.join('; ')}.`;
  if (isCi()) {
    console.error(`${message} CI requires them.`);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

console.log(`Two server processes on PostgreSQL (${new URL(databaseUrl!).host}), S3 (s3rver) and Redis`);
run('vitest', ['run', '--root', 'apps/server', '--config', 'vitest.instances.config.ts'], {
  ...process.env,
  TEST_DATABASE_URL: databaseUrl,
  TEST_REDIS_URL: redisUrl,
});
