import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_ADMIN, E2E_MEMBER, E2E_PORT } from './support/environment.ts';

// A fresh database for every run: the server migrates it and creates the demo organization on start.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'mqr-e2e-'));
const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: false },
      grep: /@phone/,
    },
  ],
  webServer: {
    command: 'node apps/server/main.js',
    cwd: repoRoot,
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_BASE_URL: `http://127.0.0.1:${E2E_PORT}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEMO_MEMBER_EMAIL: E2E_MEMBER.email,
      DEMO_MEMBER_PASSWORD: E2E_MEMBER.password,
      SUPPORT_EMAIL: 'help@e2e.example.com',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Specs of planned maintenance move the server's clock (PUT /api/test/clock) and put it back.
      TEST_CLOCK: 'true',
      // The single sign-on spec starts an OpenID provider on this machine, without TLS.
      SSO_ALLOW_HTTP: 'true',
      // The webhooks spec starts its receiver on this machine, over http, and wants retries quick; the
      // single sign-on spec's provider is on this machine too (the private-address guard, ADR 082).
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOKS_FIRST_RETRY_SECONDS: '1',
    },
  },
});
