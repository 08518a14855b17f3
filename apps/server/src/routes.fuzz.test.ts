import { IDEMPOTENCY_HEADER } from '@mqr/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { assets, importChanges, importRuns } from './db/schema.ts';
import { SIX_STEPS } from './modules/checklists/checklist-fixtures.ts';
import type { RouteAccess } from './plugins/access-scopes.ts';
import { createAssetViaApi, insertField } from './test/asset-fixtures.ts';
import { buildTestApp } from './test/build-test-app.ts';
import { createLocationViaApi } from './test/location-fixtures.ts';
import { HOSTILE_TEXT, inputArbitrary, toQueryString } from './test/request-arbitraries.ts';
import { easyChallenges, reportViaApi } from './test/request-fixtures.ts';
import { createTenants } from './test/tenant-world.ts';

// Every route, fed requests generated from its own zod schemas with hostile values mixed in: no
// answer is a 5xx, and a 4xx writes nothing. Seeded: FUZZ_SEED repeats a run, FUZZ_RUNS sets its size.
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.FUZZ_RUNS ?? 40);
console.info(`routes fuzz: seed ${seed}, ${numRuns} runs per route (FUZZ_SEED=${seed} repeats it)`);

const t = await buildTestApp();
afterAll(() => t.close());
// Single sign-on settings name any issuer: its discovery is refused here, never sent to the network.
t.app.sso.oidc.fetch = async () => {
  throw new TypeError('no network in the fuzz test');
};
// Webhook endpoints name any host: neither resolved nor sent to here.
t.app.webhooks.resolve = async () => {
  throw new TypeError('no network in the fuzz test');
};
t.app.webhooks.send = async () => ({ error: 'no network in the fuzz test', responseTimeMs: 0 });

/** Routes that take input: the API and the public pages, not the docs UI or the web app's files. */
const fuzzed = t.app
  .routeAccess()
  .filter((route) => route.method !== 'HEAD')
  .filter((route) => /^\/(api|public)\//.test(route.url) && !route.url.startsWith('/api/docs'));

let headers: Record<string, string>;
/** Real ids of each kind, from both organizations: requests reach deeper than "not found". */
const known = {
  organizations: [] as string[],
  users: [] as string[],
  fields: [] as string[],
  assets: [] as string[],
  slugs: [] as string[],
  events: [] as string[],
  imports: [] as string[],
  schedules: [] as string[],
  locations: [] as string[],
  requests: [] as string[],
  photos: [] as string[],
  tokens: [] as string[],
  checklists: [] as string[],
  meters: [] as string[],
  readings: [] as string[],
};
/** The step keys of the checklist the known task has (ADR 134). */
const STEP_KEYS = ['valve', 'pressure', 'remarks', 'seal', 'gauge', 'sign'];
const allIds = () => Object.values(known).flat();
let tableNames: string[];

beforeAll(async () => {
  const { orgA, orgB, headers: signedIn } = await createTenants(t);
  headers = signedIn.superA;
  const field = await insertField(t.db, orgA.organization.id, {
    dataType: 'Select',
    options: ['Red', 'Blue'],
  });
  const eventField = await insertField(t.db, orgA.organization.id, { target: 'MaintenanceEvent' });
  const asset = await createAssetViaApi(t.app, headers, { name: 'Boiler' });
  const otherAsset = await createAssetViaApi(t.app, signedIn.adminB, { name: 'B' });
  const event = await t.app.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/events`,
    headers,
    payload: { title: 'Service' },
  });
  known.organizations.push(orgA.organization.id, orgB.organization.id);
  known.users.push(orgA.member.id, orgA.admin.id, orgB.member.id);
  known.fields.push(field.id, eventField.id);
  known.assets.push(asset.id, otherAsset.id);
  known.slugs.push(asset.slug, otherAsset.slug);
  known.events.push(event.json().id);
  // A checklist template in each organization, and a task of A with A's (ADR 134).
  const checklist = await t.app.inject({
    method: 'POST',
    url: '/api/admin/checklists',
    headers,
    payload: { name: 'Inspection', steps: SIX_STEPS },
  });
  const otherChecklist = await t.app.inject({
    method: 'POST',
    url: '/api/admin/checklists',
    headers: signedIn.adminB,
    payload: { name: 'B inspection', steps: SIX_STEPS },
  });
  known.checklists.push(checklist.json().id, otherChecklist.json().id);
  const checked = await t.app.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/events`,
    headers,
    payload: { title: 'Inspection', checklistTemplateId: checklist.json().id },
  });
  known.events.push(checked.json().id);
  await t.app.inject({
    method: 'PUT',
    url: `/api/events/${checked.json().id}/checklist/steps/valve`,
    headers,
    payload: { outcome: 'fail' },
  });
  const schedule = await t.app.inject({
    method: 'POST',
    url: '/api/admin/schedules',
    headers,
    payload: {
      assetId: asset.id,
      title: 'Check',
      recurrence: { pattern: 'interval', every: 1, unit: 'month' },
      startsOn: '2026-01-01',
    },
  });
  known.schedules.push(schedule.json().id);
  // A meter with two readings in A, one in B, and a usage schedule on A's (ADRs 137, 138).
  for (const [assetId, signed] of [
    [asset.id, headers],
    [otherAsset.id, signedIn.adminB],
  ] as const) {
    const meter = await t.app.inject({
      method: 'POST',
      url: `/api/admin/assets/${assetId}/meters`,
      headers: signed,
      payload: { name: 'Hours', unit: 'h' },
    });
    known.meters.push(meter.json().id);
    for (const value of [100, 150]) {
      const reading = await t.app.inject({
        method: 'POST',
        url: `/api/meters/${meter.json().id}/readings`,
        headers: signed,
        payload: { value },
      });
      known.readings.push(reading.json().reading.id);
    }
  }
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/schedules',
    headers,
    payload: {
      assetId: asset.id,
      title: 'Every 500 h',
      startsOn: '2026-01-01',
      usage: { meterId: known.meters[0], every: 500 },
    },
  });
  // A small tree in A (a site, a room in it holding the asset) and a location of B.
  const site = await createLocationViaApi(t.app, headers, { name: 'Site' });
  const room = await createLocationViaApi(t.app, headers, { name: 'Room', parentId: site.id });
  const otherSite = await createLocationViaApi(t.app, signedIn.adminB, { name: 'B site' });
  await t.app.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/location`,
    headers,
    payload: { locationId: room.id },
  });
  known.locations.push(site.id, room.id, otherSite.id);
  // A request from the QR code in A, and one in B (ADR 129).
  easyChallenges(t.app);
  known.tokens.push(
    await reportViaApi(t.app, orgA.organization.id, asset.slug, { description: 'Leak', urgency: 'unsafe' }),
    await reportViaApi(t.app, orgB.organization.id, otherAsset.slug, {
      description: 'B leak',
      urgency: 'works',
    }),
  );
  const requestRows = (await t.db.execute(sql`select id from requests`)) as unknown as {
    rows: { id: string }[];
  };
  known.requests.push(...requestRows.rows.map((row) => row.id));
  known.slugs.push(room.slug, otherSite.slug);
  // An import that created the asset: POST /api/labels prints by import.
  const [run] = await t.db
    .insert(importRuns)
    .values({
      organizationId: orgA.organization.id,
      fileName: 'fuzz.csv',
      format: 'Other',
      delimiter: ',',
      headers: ['Name'],
      rowCount: 1,
      mapping: [{ kind: 'name' }],
      status: 'Done',
      createdCount: 1,
      finishedAt: new Date(),
    })
    .returning();
  await t.db.update(assets).set({ importId: run!.id }).where(eq(assets.id, asset.id));
  // What undoing it needs (ADR 093): the asset has had an event since, so an undo is refused.
  await t.db.insert(importChanges).values({
    importId: run!.id,
    organizationId: orgA.organization.id,
    assetId: asset.id,
    created: true,
    writtenAt: new Date(),
  });
  known.imports.push(run!.id);
  // An import still open, read byte by byte: its reading (encoding, formats) and mapping can change.
  const [open] = await t.db
    .insert(importRuns)
    .values({
      organizationId: orgA.organization.id,
      fileName: 'open.csv',
      format: 'Other',
      delimiter: ',',
      headers: ['Name'],
      rawHeaders: ['Name'],
      rowCount: 0,
      mapping: [{ kind: 'name' }],
    })
    .returning();
  known.imports.push(open!.id);
  const tables = (await t.db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1
  `)) as unknown as { rows: { name: string }[] };
  tableNames = tables.rows.map((row) => row.name);
  // The fingerprint is of every table: a repeating job (upkeep, cleanup) run by the app's own runner
  // between two fingerprints would look like a refused request that wrote. Jobs sent stay queued.
  await t.app.jobs.stop();
});

/**
 * Every table's row count and the sum of its rows' hashes: equal before and after means nothing was
 * written. A sum needs no sorting, and sees a changed, added or removed row as an ordered hash would.
 */
async function fingerprint(): Promise<string> {
  const parts = tableNames.map(
    (name) =>
      sql`(select count(*) || ':' || coalesce(sum(('x' || left(md5(r::text), 16))::bit(64)::bigint), 0) from ${sql.identifier(name)} r)`,
  );
  const result = (await t.db.execute(
    sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as hash`,
  )) as unknown as {
    rows: { hash: string }[];
  };
  return result.rows[0]!.hash;
}

/** The fingerprint as the last check left it; undefined after a request that may have written. */
let unchanged: string | undefined;

/** The ids that fit a path parameter of a route. */
function idsFor(url: string, name: string): string[] {
  if (name === 'organizationId') return known.organizations;
  if (name === 'slug') return known.slugs;
  if (name === 'eventId') return known.events;
  if (name === 'requestId') return known.requests;
  if (name === 'photoId') return known.photos.length > 0 ? known.photos : known.requests;
  if (name === 'token') return known.tokens;
  if (name === 'stepKey') return STEP_KEYS;
  if (name === 'readingId') return known.readings;
  if (name !== 'id') return allIds();
  if (url.startsWith('/api/assets')) return known.assets;
  if (url.startsWith('/api/admin/users')) return known.users;
  if (url.startsWith('/api/admin/fields')) return known.fields;
  if (url.startsWith('/api/schedules') || url.startsWith('/api/admin/schedules')) return known.schedules;
  if (url.startsWith('/api/admin/imports')) return known.imports;
  if (url.startsWith('/api/locations') || url.startsWith('/api/admin/locations')) return known.locations;
  if (url.startsWith('/api/requests')) return known.requests;
  if (url.startsWith('/api/events')) return known.events;
  if (url.startsWith('/api/checklists') || url.startsWith('/api/admin/checklists')) return known.checklists;
  if (url.startsWith('/api/meters') || url.startsWith('/api/admin/meters')) return known.meters;
  return known.organizations;
}

/** Path parameters: mostly ids that fit, else any id or hostile text, encoded into the URL. */
function pathArbitrary(url: string): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:([A-Za-z]+)|\*/g)].map((match) => match[1] ?? '*');
  const segments = names.map((name) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...idsFor(url, name)) },
      { weight: 1, arbitrary: fc.constantFrom(...allIds()) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT.filter((text) => text.length < 5000)) },
      { weight: 1, arbitrary: fc.string() },
    ),
  );
  return fc.tuple(...segments).map((values) => {
    let index = 0;
    return url.replace(/:[A-Za-z]+|\*/g, () =>
      encodeURIComponent(values[index++]!.replace(/\p{Cs}/gu, '\uFFFD')),
    );
  });
}

function requestArbitrary(route: RouteAccess) {
  const schema = (route.options.schema ?? {}) as FastifySchema;
  const inputOptions = { ids: allIds() };
  const query = schema.querystring
    ? inputArbitrary(schema.querystring as z.ZodType, inputOptions)
    : fc.constant(undefined);
  const body = schema.body ? inputArbitrary(schema.body as z.ZodType, inputOptions) : fc.constant(undefined);
  // Writes sometimes carry an Idempotency-Key: a few shared ones (repeats, reuses) and malformed ones.
  const key =
    route.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(
          fc.constantFrom('fuzz-1', 'fuzz-2', `${route.method}-${route.url}`, '', 'a b', 'k'.repeat(300)),
          {
            nil: undefined,
          },
        );
  return fc.record({ path: pathArbitrary(route.url), query, body, key });
}

describe('every route, fed generated and hostile input', () => {
  for (const route of fuzzed) {
    it(`${route.method} ${route.url}: never a 5xx, and a 4xx writes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async ({ path, query, body, key }) => {
          const before = unchanged ?? (await fingerprint());
          unchanged = undefined;
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: `${path}${toQueryString(query)}`,
            headers: {
              ...headers,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }),
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          const outcome = `${route.method} ${path} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, outcome).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(await fingerprint(), `${outcome} wrote`).toBe(before);
            unchanged = before;
          }
        }),
        { seed, numRuns },
      );
    }, 300_000);
  }
});
