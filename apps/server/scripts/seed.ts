// Fills an organization with demo data: npm run seed -- --assets 1000 --events 5000 [--organization <id or name>],
// or adds (removes) the sample site the app offers: npm run seed -- --sample (--remove-sample)
import { parseArgs } from 'node:util';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { organizations } from '#server/db/schema.ts';
import { findSampleDataActor } from '#server/modules/sample-data/queries.ts';
import { addSampleData, removeSampleData } from '#server/modules/sample-data/service.ts';
import { seedOrganization } from '#server/seed/seed.ts';
import { createStorage } from '#server/storage/create-storage.ts';
import { fail, openCliDatabase } from './cli-database.ts';

const USAGE = `Usage: npm run seed -- [--assets N] [--events M] [--organization <id or name>]
       npm run seed -- --sample | --remove-sample [--organization <id or name>]

  --assets         assets to add (default 100)
  --events         maintenance events to add, spread over the organization's assets (default 300)
  --sample         add the sample site instead, as "Add sample data" does in the app: about thirty
                   assets with typed fields, history, two documents and schedules with due and
                   overdue work, marked as sample (nothing is added while a sample is there)
  --remove-sample  remove it, as "Remove sample data" does (what people changed or added stays)
  --organization   organization id or name (default: the oldest organization, e.g. Demo organization)

Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first). The sample's
documents go to the configured file storage.`;

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000)
    fail(`--${name} must be a whole number from 0 to 10000000.`, 2);
  return n;
}

async function main(): Promise<void> {
  let values: {
    assets?: string;
    events?: string;
    organization?: string;
    sample?: boolean;
    'remove-sample'?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        assets: { type: 'string' },
        events: { type: 'string' },
        organization: { type: 'string' },
        sample: { type: 'boolean' },
        'remove-sample': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const sample = values.sample ? 'add' : values['remove-sample'] ? 'remove' : null;
  if ((values.sample && values['remove-sample']) || (sample && (values.assets || values.events))) {
    fail(`--sample and --remove-sample go alone (with --organization).\n\n${USAGE}`, 2);
  }
  const assets = count(values.assets, 100, 'assets');
  const events = count(values.events, 300, 'events');

  const { config, database } = await openCliDatabase('the seed');
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
    if (sample) return await sampleData(database.db, config, organization, sample);
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

/** Adds or removes the organization's sample site, as its oldest administrator (whom the audit log names). */
async function sampleData(
  db: Db,
  config: AppConfig,
  organization: { id: string; name: string },
  action: 'add' | 'remove',
): Promise<void> {
  const actor = await findSampleDataActor(db, organization.id);
  if (!actor) fail(`"${organization.name}" has no active administrator to add or remove sample data as.`);
  const storage = await createStorage(config);
  try {
    const context = {
      actor,
      now: new Date(),
      ipAddress: null,
      storage,
      onStorageError: (_error: unknown, key: string) =>
        process.stderr.write(`  could not remove the stored file ${key}\n`),
    };
    if (action === 'add') {
      const added = await addSampleData(db, context);
      process.stdout.write(
        added.added
          ? `Added sample data to "${organization.name}": ${added.assets} assets, ${added.events} events, ${added.schedules} schedules, ${added.files} files.\n`
          : `"${organization.name}" already holds sample data: nothing added.\n`,
      );
    } else {
      const removed = await removeSampleData(db, context);
      process.stdout.write(
        `Removed sample data from "${organization.name}": ${removed.removed} assets, ${removed.fields} fields; ${removed.kept} sample assets people changed were kept.\n`,
      );
    }
  } finally {
    storage.close?.();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
