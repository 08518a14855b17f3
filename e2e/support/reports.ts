import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** What a visitor reports on an asset's public page (docs/product/requests.md). */
export type TReport = {
  description: string;
  urgency: 'works' | 'works_badly' | 'stopped' | 'unsafe';
  name?: string;
  email?: string;
};

/**
 * A problem reported through the public API as the page's form sends it, without a browser: the
 * asset's challenge solved here (altcha-lib, the server's PBKDF2), then the multipart report.
 * Answers the status page's path, `/r/{token}`.
 */
export async function reportProblem(
  request: APIRequestContext,
  organizationId: string,
  slug: string,
  report: TReport,
): Promise<string> {
  const asset = `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}`;
  const challengeAnswer = await request.get(`${asset}/report-challenge`);
  expect(challengeAnswer.ok(), await challengeAnswer.text()).toBe(true);
  const challenge = (await challengeAnswer.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution, 'the challenge solved').not.toBeNull();
  const altcha = Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
  // A context that signed in carries the XSRF cookie: a browser's page sends its header with it.
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
  // A visitor's own address (TEST-NET-2, through the proxy the e2e server trusts: environment.ts).
  const visitor = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const answer = await request.post(`${asset}/reports`, {
    headers: { 'X-Forwarded-For': visitor, ...(xsrf ? { 'X-XSRF-TOKEN': xsrf.value } : {}) },
    multipart: { ...report, website: '', altcha },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { statusUrl: string }).statusUrl;
}
