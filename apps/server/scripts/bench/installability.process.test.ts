import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from './build-web.ts';
import { checkInstallable } from './installability.ts';
import { type RunningProcess, startServer } from './processes.ts';

// Lighthouse (in Debian's Chromium) finds the app installable: manifest, icons, service worker.
describe('the app of a fresh build, served as `npm start` serves it', () => {
  let dir: string;
  let server: RunningProcess;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mqr-installable-'));
    await buildWeb(path.join(dir, 'dist'));
    server = await startServer({
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST_DIR: path.join(dir, 'dist'),
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_PASSWORD: 'installable-admin',
      DEMO_MEMBER_PASSWORD: 'installable-member',
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('is installable in Chromium, as Lighthouse checks it', async () => {
    expect(await checkInstallable(`${server.url}/login`)).toEqual({ installable: true, errors: [] });
  }, 120_000);

  it('says why a page is not installable (the API docs have no manifest)', async () => {
    expect(await checkInstallable(`${server.url}/api/docs`)).toEqual({
      installable: false,
      errors: ['no-manifest'],
    });
  }, 120_000);
});
