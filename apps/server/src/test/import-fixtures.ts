import type { TImportRun } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { multipart } from './multipart-body.ts';

type Headers = Record<string, string>;

/** POST /api/admin/imports of a CSV file, as the upload page sends it. */
export function uploadImport(
  app: FastifyInstance,
  headers: Headers,
  data: Buffer | string,
  fileName = 'assets.csv',
) {
  const body = multipart([{ name: 'file', fileName, contentType: 'text/csv', data }]);
  return app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The import of an upload that must succeed. */
export async function uploadedImport(
  app: FastifyInstance,
  headers: Headers,
  data: Buffer | string,
): Promise<TImportRun> {
  const response = await uploadImport(app, headers, data);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The import once its background check or commit has finished. */
export async function settledImport(app: FastifyInstance, headers: Headers, id: string): Promise<TImportRun> {
  for (let i = 0; i < 200; i++) {
    const run: TImportRun = (
      await app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers })
    ).json();
    if (run.status !== 'Checking' && run.status !== 'Importing') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The import did not settle.');
}

/** Starts the import's check or commit (which must be accepted) and waits until it has finished. */
export async function startAndSettle(
  app: FastifyInstance,
  headers: Headers,
  id: string,
  step: 'check' | 'commit',
): Promise<TImportRun> {
  const response = await app.inject({ method: 'POST', url: `/api/admin/imports/${id}/${step}`, headers });
  expect(response.statusCode, response.body).toBe(202);
  return settledImport(app, headers, id);
}

/** A CSV uploaded with its proposed mapping, checked and committed: the import once Done. */
export async function importCsv(app: FastifyInstance, headers: Headers, csv: string): Promise<TImportRun> {
  const run = await uploadedImport(app, headers, csv);
  const checked = await startAndSettle(app, headers, run.id, 'check');
  expect(checked).toMatchObject({ status: 'Checked', problemCount: 0 });
  const done = await startAndSettle(app, headers, run.id, 'commit');
  expect(done.status, done.error ?? '').toBe('Done');
  return done;
}
