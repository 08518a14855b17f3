import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RefusedAddressError, refusedAddressIn } from './address-guard.ts';
import { guardedFetch } from './guarded-fetch.ts';

// The fetch of the calls to identity providers (ADR 082) against a real server on loopback.

let server: Server;
let requests = 0;
let port: number;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests++;
    response.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
});

/** The refusal a fetch rejected with (directly, or as the cause of fetch's TypeError). */
async function refusal(promise: Promise<unknown>): Promise<RefusedAddressError | undefined> {
  try {
    await promise;
  } catch (error) {
    return refusedAddressIn(error);
  }
  return undefined;
}

describe('guardedFetch', () => {
  it('refuses loopback addresses and names for them, before any request', async () => {
    const fetch = guardedFetch({ allowPrivate: false });
    const before = requests;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
    ]) {
      expect((await refusal(fetch(url)))?.reason, url).toBe('private');
    }
    expect(requests).toBe(before);
  });

  it('refuses at the connection a name that resolved to a public address a moment before (DNS rebinding)', async () => {
    // The check before the request is told the name is public; the connection resolves it again.
    const fetch = guardedFetch({
      allowPrivate: false,
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
    });
    const before = requests;
    expect((await refusal(fetch(`http://localhost:${port}/`)))?.reason).toBe('private');
    expect(requests).toBe(before);
  });

  it('reaches a private address only when the setting allows it', async () => {
    const response = await guardedFetch({ allowPrivate: true })(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('hello');
  });
});
