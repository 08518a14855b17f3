// Runs the resilience tests: outages under load with two server processes (ADR 132). Each test starts
// what it needs itself (the failover test: a pg_auto_failover cluster from Debian's
// postgresql-15-auto-failover) and nothing uses the machine's own database. Outside CI it is skipped
// when pg_autoctl is missing; CI must run it. The servers run from the built sources (npm start's
// main.js), so the server's part of the build is made first.
import { failoverClusterMissing } from '../apps/server/src/test/failover-cluster.ts';
import { isCi, run } from './run.ts';

const missing = failoverClusterMissing();
if (missing) {
  const message = `Resilience tests skipped: ${missing}.`;
  if (isCi()) {
    console.error(`${message} CI requires them.`);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
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
