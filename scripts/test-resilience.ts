// Runs the resilience tests: outages under load with server processes (ADR 132, 139, 140). Each test
// starts what it needs itself and nothing uses the machine's own services: the failover test a
// pg_auto_failover cluster from Debian's postgresql-15-auto-failover; the outages and the soak a
// PostgreSQL (initdb), a redis-server, S3 (s3rver), a mail server and a webhook receiver of their own;
// the full disk a tmpfs the test mounts (root). Outside CI a test whose tools are missing is skipped,
// with the reason; CI must run them all. The servers run from the built sources (npm start's
// main.js), so the server's part of the build is made first.
import { failoverClusterMissing } from '../apps/server/src/test/failover-cluster.ts';
import { testPostgresMissing } from '../apps/server/src/test/postgres-server.ts';
import { testRedisMissing } from '../apps/server/src/test/redis-server.ts';
import { smallDiskMissing } from '../apps/server/src/test/small-disk.ts';
import { isCi, run } from './run.ts';

const missing = [
  ['the PostgreSQL failover', failoverClusterMissing()],
  ['the outages and the soak', testPostgresMissing() ?? testRedisMissing()],
  ["the embedded database's full disk", smallDiskMissing()],
].filter((entry): entry is [string, string] => entry[1] !== undefined);
for (const [test, reason] of missing) {
  const message = `Resilience test skipped, ${test}: ${reason}.`;
  if (isCi()) {
    console.error(`${message} CI requires it.`);
    process.exit(1);
  }
  console.warn(message);
}

run(process.execPath, ['--disable-warning=ExperimentalWarning', 'apps/server/scripts/strip-types.js']);
run('vitest', [
  'run',
  '--root',
  'apps/server',
  '--config',
  'vitest.resilience.config.ts',
  ...process.argv.slice(2),
]);
