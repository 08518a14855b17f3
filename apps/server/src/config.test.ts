import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_DOCS, ConfigError, DEFAULT_WEB_DIST_DIR, loadConfig, ZEnv } from './config.ts';

describe('loadConfig', () => {
  let dataDir: string;
  const secret = 'x'.repeat(32);
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-config-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error('expected a ConfigError');
  }

  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databaseReadUrl: undefined,
      databaseReadMaxLagSeconds: 5,
      databaseQueryTimeoutSeconds: 30,
      dataDir,
      pgliteDir: path.join(dataDir, 'db'),
      filesDir: path.join(dataDir, 'files'),
      publicBaseUrl: 'http://localhost:3000',
      jwtSecret: secret,
      tokenTtlHours: 8,
      storage: 'local',
      s3: undefined,
      maxUploadMb: 25,
      redisUrl: undefined,
      trustProxy: false,
      supportEmail: 'support@example.com',
      adminEmail: 'admin@example.com',
      adminPassword: undefined,
      demoMemberEmail: 'member@example.com',
      demoMemberPassword: undefined,
      logLevel: 'info',
      webDistDir: DEFAULT_WEB_DIST_DIR,
    });
    expect(DEFAULT_WEB_DIST_DIR).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('resolves DATA_DIR to an absolute path and follows PORT in the default public URL', () => {
    const c = loadConfig({
      DATA_DIR: path.relative(process.cwd(), dataDir),
      JWT_SECRET: secret,
      PORT: '8080',
    });
    expect(c.dataDir).toBe(dataDir);
    expect(c.publicBaseUrl).toBe('http://localhost:8080');
  });

  it('drops trailing slashes of PUBLIC_BASE_URL and lower-cases emails', () => {
    const c = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      PUBLIC_BASE_URL: 'https://mqr.example.com/',
      ADMIN_EMAIL: 'Boss@Example.COM',
    });
    expect(c.publicBaseUrl).toBe('https://mqr.example.com');
    expect(c.adminEmail).toBe('boss@example.com');
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      PORT: '',
      DATABASE_URL: '',
      ADMIN_PASSWORD: '',
    });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
  });

  it('parses booleans strictly', () => {
    const base = { DATA_DIR: dataDir, JWT_SECRET: secret, STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'r' };
    expect(loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...base, S3_FORCE_PATH_STYLE: '0' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
    expect(loadConfig({ ...base, S3_FORCE_PATH_STYLE: '1' }).s3?.forcePathStyle).toBe(true);
    expect(problemsOf({ ...base, S3_FORCE_PATH_STYLE: 'yes' })[0]).toMatch(/^S3_FORCE_PATH_STYLE:/);
  });

  it('parses TRUST_PROXY as boolean, hop count or address list', () => {
    const t = (v: string) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, TRUST_PROXY: v }).trustProxy;
    expect(t('true')).toBe(true);
    expect(t('false')).toBe(false);
    expect(t('2')).toBe(2);
    expect(t('10.0.0.1, 10.0.0.0/8,::1')).toEqual(['10.0.0.1', '10.0.0.0/8', '::1']);
    expect(problemsOf({ JWT_SECRET: secret, TRUST_PROXY: 'maybe' })[0]).toMatch(/^TRUST_PROXY:/);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      JWT_SECRET: 'short',
      STORAGE: 'ftp',
      SUPPORT_EMAIL: 'not-an-email',
      ADMIN_PASSWORD: '123',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
      MAX_UPLOAD_MB: '0',
    });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'ADMIN_PASSWORD',
        'DATABASE_URL',
        'JWT_SECRET',
        'LOG_LEVEL',
        'MAX_UPLOAD_MB',
        'PORT',
        'STORAGE',
        'SUPPORT_EMAIL',
      ].sort(),
    );
    try {
      loadConfig({ DATA_DIR: dataDir, PORT: 'abc', JWT_SECRET: 'short' });
    } catch (error) {
      expect((error as Error).message).toMatch(
        /^Invalid configuration:\n {2}- PORT: .+\n {2}- JWT_SECRET: .+32/,
      );
    }
  });

  it('requires bucket and region with STORAGE=s3', () => {
    expect(problemsOf({ JWT_SECRET: secret, STORAGE: 's3' })).toEqual([
      'S3_BUCKET: Required when STORAGE=s3.',
      'S3_REGION: Required when STORAGE=s3.',
    ]);
    const c = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      STORAGE: 's3',
      S3_BUCKET: 'files',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(c.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      region: 'eu-west-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it('turns email reminders on with SMTP_URL and its sender address, and refuses half of it', () => {
    const off = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret });
    expect(off).toMatchObject({ smtpUrl: undefined, smtpFrom: undefined });
    expect(problemsOf({ JWT_SECRET: secret, SMTP_URL: 'smtp://mail.example.com:587' })).toEqual([
      'SMTP_FROM: Required with SMTP_URL: the address the reminders are sent from.',
    ]);
    expect(problemsOf({ JWT_SECRET: secret, SMTP_URL: 'http://mail.example.com' })[0]).toMatch(
      /^SMTP_URL: Must be a URL starting with smtp:\/\/ or smtps:\/\//,
    );
    expect(
      problemsOf({ JWT_SECRET: secret, SMTP_URL: 'smtp://mail.example.com', SMTP_FROM: 'Maintenance' })[0],
    ).toMatch(/^SMTP_FROM: Must be an email address/);
    const on = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      SMTP_FROM: 'Maintenance@Example.com',
    });
    expect(on).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      smtpFrom: 'maintenance@example.com',
    });
  });

  it("takes the app role's DATABASE_APP_URL only with DATABASE_URL (row-level security, ADR 066)", () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).databaseAppUrl).toBeUndefined();
    const appUrl = 'postgres://mqr_app:secret@db.example.com/mqr';
    expect(problemsOf({ JWT_SECRET: secret, DATABASE_APP_URL: appUrl })).toEqual([
      'DATABASE_APP_URL: Requires DATABASE_URL (the owner of the tables, which migrates).',
    ]);
    expect(
      problemsOf({
        JWT_SECRET: secret,
        DATABASE_URL: 'postgres://db/mqr',
        DATABASE_APP_URL: 'mysql://db/mqr',
      })[0],
    ).toMatch(/^DATABASE_APP_URL: /);
    const both = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      DATABASE_URL: 'postgres://owner@db.example.com/mqr',
      DATABASE_APP_URL: appUrl,
    });
    expect(both).toMatchObject({
      databaseUrl: 'postgres://owner@db.example.com/mqr',
      databaseAppUrl: appUrl,
    });
  });

  it('takes a read replica (DATABASE_READ_URL, one standby or a list) only with DATABASE_URL (ADR 141)', () => {
    const replica = 'postgres://mqr_app@replica1:5432,replica2/mqr';
    expect(problemsOf({ JWT_SECRET: secret, DATABASE_READ_URL: replica })).toEqual([
      'DATABASE_READ_URL: Requires DATABASE_URL: a read replica is a PostgreSQL standby, and the embedded database has none.',
    ]);
    expect(
      problemsOf({
        JWT_SECRET: secret,
        DATABASE_URL: 'postgres://db/mqr',
        DATABASE_READ_URL: 'postgres://r1,r2/mqr?target_session_attrs=read-write',
      }),
    ).toEqual([
      'DATABASE_READ_URL: target_session_attrs=read-write is not supported here: leave it out or use standby (reads go to the primary by themselves when no standby answers).',
    ]);
    expect(
      problemsOf({
        JWT_SECRET: secret,
        DATABASE_URL: 'postgres://db/mqr',
        DATABASE_READ_URL: replica,
        DATABASE_READ_MAX_LAG_SECONDS: '0',
      })[0],
    ).toMatch(/^DATABASE_READ_MAX_LAG_SECONDS: /);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: secret,
        DATABASE_URL: 'postgres://owner@db/mqr',
        DATABASE_READ_URL: `${replica}?target_session_attrs=standby`,
        DATABASE_READ_MAX_LAG_SECONDS: '30',
        DATABASE_QUERY_TIMEOUT_SECONDS: '120',
      }),
    ).toMatchObject({
      databaseReadUrl: `${replica}?target_session_attrs=standby`,
      databaseReadMaxLagSeconds: 30,
      databaseQueryTimeoutSeconds: 120,
    });
  });

  it('ignores S3 settings with local storage', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, S3_BUCKET: 'b' }).s3).toBeUndefined();
  });

  it('generates a JWT secret once, keeps it in DATA_DIR/jwt-secret with mode 0600, and reuses it', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('requires JWT_SECRET in production with DATABASE_URL', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db:5432/mqr' })[0]).toMatch(
      /^JWT_SECRET: Required in production/,
    );
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://u@db/mqr',
        JWT_SECRET: secret,
      }).databaseUrl,
    ).toBe('postgres://u@db/mqr');
  });

  it('accepts http identity providers only when SSO_ALLOW_HTTP says so, and never in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).ssoAllowHttp).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, SSO_ALLOW_HTTP: 'true' }).ssoAllowHttp).toBe(
      true,
    );
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: secret, SSO_ALLOW_HTTP: '1' })).toEqual([
      'SSO_ALLOW_HTTP: Never in production: sign-in answers would travel without TLS.',
    ]);
  });

  it('documents every variable in CONFIG_DOCS, once', () => {
    const documented = CONFIG_DOCS.map((d) => d.name);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(Object.keys(ZEnv.shape).sort());
    for (const doc of CONFIG_DOCS) {
      expect(doc.description.length).toBeGreaterThan(5);
      expect(doc.default.length).toBeGreaterThan(0);
    }
  });
});
