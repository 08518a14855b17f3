// Screenshots of the running app for a person to look at: every page in light and dark, desktop and phone.
// Usage: npm run screenshots -- --base http://127.0.0.1:3000 --email admin@example.com --password ... [--out .tmp/shots]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/environment.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string' },
    password: { type: 'string' },
    out: { type: 'string', default: '.tmp/shots' },
    pages: { type: 'string', default: '/,/login,/dashboard' },
  },
});

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const pages = values.pages.split(',');

async function signIn(page: Page) {
  if (!values.email || !values.password) return;
  await page.goto(`${values.base}/login`);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Password').fill(values.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const [device, viewport] of Object.entries(viewports)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      let signedIn = false;
      for (const route of pages) {
        const needsSignIn =
          route !== '/' && route !== '/login' && !route.startsWith('/a/') && !route.startsWith('/r/');
        if (needsSignIn && !signedIn) {
          await signIn(page);
          signedIn = true;
        }
        await page.goto(`${values.base}${route}`);
        await page.waitForLoadState('networkidle');
        const name = `${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${device}-${colorScheme}.png`;
        await page.screenshot({ path: path.join(values.out, name), fullPage: true });
        console.log(path.join(values.out, name));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
