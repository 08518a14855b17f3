import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { multipart, type Part } from '#server/test/multipart-body.ts';

/** A 1×1 PNG: a photo by its bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const photoPart = (data: Buffer = PNG): Part => ({
  name: 'photos',
  fileName: 'leak.png',
  contentType: 'image/png',
  data,
});

/** The public report form of tests: challenges solved at once, reports posted as the page posts them. */
export function reportForm(app: FastifyInstance) {
  // Challenges solved at once in tests.
  app.requests.guards.work = { cost: 1, counterMin: 1, counterMax: 20 };

  /** A solved challenge of the asset's form (`path`: its public page), as the widget sends it. */
  async function solved(path: string): Promise<string> {
    const response = await app.inject({ method: 'GET', url: `${path}/report-challenge` });
    if (response.statusCode !== 200) throw new Error(`report-challenge answered ${response.statusCode}`);
    const challenge = response.json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  async function report(
    path: string,
    fields: Record<string, string>,
    options: { photos?: Part[]; ip?: string; key?: string; language?: string } = {},
  ) {
    const body = multipart([
      ...Object.entries(fields).map(([name, data]) => ({ name, data })),
      ...(options.photos ?? []),
    ]);
    return app.inject({
      method: 'POST',
      url: `${path}/reports`,
      payload: body.payload,
      remoteAddress: options.ip ?? '198.51.100.1',
      headers: {
        'content-type': body.contentType,
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        ...(options.language ? { 'accept-language': options.language } : {}),
      },
    });
  }

  return { solved, report };
}
