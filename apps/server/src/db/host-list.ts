import pg from 'pg';

/**
 * A PostgreSQL connection string with a list of hosts, in libpq's syntax (ADR 132):
 * `postgres://user@host1:5432,host2:5432/db?target_session_attrs=read-write`. node-postgres reads one
 * host only, so the list is taken apart here and each host gets a one-host connection string of its own.
 */
export interface HostList {
  /** One connection string per host, in the order given: everything else (user, database, options) alike. */
  urls: string[];
  /** `host:port` of each, for messages. */
  names: string[];
  /** True when the server must connect to a writable server (target_session_attrs read-write or primary). */
  readWrite: boolean;
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)([^?#]*)(?:\?([^#]*))?$/i;
const NOT_A_URL = 'Must be a URL starting with postgres:// or postgresql://.';
const TARGETS = ['any', 'read-write', 'primary'];

/**
 * Which server of the list the pool wants: the primary, which takes writes (DATABASE_URL,
 * DATABASE_APP_URL), or a standby, which replays the primary's changes and serves reads
 * (DATABASE_READ_URL, ADR 141).
 */
export type HostRole = 'primary' | 'standby';

/** Gives `host:port` (or `[v6]:port`) of a list entry; a host alone gets PostgreSQL's port, 5432. */
function withPort(entry: string): string {
  const trimmed = entry.trim();
  const hasPort = trimmed.startsWith('[') ? /\]:\d+$/.test(trimmed) : /:\d+$/.test(trimmed);
  return hasPort || trimmed === '' ? trimmed : `${trimmed}:5432`;
}

/**
 * Parses a connection string with one host or several; throws a message for the configuration check
 * when it is not one. A list needs `target_session_attrs=read-write` (or `primary`): the server writes,
 * so "any host that answers" (libpq's default) could land it on a read-only standby. For a standby
 * (`role` 'standby', the read replicas of ADR 141) the option may be left out or be `standby`: the pool
 * takes the first host of the list that is a standby either way.
 */
export function parseHostList(connectionString: string, role: HostRole = 'primary'): HostList {
  const match = URL_PARTS.exec(connectionString.trim());
  if (!match) throw new Error(NOT_A_URL);
  const [, scheme, userInfo, hostPart, path, query] = match as unknown as [
    string,
    string,
    string | undefined,
    string,
    string,
    string | undefined,
  ];
  const params = new URLSearchParams(query ?? '');
  const target = params.get('target_session_attrs') ?? (role === 'standby' ? 'standby' : 'any');
  if (role === 'standby' && target !== 'standby') {
    throw new Error(
      `target_session_attrs=${target} is not supported here: leave it out or use standby (reads go to the primary by themselves when no standby answers).`,
    );
  }
  if (role === 'primary' && !TARGETS.includes(target)) {
    throw new Error(`target_session_attrs=${target} is not supported: use read-write (or primary).`);
  }
  // node-postgres would send it on as a setting the server does not know: it is ours alone.
  params.delete('target_session_attrs');
  const names = hostPart.includes(',') ? hostPart.split(',').map(withPort) : [hostPart];
  if (names.some((name) => name === '')) throw new Error('A host in the list is empty.');
  if (role === 'primary' && names.length > 1 && target === 'any') {
    throw new Error(
      'A list of hosts needs target_session_attrs=read-write: the server writes to the primary.',
    );
  }
  const prefix = `${scheme}${userInfo === undefined ? '' : `${userInfo}@`}`;
  const suffix = `${path}${params.size > 0 ? `?${params}` : ''}`;
  const urls = names.map((name) => `${prefix}${name}${suffix}`);
  for (const url of urls) {
    try {
      new URL(url);
    } catch {
      throw new Error(NOT_A_URL);
    }
  }
  return { urls, names, readWrite: role === 'primary' && target !== 'any' };
}

/** SQLSTATE read_only_sql_transaction: the server took a write but is (now) a standby or read-only. */
export const READ_ONLY_CODE = '25006';

/** Errors after which the host may no longer be the primary: it is gone, restarting, or read-only. */
const PRIMARY_LOST_CODES = new Set([
  READ_ONLY_CODE,
  '57P01', // admin_shutdown (a demotion restarts the server)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, or shutting down)
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

export function isPrimaryLost(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && PRIMARY_LOST_CODES.has(code);
}

/** What a connection to a host that is not writable fails with: answered 503, like a lost connection. */
export function readOnlyServerError(name: string): Error {
  return Object.assign(
    new Error(`the database server at ${name} is read-only (a standby): not the primary`),
    {
      code: READ_ONLY_CODE,
    },
  );
}

/** libpq's check for target_session_attrs=read-write, plus recovery (a promoted standby's first moments). */
export const WRITABLE_QUERY =
  "select not pg_is_in_recovery() and current_setting('transaction_read_only') = 'off' as wanted";

/** libpq's check for target_session_attrs=standby: the server replays a primary's changes. */
export const STANDBY_QUERY = 'select pg_is_in_recovery() as wanted';

/** The question a host must answer `wanted = true` to for a pool of `role`. */
export const ROLE_QUERY: Record<HostRole, string> = { primary: WRITABLE_QUERY, standby: STANDBY_QUERY };

/** SQLSTATE-like code of a connection refused because its server is not a standby (ADR 141). */
export const NOT_A_STANDBY_CODE = 'MQR_NOT_A_STANDBY';

/** What a connection of a standby's pool fails with when its server is a primary (a promoted standby). */
export function notAStandbyError(name: string): Error {
  return Object.assign(
    new Error(`the database server at ${name} is not a standby (not in recovery): not read from`),
    { code: NOT_A_STANDBY_CODE },
  );
}

const PAUSE_MS = 250;
/** How long a search for the primary goes on before it gives up until the next failure. */
const SEARCH_MS = 120_000;

/**
 * Which host of the list is the primary (or, for a standby's pool, a standby): the first one on start,
 * and after a failure (a lost connection, a read-only answer) the first host that answers as wanted
 * (ROLE_QUERY), looked for every 250 ms until found.
 */
export class PrimaryLocator {
  /** Index of the host new connections go to. */
  current = 0;
  /** Bumped each time `current` changes: connections made before are to a former primary. */
  generation = 0;
  private search: Promise<void> | undefined;
  private closed = false;

  readonly hosts: HostList;
  private readonly probeTimeoutMillis: number;
  private readonly role: HostRole;

  constructor(hosts: HostList, probeTimeoutMillis: number, role: HostRole = 'primary') {
    this.hosts = hosts;
    this.probeTimeoutMillis = probeTimeoutMillis;
    this.role = role;
  }

  get url(): string {
    return this.hosts.urls[this.current]!;
  }

  /** A connection to `generation`'s primary failed that way: look for the primary (once at a time). */
  suspect(generation: number): void {
    if (this.closed || generation !== this.generation || this.search) return;
    this.search = this.find().finally(() => {
      this.search = undefined;
    });
  }

  /** Resolves when no search is going on, or after `maxMillis` (then the current guess is used). */
  settled(maxMillis: number): Promise<void> | undefined {
    if (!this.search) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMillis);
    });
    return Promise.race([this.search, timeout]).finally(() => clearTimeout(timer));
  }

  close(): void {
    this.closed = true;
  }

  private async find(): Promise<void> {
    const deadline = Date.now() + SEARCH_MS;
    while (!this.closed && Date.now() < deadline) {
      for (let i = 0; i < this.hosts.urls.length; i++) {
        if (await this.isWanted(this.hosts.urls[i]!)) {
          if (i !== this.current) {
            this.current = i;
            this.generation++;
          }
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }

  private async isWanted(url: string): Promise<boolean> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: this.probeTimeoutMillis });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ wanted: boolean }>(ROLE_QUERY[this.role]);
      return rows[0]?.wanted === true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }
}
