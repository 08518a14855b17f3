import pg from 'pg';
import { isDatabaseUnavailableError } from '../plugins/errors.ts';
import {
  type HostRole,
  isPrimaryLost,
  notAStandbyError,
  PrimaryLocator,
  parseHostList,
  ROLE_QUERY,
  readOnlyServerError,
} from './host-list.ts';

// biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() and connect() have many overloads; arguments pass through.
type AnyArgs = any[];

/**
 * How long a connection requested while the primary is looked for waits for it, by default: a failover
 * under pg_auto_failover's settings takes seconds (ADR 132), and a request that waits answers instead
 * of a 503.
 */
const FAILOVER_WAIT_MS = 15_000;

export interface FollowingPoolConfig extends pg.PoolConfig {
  connectionString: string;
  /** How long a connection waits for the primary to be found (FAILOVER_WAIT_MS by default; 0 for a standby's pool). */
  failoverWaitMillis?: number;
  /**
   * 'standby': a read replica's pool (DATABASE_READ_URL, ADR 141): it connects only to a server in
   * recovery, the first of the list that is, and never waits for one (its reads go to the primary
   * instead, db/read-replica.ts). Default 'primary'.
   */
  role?: HostRole;
}

/** A statement that only reads: sent again once on the new primary when the old one went away. */
const READ = /^\s*select\b/i;

export function queryText(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string') {
    return config.text;
  }
  return undefined;
}

/** A connection made by a FollowingPool: it knows which primary (the locator's generation) it went to. */
interface FollowingClient extends pg.Client {
  readonly generation: number;
  readonly hostName: string;
}

/**
 * A connection to the host the locator names now; a failure that says the primary is gone or read-only
 * (on the connection, or in a query's answer) makes the locator look for the primary.
 */
function followingClient(Base: typeof pg.Client, locator: PrimaryLocator): typeof pg.Client {
  return class extends Base implements FollowingClient {
    readonly generation: number;
    readonly hostName: string;

    constructor(config: pg.ClientConfig) {
      const generation = locator.generation;
      super({ ...config, connectionString: locator.url });
      this.generation = generation;
      this.hostName = locator.hosts.names[locator.current]!;
      this.on('error', (error) => this.noticeFailure(error));
    }

    noticeFailure(error: unknown): void {
      if (isPrimaryLost(error)) locator.suspect(this.generation);
    }

    // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
    override query(...args: AnyArgs): any {
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (error: Error | undefined, result: unknown) => {
          if (error) this.noticeFailure(error);
          last(error, result);
        };
      }
      // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
      const result = (super.query as (...a: AnyArgs) => any)(...args);
      // A side branch: the caller's promise still rejects as it did.
      if (result && typeof result.then === 'function')
        result.then(undefined, (e: unknown) => this.noticeFailure(e));
      return result;
    }
  };
}

/**
 * A node-postgres pool over a connection string with one host or a list of them (libpq's syntax,
 * ADR 132) that follows the primary: new connections go to the host the locator found writable; with
 * target_session_attrs=read-write each new connection checks that, as libpq does; after a failover,
 * connections to the former primary are dropped when next taken from the pool, a connection
 * requested while the primary is being looked for waits for it (up to FAILOVER_WAIT_MS), and a read
 * sent on the pool whose connection was lost is sent once more (a request's read after its committed
 * change, which would otherwise answer 503 for a write that was stored).
 * With one host and no target_session_attrs it is exactly a pg.Pool.
 */
export class FollowingPool extends pg.Pool {
  private readonly locator: PrimaryLocator | undefined;
  private readonly failoverWaitMillis: number;
  private readonly role: HostRole;

  constructor(config: FollowingPoolConfig, Client: typeof pg.Client = pg.Client) {
    const role = config.role ?? 'primary';
    const hosts = parseHostList(config.connectionString, role);
    if (role === 'primary' && hosts.urls.length === 1 && !hosts.readWrite) {
      super({ ...config, Client });
      this.failoverWaitMillis = 0;
      this.role = role;
      return;
    }
    const locator = new PrimaryLocator(hosts, config.connectionTimeoutMillis ?? 5000, role);
    // libpq's check of target_session_attrs on each new connection (a standby's pool always checks).
    const checked = role === 'standby' || hosts.readWrite;
    const afterCheck = config.onConnect;
    super({
      ...config,
      connectionString: hosts.urls[0],
      Client: followingClient(Client, locator),
      ...(checked
        ? {
            onConnect: async (client: pg.ClientBase) => {
              const { rows } = await client.query<{ wanted: boolean }>(ROLE_QUERY[role]);
              if (!rows[0]?.wanted) {
                const following = client as unknown as FollowingClient;
                locator.suspect(following.generation);
                throw role === 'standby'
                  ? notAStandbyError(following.hostName)
                  : readOnlyServerError(following.hostName);
              }
              await afterCheck?.(client);
            },
          }
        : {}),
    });
    this.locator = locator;
    this.role = role;
    this.failoverWaitMillis = config.failoverWaitMillis ?? (role === 'standby' ? 0 : FAILOVER_WAIT_MS);
  }

  // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
  override query(...args: AnyArgs): any {
    const send = () => (super.query as (...a: AnyArgs) => Promise<pg.QueryResult>)(...args);
    if (!this.locator || args.some((arg) => typeof arg === 'function')) return send();
    return this.readingAgain(args, send);
  }

  /** Sends `send` once more when it is a read whose connection to the database was lost. */
  protected async readingAgain<T>(args: AnyArgs, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      const text = queryText(args[0]);
      // A standby's pool sends nothing again: its reads go to the primary instead (ADR 141).
      if (!this.locator || this.role === 'standby' || !text || !READ.test(text)) throw error;
      if (!isDatabaseUnavailableError(error)) throw error;
      return send();
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
  override connect(...args: AnyArgs): any {
    if (!this.locator) return (super.connect as (...a: AnyArgs) => unknown)(...args);
    const connected = this.connectToPrimary(this.locator);
    const callback = args[0];
    if (typeof callback !== 'function') return connected;
    connected.then(
      (client) => callback(undefined, client, client.release),
      (error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }

  private async connectToPrimary(locator: PrimaryLocator): Promise<pg.PoolClient> {
    await locator.settled(this.failoverWaitMillis);
    // Each pass drops one connection to a former primary: at most `max` of them are in the pool.
    for (let pass = 0; ; pass++) {
      const generation = locator.generation;
      let client: pg.PoolClient;
      try {
        client = await super.connect();
      } catch (error) {
        locator.suspect(generation);
        // Tried once more when the search found another primary (a first host that is down at start).
        await locator.settled(this.failoverWaitMillis);
        if (locator.generation === generation) throw error;
        client = await super.connect();
      }
      const made = (client as unknown as FollowingClient).generation;
      if (made === locator.generation || pass > this.options.max) return client;
      client.release(new Error('a connection to the former primary'));
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
  override end(...args: AnyArgs): any {
    this.locator?.close();
    return (super.end as (...a: AnyArgs) => unknown)(...args);
  }
}
