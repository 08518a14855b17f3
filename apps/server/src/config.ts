import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseHostList } from './db/host-list.ts';

/** Where the built SPA lives when WEB_DIST_DIR is not set: apps/web/dist, next to this server. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings count as "not set", so `FOO=` in a .env file means the default. */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional());

/** Strict boolean: 'true'/'false'/'1'/'0' only (z.coerce.boolean would turn 'false' into true). */
const envBoolean = (defaultValue: boolean) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : String(v).trim().toLowerCase()),
    z
      .enum(['true', 'false', '1', '0'], { error: "Use 'true', 'false', '1' or '0'." })
      .optional()
      .transform((v) => (v === undefined ? defaultValue : v === 'true' || v === '1')),
  );

const envInt = (defaultValue: number, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce
      .number({ error: 'Must be a whole number.' })
      .int('Must be a whole number.')
      .min(min)
      .max(max)
      .default(defaultValue),
  );

const urlString = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `Must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}.`,
    );

/** A PostgreSQL connection string with one host or, in libpq's syntax, a list of them (ADR 132). */
const postgresUrl = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    try {
      parseHostList(v);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/** A read replica's connection string: one host or a list, the first standby of which is read from (ADR 141). */
const standbyUrl = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    try {
      parseHostList(v, 'standby');
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/** TRUST_PROXY: true/false, a number of hops, or a comma-separated list of addresses/CIDRs. */
const trustProxy = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : String(v).trim()),
  z
    .string()
    .optional()
    .transform((v, ctx): boolean | number | string[] => {
      if (v === undefined) return false;
      const lower = v.toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.length === 0 || list.some((s) => !/^[0-9a-fA-F.:/]+$/.test(s))) {
        ctx.addIssue({
          code: 'custom',
          message: 'Use true, false, a number of hops or a comma-separated list of IP addresses.',
        });
        return z.NEVER;
      }
      return list;
    }),
);

/** The environment variables, by their names. Every key must be documented in CONFIG_DOCS. */
export const ZEnv = z.object({
  NODE_ENV: optionalString,
  PORT: envInt(3000, 0, 65535),
  HOST: optionalString.default('0.0.0.0'),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), postgresUrl.optional()),
  DATABASE_APP_URL: z.preprocess((v) => (v === '' ? undefined : v), postgresUrl.optional()),
  DATABASE_READ_URL: z.preprocess((v) => (v === '' ? undefined : v), standbyUrl.optional()),
  DATABASE_READ_MAX_LAG_SECONDS: envInt(5, 1, 3600),
  DATABASE_QUERY_TIMEOUT_SECONDS: envInt(30, 1, 3600),
  DATA_DIR: optionalString.default('./data'),
  PUBLIC_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['http:', 'https:']).optional()),
  JWT_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'Must be at least 32 characters long.').optional(),
  ),
  TOKEN_TTL_HOURS: envInt(8, 1, 24 * 365),
  STORAGE: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : String(v).trim().toLowerCase()),
    z.enum(['local', 's3'], { error: "Use 'local' or 's3'." }).default('local'),
  ),
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), urlString(['http:', 'https:']).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: envBoolean(false),
  MAX_UPLOAD_MB: envInt(25, 1, 5120),
  PUBLIC_RATE_LIMIT_PER_MINUTE: envInt(1200, 1, 1_000_000),
  REPORT_CHALLENGE_COUNTER_MAX: envInt(6000, 10, 100_000),
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['redis:', 'rediss:']).optional()),
  RATE_LIMIT_INSTANCES: envInt(2, 1, 1000),
  TRUST_PROXY: trustProxy,
  SUPPORT_EMAIL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.email('Must be an email address.').default('support@example.com'),
  ),
  ADMIN_EMAIL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.email('Must be an email address.').default('admin@example.com'),
  ),
  ADMIN_PASSWORD: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(8, 'Must be at least 8 characters long.').optional(),
  ),
  DEMO_MEMBER_EMAIL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.email('Must be an email address.').default('member@example.com'),
  ),
  DEMO_MEMBER_PASSWORD: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(8, 'Must be at least 8 characters long.').optional(),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : String(v).trim().toLowerCase()),
    z.enum(LOG_LEVELS, { error: `Use one of ${LOG_LEVELS.join(', ')}.` }).default('info'),
  ),
  WEB_DIST_DIR: optionalString,
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .min(16, 'Must be at least 16 characters long.')
      .regex(/^[\x21-\x7e]+$/, 'Use visible ASCII characters only (it is sent in an HTTP header).')
      .optional(),
  ),
  TEST_CLOCK: envBoolean(false),
  SSO_ALLOW_HTTP: envBoolean(false),
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), urlString(['smtp:', 'smtps:']).optional()),
  SMTP_FROM: z.preprocess((v) => (v === '' ? undefined : v), z.email('Must be an email address.').optional()),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: envBoolean(false),
  WEBHOOKS_FIRST_RETRY_SECONDS: envInt(10, 1, 3600),
  JOBS_FIRST_RETRY_SECONDS: envInt(5, 1, 3600),
  HEAVY_WORK_AT_ONCE: envInt(3, 1, 64),
  HEAVY_WORK_PER_ORGANIZATION: envInt(2, 1, 64),
  DISK_FREE_MIN_MB: envInt(64, 0, 1_000_000),
});
export type TEnv = z.infer<typeof ZEnv>;

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  /** PostgreSQL connection string of the app's own role, under row-level security (ADR 066). */
  databaseAppUrl: string | undefined;
  /** A standby (or a list of them) the heavy reads may go to (ADR 141); undefined: every read on the primary. */
  databaseReadUrl: string | undefined;
  /** How far behind the primary the replica may be and still be read from, in seconds. */
  databaseReadMaxLagSeconds: number;
  /** How long one statement's answer is waited for on PostgreSQL before its connection is given up (ADR 147). */
  databaseQueryTimeoutSeconds: number;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** `DATA_DIR/db`. */
  pgliteDir: string;
  /** `DATA_DIR/files` (local storage driver). */
  filesDir: string;
  /** No trailing slash. */
  publicBaseUrl: string;
  jwtSecret: string;
  tokenTtlHours: number;
  storage: 'local' | 's3';
  /** Set when storage is 's3'. */
  s3: S3Config | undefined;
  maxUploadMb: number;
  /** Requests a minute one address may make to the public pages' data. */
  publicRateLimitPerMinute: number;
  /** The report form's proof of work: the highest secret counter a challenge hides (ADR 129). */
  reportChallengeCounterMax: number;
  redisUrl: string | undefined;
  /**
   * The instances sharing Redis: while it cannot be reached, each counts password guesses on its own
   * with the limits divided by this (ADR 139).
   */
  rateLimitInstances: number;
  trustProxy: boolean | number | string[];
  supportEmail: string;
  adminEmail: string;
  adminPassword: string | undefined;
  demoMemberEmail: string;
  demoMemberPassword: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Absolute path of the built SPA. */
  webDistDir: string;
  /** The bearer token Prometheus sends to GET /metrics; undefined: no metrics (404), prom-client not loaded. */
  metricsToken: string | undefined;
  /** End-to-end tests only: PUT /api/test/clock moves the server's clock (never in production). */
  testClock: boolean;
  /** Tests and trials only: single sign-on accepts http:// issuers (ADR 063). */
  ssoAllowHttp: boolean;
  /** The mail server of email reminders (ADR 060); undefined: reminders are off. */
  smtpUrl: string | undefined;
  /** The address reminders are sent from (set whenever smtpUrl is). */
  smtpFrom: string | undefined;
  /**
   * Webhooks may go to loopback, private and link-local addresses, and over http:// (ADR 064);
   * single sign-on providers may be at such addresses too (ADR 082).
   */
  webhooksAllowPrivateAddresses: boolean;
  /** A failed webhook delivery's first retry comes after this; each next one waits three times longer. */
  webhooksFirstRetrySeconds: number;
  /** A failed job's first retry (an email delivery's) comes after this; each next one waits twice as long (ADR 140). */
  jobsFirstRetrySeconds: number;
  /**
   * Below this much free space where DATA_DIR is (when it holds the embedded database or the files),
   * changes are refused with 507 before the disk fills (ADR 140); 0 turns the check off.
   */
  diskFreeMinMb: number;
  /** Label PDFs, CSV exports, import uploads and checks running at once on this instance (ADR 089). */
  heavyWorkAtOnce: number;
  /** Of those, running or waiting for one organization; past it a request gets 429. */
  heavyWorkPerOrganization: number;
}

export interface ConfigDoc {
  name: keyof TEnv;
  default: string;
  description: string;
}

/** One row per environment variable, for the README table (kept in sync by a test). */
export const CONFIG_DOCS: ConfigDoc[] = [
  {
    name: 'NODE_ENV',
    default: '(unset)',
    description: '`production` makes JWT_SECRET required with DATABASE_URL.',
  },
  { name: 'PORT', default: '3000', description: 'HTTP port.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Address to listen on.' },
  {
    name: 'DATABASE_URL',
    default: '(unset: embedded PGlite)',
    description:
      "PostgreSQL 15+ connection string. When unset, an embedded database is kept in `DATA_DIR/db`. May list a primary and its standbys in libpq's syntax, `postgres://user@host1:5432,host2:5432/db?target_session_attrs=read-write` (a list needs `target_session_attrs=read-write`): the server then follows the primary through a failover (docs/postgresql-failover.md).",
  },
  {
    name: 'DATABASE_APP_URL',
    default: '(unset)',
    description:
      'With DATABASE_URL: connection string of a role that does not own the tables. The server then queries as that role, under row-level security, and uses DATABASE_URL only to migrate and grant it access. Takes a list of hosts as DATABASE_URL does.',
  },
  {
    name: 'DATABASE_READ_URL',
    default: '(unset: every read on the primary)',
    description:
      "With DATABASE_URL: connection string of a streaming replica (a hot standby), or a list of them in libpq's syntax (the first that is a standby is read from). Public asset and location pages, CSV exports, analytics, the calendar and label sheets then read from it, except for a user or browser that wrote since the replica last caught up; when it is down, or further behind than DATABASE_READ_MAX_LAG_SECONDS, they read from the primary. Must name the same role as DATABASE_APP_URL when that is set (row-level security applies on the replica too). docs/postgresql-failover.md, Read replicas.",
  },
  {
    name: 'DATABASE_READ_MAX_LAG_SECONDS',
    default: '5',
    description:
      'How far behind the primary the read replica may be (1 to 3600 seconds) and still be read from. A page read from it may show data this old to someone who did not make the change.',
  },
  {
    name: 'DATABASE_QUERY_TIMEOUT_SECONDS',
    default: '30',
    description:
      'With DATABASE_URL: how long (1 to 3600 seconds) the server waits for the answer to one statement before it gives the connection up and answers 503. It bounds the wait when the database server is cut off or powered off without closing its connections; migrations have no such limit.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Embedded database (`db/`), local files (`files/`) and the generated JWT secret.',
  },
  {
    name: 'PUBLIC_BASE_URL',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shown literally in the README
    default: 'http://localhost:${PORT}',
    description: 'The address users reach the app at; QR codes point at it. No trailing slash.',
  },
  {
    name: 'JWT_SECRET',
    default: '(generated into DATA_DIR/jwt-secret)',
    description:
      'Secret that signs access tokens, at least 32 characters. Required in production with DATABASE_URL; all instances must share it.',
  },
  { name: 'TOKEN_TTL_HOURS', default: '8', description: 'Lifetime of an access token, in hours.' },
  { name: 'STORAGE', default: 'local', description: '`local` (files in DATA_DIR/files) or `s3`.' },
  { name: 'S3_ENDPOINT', default: '(AWS)', description: 'S3-compatible endpoint URL (MinIO, Ceph...).' },
  { name: 'S3_BUCKET', default: '(required for s3)', description: 'Bucket for uploaded files.' },
  { name: 'S3_REGION', default: '(required for s3)', description: 'Region of the bucket.' },
  { name: 'S3_ACCESS_KEY_ID', default: '(SDK default chain)', description: 'Access key id.' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(SDK default chain)', description: 'Secret access key.' },
  {
    name: 'S3_FORCE_PATH_STYLE',
    default: 'false',
    description: 'Path-style bucket URLs (MinIO usually needs true).',
  },
  { name: 'MAX_UPLOAD_MB', default: '25', description: 'Largest file accepted for an attachment, in MB.' },
  {
    name: 'PUBLIC_RATE_LIMIT_PER_MINUTE',
    default: '1200',
    description:
      'Requests a minute one address may make to the public asset pages, their QR codes and files (shared through Redis when set); past it, 429.',
  },
  {
    name: 'REPORT_CHALLENGE_COUNTER_MAX',
    default: '6000',
    description:
      "The report form's proof of work: the highest counter a challenge hides (a phone tries about half of it; the server checks one try whatever it is). Lowered only by the benchmark, which solves thousands ahead.",
  },
  {
    name: 'REDIS_URL',
    default: '(unset: in memory)',
    description: 'Redis for state shared between instances (sign-in and public page rate limits).',
  },
  {
    name: 'RATE_LIMIT_INSTANCES',
    default: '2',
    description:
      'With REDIS_URL: the number of instances sharing it. While Redis cannot be reached, each instance counts password guesses on its own and allows this share of the sign-in limits (10 per account and 30 per address in 15 minutes, divided by it); the public pages keep their whole limit per instance.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Trust X-Forwarded-* headers: true, false, the number of proxies in front of the server, or a comma-separated list of proxy IPs/CIDRs.',
  },
  { name: 'SUPPORT_EMAIL', default: 'support@example.com', description: 'Address of the support link.' },
  {
    name: 'ADMIN_EMAIL',
    default: 'admin@example.com',
    description: 'Super administrator created on the first start.',
  },
  {
    name: 'ADMIN_PASSWORD',
    default: '(generated, printed once)',
    description: "That administrator's password (at least 8 characters).",
  },
  {
    name: 'DEMO_MEMBER_EMAIL',
    default: 'member@example.com',
    description: 'Demo member created on the first start.',
  },
  {
    name: 'DEMO_MEMBER_PASSWORD',
    default: '(generated, printed once)',
    description: "That member's password (at least 8 characters).",
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description: 'Folder of the built web app served by the server.',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset: no metrics)',
    description:
      'Turns on Prometheus metrics at `/metrics`, for requests with `Authorization: Bearer <token>` (at least 16 characters); others get 401. Unset, `/metrics` answers 404.',
  },
  {
    name: 'TEST_CLOCK',
    default: 'false',
    description:
      "End-to-end tests only: lets a super administrator move the server's clock (`PUT /api/test/clock`). Refused with NODE_ENV=production.",
  },
  {
    name: 'SSO_ALLOW_HTTP',
    default: 'false',
    description:
      'Tests and trials only: single sign-on accepts identity providers at http:// addresses (without TLS). Refused with NODE_ENV=production.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset: no email reminders)',
    description:
      'Mail server for the daily digest of due tasks, e.g. `smtps://user:password@mail.example.com:465` or `smtp://mail.example.com:587` (STARTTLS when offered). When unset, no email is sent.',
  },
  {
    name: 'SMTP_FROM',
    default: '(required with SMTP_URL)',
    description:
      'The address the daily digest is sent from, e.g. `maintenance@example.com`; it shows as "Maintenance QR".',
  },
  {
    name: 'WEBHOOKS_ALLOW_PRIVATE_ADDRESSES',
    default: 'false',
    description:
      'Lets webhook endpoints and single sign-on providers be on loopback, private, link-local or unique-local addresses, and webhooks use http:// (an intranet receiver or provider, tests). Off: webhooks only https:// to public addresses, checked when saved and at each delivery; a provider, its issuer and every address its discovery document names, only at public addresses, checked when saved and at each call.',
  },
  {
    name: 'WEBHOOKS_FIRST_RETRY_SECONDS',
    default: '10',
    description:
      'Delay before the first retry of a failed webhook delivery; each next retry waits three times longer (8 attempts, about 3 hours with the default).',
  },
  {
    name: 'JOBS_FIRST_RETRY_SECONDS',
    default: '5',
    description:
      'Delay before the first retry of a failed background job, such as an email delivery while the mail server is down; each next retry waits twice as long (emails: 11 retries, the last about 2 h 50 min after the first failure with the default).',
  },
  {
    name: 'HEAVY_WORK_AT_ONCE',
    default: '3',
    description:
      'Label PDFs, CSV exports, import uploads and import checks that one instance works on at once; a few more requests wait up to 15 s for a turn, others get 503 with Retry-After.',
  },
  {
    name: 'HEAVY_WORK_PER_ORGANIZATION',
    default: '2',
    description:
      "Of those, how many one organization may have running or waiting on one instance; past it its requests get 429 with Retry-After, and other organizations' work goes on.",
  },
  {
    name: 'DISK_FREE_MIN_MB',
    default: '64',
    description:
      'When DATA_DIR holds the embedded database or the uploaded files: below this much free space on its disk, changes are refused with 507 and a message (reading goes on) until space is freed, so the database never runs out of room mid-write. 0 turns the check off.',
  },
];

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads and checks the settings; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e) {
    if (e.STORAGE === 's3') {
      if (!e.S3_BUCKET) problems.push('S3_BUCKET: Required when STORAGE=s3.');
      if (!e.S3_REGION) problems.push('S3_REGION: Required when STORAGE=s3.');
    }
    if (e.SMTP_URL && !e.SMTP_FROM) {
      problems.push('SMTP_FROM: Required with SMTP_URL: the address the reminders are sent from.');
    }
    if (e.TEST_CLOCK && e.NODE_ENV === 'production') {
      problems.push('TEST_CLOCK: Never in production: it lets the API move the server clock.');
    }
    if (e.SSO_ALLOW_HTTP && e.NODE_ENV === 'production') {
      problems.push('SSO_ALLOW_HTTP: Never in production: sign-in answers would travel without TLS.');
    }
    if (e.DATABASE_APP_URL && !e.DATABASE_URL) {
      problems.push('DATABASE_APP_URL: Requires DATABASE_URL (the owner of the tables, which migrates).');
    }
    if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
      problems.push(
        'DATABASE_READ_URL: Requires DATABASE_URL: a read replica is a PostgreSQL standby, and the embedded database has none.',
      );
    }
    if (!e.JWT_SECRET && e.NODE_ENV === 'production' && e.DATABASE_URL) {
      problems.push(
        'JWT_SECRET: Required in production with DATABASE_URL (every instance must share it; at least 32 characters).',
      );
    }
  }
  if (problems.length > 0 || !e) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV ?? 'development',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadMaxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS,
    databaseQueryTimeoutSeconds: e.DATABASE_QUERY_TIMEOUT_SECONDS,
    dataDir,
    pgliteDir: path.join(dataDir, 'db'),
    filesDir: path.join(dataDir, 'files'),
    publicBaseUrl,
    jwtSecret: e.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    storage: e.STORAGE,
    s3:
      e.STORAGE === 's3'
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    maxUploadMb: e.MAX_UPLOAD_MB,
    publicRateLimitPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
    reportChallengeCounterMax: e.REPORT_CHALLENGE_COUNTER_MAX,
    redisUrl: e.REDIS_URL,
    rateLimitInstances: e.RATE_LIMIT_INSTANCES,
    trustProxy: e.TRUST_PROXY,
    supportEmail: e.SUPPORT_EMAIL.toLowerCase(),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demoMemberEmail: e.DEMO_MEMBER_EMAIL.toLowerCase(),
    demoMemberPassword: e.DEMO_MEMBER_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    metricsToken: e.METRICS_TOKEN,
    testClock: e.TEST_CLOCK,
    ssoAllowHttp: e.SSO_ALLOW_HTTP,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM?.toLowerCase(),
    webhooksAllowPrivateAddresses: e.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
    webhooksFirstRetrySeconds: e.WEBHOOKS_FIRST_RETRY_SECONDS,
    jobsFirstRetrySeconds: e.JOBS_FIRST_RETRY_SECONDS,
    diskFreeMinMb: e.DISK_FREE_MIN_MB,
    heavyWorkAtOnce: e.HEAVY_WORK_AT_ONCE,
    heavyWorkPerOrganization: e.HEAVY_WORK_PER_ORGANIZATION,
  };
}

/** A secret generated on the first start and kept in DATA_DIR/jwt-secret (mode 0600). */
function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
