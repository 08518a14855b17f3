import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { multipart } from './multipart-body.ts';

/** Challenges that tests solve at once (a real one asks a second or two of a phone, ADR 129). */
export function easyChallenges(app: FastifyInstance): void {
  app.requests.guards.work = { cost: 1, counterMin: 1, counterMax: 20 };
}

/** A solved challenge of an asset's report form, as the altcha widget sends it (base64 JSON). */
export async function solvedChallenge(app: FastifyInstance, assetPath: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `${assetPath}/report-challenge` });
  if (response.statusCode !== 200) throw new Error(`challenge: ${response.statusCode} ${response.body}`);
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Reports a problem on an asset through the public form (no photo); answers the token. */
export async function reportViaApi(
  app: FastifyInstance,
  organizationId: string,
  slug: string,
  fields: { description: string; urgency: string; email?: string },
  remoteAddress = '198.51.100.99',
): Promise<string> {
  const path = `/public/orgs/${organizationId}/assets/${slug}`;
  const body = multipart(
    Object.entries({ ...fields, altcha: await solvedChallenge(app, path) }).map(([name, data]) => ({
      name,
      data,
    })),
  );
  const response = await app.inject({
    method: 'POST',
    url: `${path}/reports`,
    payload: body.payload,
    remoteAddress,
    headers: { 'content-type': body.contentType },
  });
  if (response.statusCode !== 201) throw new Error(`report: ${response.statusCode} ${response.body}`);
  return response.json().token;
}
