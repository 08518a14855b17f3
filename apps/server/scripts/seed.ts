// Fills an organization with demo data: npm run seed -- --assets 1000 --events 5000 [--organization <id or name>]
import { parseArgs } from 'node:util';
import { asc, eq, or, sql } from 'drizzle-orm';
import { organizations } from '#server/db/schema.ts';
import { seedOrganization } from '#server/seed/seed.ts';
import { fail, openCliDatabase } from './cli-database.ts';

const USAGE = `Usage: npm run seed -- [--assets N] [--events M] [--organization <id or name>]

  --assets        assets to add (default 100)
  --events        maintenance events to add, spread over the organization's assets (default 300)
  --organization  organization id or name (default: the oldest organization, e.g. Demo organization)

Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).`;

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000)
    fail(`--${name} must be a whole number from 0 to 10000000.`, 2);
  return n;
}

async function main(): Promise<void> {
  let values: { assets?: string; events?: string; organization?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        assets: { type: 'string' },
        events: { type: 'string' },
        organization: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const assets = count(values.assets, 100, 'assets');
  const events = count(values.events, 300, 'events');

  const { database } = await openCliDatabase('the seed');
  try {
    const wanted = values.organization?.trim();
    const [organization] = await database.db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(
        wanted
          ? or(eq(organizations.name, wanted), sql`${organizations.id}::text = ${wanted.toLowerCase()}`)
          : undefined,
      )
      .orderBy(asc(organizations.createdAt))
      .limit(1);
    if (!organization) {
      fail(
        wanted
          ? `No organization "${wanted}".`
          : 'No organization yet: start the server once (or run create-admin).',
      );
    }
    const started = Date.now();
    process.stdout.write(`Seeding "${organization.name}" with ${assets} assets and ${events} events...\n`);
    await database.db.transaction((tx) =>
      seedOrganization(tx, {
        organizationId: organization.id,
        assets,
        events,
        onProgress: (message) => process.stdout.write(`  ${message}\n`),
      }),
    );
    process.stdout.write(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
