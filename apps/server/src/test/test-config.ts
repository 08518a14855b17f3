import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type AppConfig, loadConfig } from '../config.ts';

/**
 * A test configuration: random JWT secret, temporary DATA_DIR, no web build, quiet logs. Also what
 * `npm run api:client` builds the app with, so its OpenAPI document is the one the tests compare.
 */
export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_BASE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
  });
  return { ...base, ...overrides };
}
