// Writes the API's OpenAPI document and the client types generated from it into docs/api-client:
// npm run api:client (after changing a route; src/docs/api-client.test.ts fails until then).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { documentText, schemaTypes } from '@mqr/api-client/generate';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/test/test-config.ts';

const OUT = new URL('../../../docs/api-client/', import.meta.url);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-openapi-'));
try {
  // The settings of the API tests: the document they compare with is made the same way.
  const app = await buildApp(testConfig(dataDir), {
    logger: false,
    bootstrap: false,
    sweepUploads: false,
    scheduleEngine: false,
  });
  try {
    await app.ready();
    const document = app.swagger();
    await writeFile(new URL('openapi.json', OUT), documentText(document));
    await writeFile(new URL('schema.ts', OUT), await schemaTypes(document));
  } finally {
    await app.close();
  }
  console.log('docs/api-client/openapi.json and schema.ts written.');
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
