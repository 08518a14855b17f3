import type { TImportColumnTarget, TImportKind, TImportMatchKey, TImportRun } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { multipart } from './multipart-body.ts';

type Headers = Record<string, string>;

/**
 * The import API as an administrator's screen calls it, for API tests: upload, mapping, check and
 * commit, each waited for until its background job has settled.
 */
export function importClient(app: () => FastifyInstance) {
  const get = (headers: Headers, url: string) => app().inject({ method: 'GET', url, headers });
  const post = (headers: Headers, url: string) => app().inject({ method: 'POST', url, headers });

  function upload(headers: Headers, data: Buffer | string, fileName = 'assets.csv', kind?: TImportKind) {
    const body = multipart([{ name: 'file', fileName, contentType: 'text/csv', data }]);
    return app().inject({
      method: 'POST',
      url: kind ? `/api/admin/imports?kind=${kind}` : '/api/admin/imports',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  async function uploaded(headers: Headers, data: Buffer | string, kind?: TImportKind): Promise<TImportRun> {
    const response = await upload(headers, data, kind === 'events' ? 'history.csv' : 'assets.csv', kind);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  function map(headers: Headers, id: string, columns: TImportColumnTarget[], matchBy?: TImportMatchKey) {
    return app().inject({
      method: 'PUT',
      url: `/api/admin/imports/${id}/mapping`,
      headers,
      payload: matchBy ? { columns, matchBy } : { columns },
    });
  }

  /** The import once its background check or commit has finished. */
  async function settled(headers: Headers, id: string): Promise<TImportRun> {
    for (let i = 0; i < 600; i++) {
      const run: TImportRun = (await get(headers, `/api/admin/imports/${id}`)).json();
      if (run.status !== 'Checking' && run.status !== 'Importing') return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The import did not settle.');
  }

  async function checked(headers: Headers, id: string): Promise<TImportRun> {
    expect((await post(headers, `/api/admin/imports/${id}/check`)).statusCode).toBe(202);
    return settled(headers, id);
  }

  async function committed(headers: Headers, id: string): Promise<TImportRun> {
    const response = await post(headers, `/api/admin/imports/${id}/commit`);
    expect(response.statusCode, response.body).toBe(202);
    return settled(headers, id);
  }

  return { get, post, upload, uploaded, map, settled, checked, committed };
}
