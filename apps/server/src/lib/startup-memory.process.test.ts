import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const STARTUP_MEMORY = pathToFileURL(fileURLToPath(new URL('./startup-memory.ts', import.meta.url))).href;

/** Runs an ES module in a fresh Node process (the hooks and V8 flags are per process) and parses its JSON output. */
async function inFreshProcess<T>(source: string): Promise<T> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', source], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  return JSON.parse(stdout) as T;
}

/** The drizzle-orm files the entry points load, recorded by a hook that runs before the one under test. */
const loadDrizzle = (limit: boolean) => `
  import { registerHooks } from 'node:module';
  ${limit ? `import { limitStartupMemory } from '${STARTUP_MEMORY}'; limitStartupMemory();` : ''}
  const loaded = new Map();
  registerHooks({
    load(url, context, nextLoad) {
      const result = nextLoad(url, context);
      if (url.includes('/drizzle-orm/')) loaded.set(url, result.format);
      return result;
    },
  });
  const { eq, is, sql, Table } = await import('drizzle-orm');
  const { PgDialect, pgTable, text } = await import('drizzle-orm/pg-core');
  await import('drizzle-orm/node-postgres');
  await import('drizzle-orm/pglite/migrator');
  const things = pgTable('things', { name: text('name') });
  const query = new PgDialect().sqlToQuery(sql\`select 1 where \${eq(things.name, 'pump')}\`);
  console.log(JSON.stringify({ loaded: [...loaded].sort(), isTable: is(things, Table), query }));
`;

describe('limitStartupMemory', () => {
  it('loads the same drizzle-orm files in the same formats as Node does without it, and they work', async () => {
    type Out = { loaded: [string, string][]; isTable: boolean; query: { sql: string; params: unknown[] } };
    const [plain, limited] = await Promise.all([
      inFreshProcess<Out>(loadDrizzle(false)),
      inFreshProcess<Out>(loadDrizzle(true)),
    ]);
    expect(plain.loaded.length).toBeGreaterThan(50);
    expect(limited).toEqual(plain);
    expect(limited.isTable).toBe(true);
    expect(limited.query).toMatchObject({ sql: 'select 1 where "things"."name" = $1', params: ['pump'] });
  });

  it('holds the young generation at its first size while starting, and lets it grow once started', async () => {
    const sizes = await inFreshProcess<{ starting: number; started: number }>(`
      import v8 from 'node:v8';
      import { limitStartupMemory } from '${STARTUP_MEMORY}';
      const newSpaceMb = () =>
        v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576;
      const kept = [];
      const allocate = () => {
        for (let i = 0; i < 2e6; i++) {
          const item = { i, text: 'item ' + i };
          if (i % 3 === 0) kept.push(item);
        }
      };
      const startupDone = limitStartupMemory();
      allocate();
      const starting = newSpaceMb();
      startupDone();
      allocate();
      console.log(JSON.stringify({ starting, started: newSpaceMb() }));
    `);
    expect(sizes.starting).toBeLessThanOrEqual(4);
    expect(sizes.started).toBeGreaterThan(sizes.starting);
  });
});

describe('the API documents in YAML', () => {
  it('are written by the real yaml package, loaded only when first asked for', async () => {
    const out = await inFreshProcess<{ before: boolean; text: string; after: boolean }>(`
      import { createRequire } from 'node:module';
      import { limitStartupMemory } from '${STARTUP_MEMORY}';
      limitStartupMemory();
      const require = createRequire(import.meta.url);
      const yamlLoaded = () => Object.keys(require.cache).some((file) => file.includes('/node_modules/yaml/'));
      // As @fastify/swagger asks for it: from one of its own files.
      const swaggerRequire = createRequire(require.resolve('@fastify/swagger'));
      const yaml = swaggerRequire('yaml');
      const before = yamlLoaded();
      const text = yaml.stringify({ openapi: '3.0.3', info: { title: 'Maintenance QR' } });
      console.log(JSON.stringify({ before, text, after: yamlLoaded() }));
    `);
    expect(out).toEqual({
      before: false,
      text: 'openapi: 3.0.3\ninfo:\n  title: Maintenance QR\n',
      after: true,
    });
  });
});
