// Runs the server's API tests a second time, on a real PostgreSQL, when TEST_DATABASE_URL is set.
// CI must run them: there a missing TEST_DATABASE_URL is a failure, not a skip.
import { isCi, run } from './run.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  const message =
    'API tests on PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).';
  if (isCi()) {
    console.error(`${message} CI requires them.`);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

console.log(`API tests on PostgreSQL (${new URL(url).host})`);
run('vitest', ['run', '--project', 'server'], { ...process.env, TEST_DATABASE_URL: url });
