import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import pg from 'pg';
import { HttpSession } from './http-session.ts';
import { startTestPostgres, type TestPostgres } from './postgres-server.ts';
import { startTestRedis, type TestRedis } from './redis-server.ts';
import { s3Environment, startS3Process, type TestS3 } from './s3rver.ts';
import { killServerProcesses, type ServerProcess, startServerProcess } from './server-process.ts';
import { asStarted as startSettings } from './start-command.ts';
import { appRoleUrl, createTestAppRole, withDatabaseName } from './test-database.ts';

/**
 * Two instances and everything they depend on, each started here and each of its own (the outages of
 * ADR 139 and 140, and the soak): a PostgreSQL server, a redis-server, S3 (s3rver, a process of its
 * own) and a mail server on free loopback ports, nothing of the machine's own; two `main.js`
 * processes with `npm start`'s
 * process settings, sharing them. The first start makes the demo organization; a member signs in and
 * makes assets and a stored file for the load to use.
 */
export interface OutageEnvironment {
  postgres: TestPostgres;
  /** The database the servers use, as its owner (checks of what is stored). */
  db: pg.Pool;
  redis: TestRedis;
  s3: TestS3;
  smtp: TestSmtp;
  servers: ServerProcess[];
  urls: string[];
  admin: { email: string; password: string; session: HttpSession };
  member: { email: string; password: string; session: HttpSession };
  organizationId: string;
  assets: { id: string; slug: string }[];
  /** The public URL (path) of a stored file. */
  files: string[];
  /** Stops everything and removes its folders. */
  close(): Promise<void>;
}

export interface OutageEnvironmentOptions {
  /** Extra settings of both servers. */
  env?: Record<string, string>;
  /** Assets made for the load (default 20). */
  assets?: number;
}

const DATABASE = 'mqr';

export async function startOutageEnvironment(
  options: OutageEnvironmentOptions = {},
): Promise<OutageEnvironment> {
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    killServerProcesses();
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
  try {
    const postgres = await startTestPostgres();
    closers.push(() => postgres.stop());
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      await admin.query(`create database ${DATABASE}`);
      await createTestAppRole(admin);
    } finally {
      await admin.end();
    }
    const databaseUrl = withDatabaseName(postgres.url, DATABASE);
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    closers.push(() => db.end());
    const redis = await startTestRedis();
    closers.push(() => redis.close());
    const s3 = await startS3Process('outages');
    closers.push(() => s3.close());
    const smtp = await startTestSmtp();
    closers.push(() => smtp.close());

    const suffix = randomBytes(4).toString('hex');
    const people = {
      admin: { email: `admin-${suffix}@example.com`, password: `admin-password-${suffix}` },
      member: { email: `member-${suffix}@example.com`, password: `member-password-${suffix}` },
    };
    const shared: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      // As production is advised to run: queries as a role that owns nothing (ADR 066).
      DATABASE_APP_URL: appRoleUrl(databaseUrl),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ...s3Environment(s3.s3),
      REDIS_URL: redis.url,
      RATE_LIMIT_INSTANCES: '2',
      // As behind a load balancer: the client's address comes from X-Forwarded-For.
      TRUST_PROXY: 'true',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'reminders@example.com',
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      ADMIN_EMAIL: people.admin.email,
      ADMIN_PASSWORD: people.admin.password,
      DEMO_MEMBER_EMAIL: people.member.email,
      DEMO_MEMBER_PASSWORD: people.member.password,
      ...options.env,
    };
    const dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'mqr-outage-'))));
    closers.push(async () => {
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    });
    const asStarted = startSettings();
    // One after the other: the first migrates and makes the demo organization.
    const servers: ServerProcess[] = [];
    for (const dir of dataDirs)
      servers.push(await startServerProcess({ ...shared, DATA_DIR: dir }, { asStarted }));
    const urls = servers.map((s) => s.url);

    const adminSession = new HttpSession();
    await adminSession.signIn(urls[0]!, people.admin.email, people.admin.password);
    const memberSession = new HttpSession();
    await memberSession.signIn(urls[1]!, people.member.email, people.member.password);
    const assets: { id: string; slug: string; organizationId: string }[] = [];
    for (let i = 0; i < (options.assets ?? 20); i++) {
      assets.push(
        await memberSession.expect(201, urls[i % 2]!, 'POST', '/api/assets', {
          body: { name: `Pump ${i + 1}` },
        }),
      );
    }
    const organizationId = assets[0]!.organizationId;
    const presigned = await memberSession.expect(200, urls[0]!, 'POST', '/api/uploads/presign', {
      body: { fileName: 'nameplate.txt', contentType: 'text/plain' },
    });
    const put = await fetch(presigned.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'Pump 1, 4 kW, 2019',
    });
    if (put.status !== 200) throw new Error(`the file's upload answered ${put.status}`);
    const event = await memberSession.expect(201, urls[1]!, 'POST', `/api/assets/${assets[0]!.id}/events`, {
      body: { title: 'Nameplate', files: [{ objectKey: presigned.objectKey, fileName: 'nameplate.txt' }] },
    });
    return {
      postgres,
      db,
      redis,
      s3,
      smtp,
      servers,
      urls,
      admin: { ...people.admin, session: adminSession },
      member: { ...people.member, session: memberSession },
      organizationId,
      assets: assets.map(({ id, slug }) => ({ id, slug })),
      files: [new URL(event.files[0].publicUrl, urls[0]).pathname],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
