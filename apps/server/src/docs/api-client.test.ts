import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { maintenanceClient, recordMaintenance } from '@mqr/api-client/examples/record-maintenance.ts';
import { documentText, schemaTypes } from '@mqr/api-client/generate';
import type { TCreatedApiToken } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { createAssetViaApi } from '../test/asset-fixtures.ts';
import { tenantWorld } from '../test/tenant-world.ts';

const committed = (name: string) =>
  readFile(new URL(`../../../../docs/api-client/${name}`, import.meta.url), 'utf8');
const w = tenantWorld();

describe('the typed API client in docs/api-client', () => {
  it('is made from the live OpenAPI document (run `npm run api:client` after changing a route)', async () => {
    expect(await committed('openapi.json')).toBe(documentText(w.app.swagger()));
    expect(await committed('schema.ts')).toBe(await schemaTypes(JSON.parse(await committed('openapi.json'))));
  });

  it('runs the example against the API with an API token: finds an asset and records an event', async () => {
    const asset = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Compressor 7 (example)' });
    const created = await w.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: w.headers.memberA,
      payload: { name: 'Example script', scope: 'write', expiresInDays: 1 },
    });
    const { secret } = created.json<TCreatedApiToken>();
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.app.server.address() as AddressInfo;
    const client = maintenanceClient(`http://127.0.0.1:${port}`, secret);

    const { assetId, eventId } = await recordMaintenance(client, 'Compressor 7', 'Filter replaced');
    expect(assetId).toBe(asset.id);
    const events = await w.app.inject({
      method: 'GET',
      url: `/api/assets/${asset.id}/events`,
      headers: w.headers.memberA,
    });
    expect(events.json().events.map((e: { id: string; title: string }) => [e.id, e.title])).toEqual([
      [eventId, 'Filter replaced'],
    ]);

    await expect(recordMaintenance(client, 'No such asset', 'x')).rejects.toThrow('No asset matches');
    const unknown = maintenanceClient(`http://127.0.0.1:${port}`, `mqr_${'x'.repeat(43)}`);
    await expect(recordMaintenance(unknown, 'Compressor 7', 'x')).rejects.toThrow(
      'Listing assets failed: 401 Authentication required.',
    );
  });
});
