import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const inCi = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Whether the promtool checks run: when Prometheus's promtool is installed, and always in CI (where
 * `.ci/run` installs it, so a missing one is a failure rather than a skip).
 */
export async function shouldRunPromtool(): Promise<boolean> {
  if (inCi) return true;
  try {
    await run('promtool', ['--version']);
    return true;
  } catch {
    console.warn('promtool checks skipped: promtool is not installed (apt-get install -y prometheus).');
    return false;
  }
}

/** What `promtool check metrics` says of a scrape: its exit code and its complaints. */
export function promtoolCheckMetrics(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}
