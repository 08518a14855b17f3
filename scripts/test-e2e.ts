// Builds the app and runs the Playwright specs in Debian's Chromium against it.
import { existsSync } from 'node:fs';
import { isCi, run } from './run.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = [
    `Browser tests need Chromium at ${chromium}, and it is missing.`,
    'Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary).',
  ].join('\n');
  if (isCi()) {
    console.error(`${message}\nCI requires the browser tests: failing.`);
    process.exit(1);
  }
  console.warn(`${message}\nBrowser tests skipped.`);
  process.exit(0);
}

run('npm', ['run', 'build']);
run('playwright', ['test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
