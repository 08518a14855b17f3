import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaced } from './load.ts';
import type { PacedRequest } from './paced-sender.ts';

/** How long the test server holds each answer. */
const HOLD_MS = 500;

describe("the bench's paced sender", () => {
  let server: Server;
  let url: string;
  let inFlight = 0;
  let mostInFlight = 0;
  let bodies: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        bodies.push(body);
        setTimeout(() => {
          inFlight--;
          response.statusCode = request.url === '/missing' ? 404 : 200;
          response.end(request.url === '/missing' ? 'no such page' : 'ok');
        }, HOLD_MS);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends at its rate whatever the answers: visitors do not wait for each other', async () => {
    mostInFlight = 0;
    bodies = [];
    const requests = Array.from(
      { length: 30 },
      (_, n): PacedRequest => ({ method: 'POST', path: '/', headers: {}, body: `visitor ${n}` }),
    );
    const result = await runPaced({ url, rate: 100, requests, expectedStatus: 200 });
    // 30 requests due within 300 ms, each answered after 500: an open loop has most of them in flight
    // at once, where a probe that waits for its answers on a few connections has as many as those.
    expect(mostInFlight).toBeGreaterThanOrEqual(10);
    expect(bodies).toHaveLength(30);
    expect(new Set(bodies).size).toBe(30);
    expect(result.errors).toBe(0);
    expect(result.p50).toBeGreaterThanOrEqual(HOLD_MS);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it('counts an answer without the expected status as an error, with what it said', async () => {
    const requests: PacedRequest[] = [
      { method: 'GET', path: '/', headers: {} },
      { method: 'GET', path: '/missing', headers: {} },
    ];
    const result = await runPaced({ url, rate: 50, requests, expectedStatus: 200 });
    expect(result.errors).toBe(1);
    expect(result.refusals).toEqual(['404: no such page']);
  });
});
