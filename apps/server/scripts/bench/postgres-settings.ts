// The PostgreSQL settings the bench runs on, read from the server: it runs on what it finds (stock, as a new
// user would), and says so, so that figures from two machines are compared knowing their settings.
import pg from 'pg';

/**
 * The settings that move the bench's figures at a million assets (README, Production); autovacuum too,
 * which a test machine may have turned off: without it statistics and visibility maps go stale as events
 * and audit entries pile up.
 */
export const SETTINGS_THAT_MATTER = [
  'shared_buffers',
  'work_mem',
  'effective_cache_size',
  'random_page_cost',
  'max_connections',
  'jit',
  'autovacuum',
] as const;

/** Each setting as `show` gives it to the bench's connection (the server connects as the same role). */
export async function readPostgresSettings(databaseUrl: string): Promise<[string, string][]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found: [string, string][] = [];
    for (const name of SETTINGS_THAT_MATTER) {
      // `show` takes no parameters; the names are this file's own.
      const result = await client.query<Record<string, string>>(`show ${name}`);
      found.push([name, result.rows[0]?.[name] ?? '?']);
    }
    return found;
  } finally {
    await client.end();
  }
}

export const describeSettings = (settings: [string, string][]) =>
  settings.map(([name, value]) => `${name} ${value}`).join(', ');
