// Records a maintenance event on an asset found by name, with an API token:
//
//   MQR_URL=https://maintenance.example.com MQR_TOKEN=mqr_… \
//     npm run api:example -- "Compressor 7" "Filter replaced"
//
// npm runs it on the project's Node.js 24 (Node 20's npm is enough); `node` directly needs 22.18+.
//
// The client is typed by the API's OpenAPI document (schema.ts, made by openapi-typescript): a route,
// query or body that the API no longer accepts fails `npm run typecheck`, so this example cannot rot.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import type { paths } from '../schema.ts';

export type MaintenanceClient = ReturnType<typeof createClient<paths>>;

/** A client that authenticates every request with an API token (no XSRF header is needed). */
export function maintenanceClient(
  baseUrl: string,
  token: string,
  fetch?: typeof globalThis.fetch,
): MaintenanceClient {
  return createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${token}` },
    ...(fetch ? { fetch } : {}),
  });
}

/**
 * The status and the API's message of a refused request: every error answers {code, message}, which
 * openapi-fetch hands over as `error` (the document lists the successful answers only).
 */
function failure(result: { error?: unknown; response: Response }): string {
  const message = (result.error as { message?: string } | undefined)?.message;
  return `${result.response.status} ${message ?? result.response.statusText}`;
}

/** Finds the asset whose name contains `search` and records an event on it; the new event's id. */
export async function recordMaintenance(
  client: MaintenanceClient,
  search: string,
  title: string,
): Promise<{ assetId: string; eventId: string }> {
  const assets = await client.GET('/api/assets', { params: { query: { search, pageSize: 2 } } });
  if (!assets.data) throw new Error(`Listing assets failed: ${failure(assets)}`);
  const [asset, another] = assets.data;
  if (!asset) throw new Error(`No asset matches "${search}".`);
  if (another) throw new Error(`Several assets match "${search}": be more precise.`);

  const event = await client.POST('/api/assets/{id}/events', {
    params: { path: { id: asset.id } },
    body: { title, notes: 'Recorded by a script.' },
    // A retry with the same key answers the first result: never a second event.
    headers: { 'Idempotency-Key': randomUUID() },
  });
  if (!event.data) throw new Error(`Recording the event failed: ${failure(event)}`);
  return { assetId: asset.id, eventId: event.data.id };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [search, title] = process.argv.slice(2);
  const token = process.env.MQR_TOKEN;
  if (!search || !title || !token) {
    console.error('Usage: MQR_URL=… MQR_TOKEN=mqr_… npm run api:example -- <asset name> <event title>');
    process.exit(2);
  }
  const client = maintenanceClient(process.env.MQR_URL ?? 'http://localhost:3000', token);
  const { eventId } = await recordMaintenance(client, search, title);
  console.log(`Recorded event ${eventId}.`);
}
