import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAssetViaApi } from '../../test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTwoOrganizations, loginAs, type OrgFixture } from '../../test/fixtures.ts';

// Slugs come out of a fixed sequence here, so a collision is certain.
const sequence = vi.hoisted(() => ({ slugs: [] as string[] }));
vi.mock('../../lib/slug.ts', () => ({
  generateSlug: () => sequence.slugs.shift() ?? 'fallback-zzzzzz',
}));

let t: TestApp;
let orgA: OrgFixture;
let orgB: OrgFixture;

beforeAll(async () => {
  t = await buildTestApp();
  ({ orgA, orgB } = await createTwoOrganizations(t.db));
});
afterAll(async () => {
  await t?.close();
});

describe('slug collisions', () => {
  it('retry with a new suffix inside the organization; other organizations may hold the same slug', async () => {
    const headersA = (await loginAs(t.app, orgA.member)).headers;
    const headersB = (await loginAs(t.app, orgB.member)).headers;
    sequence.slugs = ['pump-aaaaaa', 'pump-aaaaaa', 'pump-bbbbbb', 'pump-aaaaaa'];
    const first = await createAssetViaApi(t.app, headersA, { name: 'Pump' });
    const second = await createAssetViaApi(t.app, headersA, { name: 'Pump' });
    const inB = await createAssetViaApi(t.app, headersB, { name: 'Pump' });
    expect(first.slug).toBe('pump-aaaaaa');
    expect(second.slug).toBe('pump-bbbbbb');
    expect(inB.slug).toBe('pump-aaaaaa');
  });
});
