import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, loginResponse } from '../test/fixtures.ts';
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { createAuthStore } from './auth-store.ts';

function setup(response: () => Response | Promise<Response> = () => jsonResponse({ ok: true })) {
  const store = createAuthStore({ storage: null });
  const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response());
  const client = createApiClient({ store, fetchImpl: fetchImpl as unknown as typeof fetch });
  const headersOf = (call = 0) => new Headers(fetchImpl.mock.calls[call]?.[1]?.headers);
  return { store, fetchImpl, client, headersOf };
}

describe('api client', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: test cookie
    document.cookie = 'XSRF-TOKEN=xsrf%2Fvalue; path=/';
  });

  it('sends no Authorization header when logged out', async () => {
    const { client, headersOf } = setup();
    await client.request('/api/client-config');
    expect(headersOf().has('Authorization')).toBe(false);
  });

  it('sends the bearer token when one exists', async () => {
    const { client, store, headersOf } = setup();
    store.login(loginResponse({ accessToken: 'abc' }), 'a@b.co');
    await client.request('/api/assets');
    expect(headersOf().get('Authorization')).toBe('Bearer abc');
  });

  it('echoes the XSRF cookie on non-GET requests to relative URLs only', async () => {
    const { client, headersOf } = setup();
    await client.request('/api/assets');
    await client.request('/api/assets', { method: 'POST', body: { name: 'Pump' } });
    await client.request('https://storage.example.com/upload', { method: 'PUT', body: { a: 1 } });
    await client.request('//storage.example.com/upload', { method: 'DELETE' });
    expect(headersOf(0).has('X-XSRF-TOKEN')).toBe(false);
    expect(headersOf(1).get('X-XSRF-TOKEN')).toBe('xsrf/value');
    expect(headersOf(1).get('Content-Type')).toBe('application/json');
    expect(headersOf(2).has('X-XSRF-TOKEN')).toBe(false);
    expect(headersOf(3).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends JSON and parses JSON', async () => {
    const { client, fetchImpl } = setup(() => jsonResponse({ id: 7 }));
    const result = await client.request('/api/assets', {
      method: 'POST',
      body: { name: 'Pump' },
      query: { a: 1, b: undefined },
    });
    expect(result).toEqual({ id: 7 });
    expect(String(fetchImpl.mock.calls[0]?.[0])).toBe('/api/assets?a=1');
    expect(fetchImpl.mock.calls[0]?.[1]?.body).toBe('{"name":"Pump"}');
  });

  it('throws ApiError with the server code, message and fields', async () => {
    const { client } = setup(() =>
      jsonResponse(
        { code: 'VALIDATION', message: 'Bad input', fields: [{ path: 'name', message: 'Required' }] },
        400,
      ),
    );
    const error = await client.request('/api/assets', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Bad input',
      fields: [{ path: 'name', message: 'Required' }],
    });
  });

  it('keeps the message id and values the server sends (ADR 113), and the English message', async () => {
    const { client } = setup(() =>
      jsonResponse(
        {
          code: 'VALIDATION',
          message: 'Some fields are not valid.',
          messageId: 'api.fieldsInvalid',
          fields: [
            {
              path: 'count',
              message: 'Must be a whole number from 1 to 5.',
              messageId: 'input.wholeNumberBetween',
              values: { min: 1, max: 5 },
            },
          ],
        },
        400,
      ),
    );
    const error = await client.request('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'Some fields are not valid.',
      englishMessage: 'Some fields are not valid.',
      fields: [
        {
          path: 'count',
          message: 'Must be a whole number from 1 to 5.',
          messageId: 'input.wholeNumberBetween',
          values: { min: 1, max: 5 },
        },
      ],
    });
  });

  it('reads only error bodies shaped as the API sends them (an unknown code or malformed fields is an HTTP error)', async () => {
    for (const body of [
      { code: 'TEAPOT', message: 'No' },
      { code: 'NOT_FOUND' },
      { code: 'VALIDATION', message: 'Bad input', fields: [{ path: 'name' }] },
      { code: 'VALIDATION', message: 'Bad input', fields: 'name' },
      ['NOT_FOUND'],
    ]) {
      const { client } = setup(() => jsonResponse(body, 418));
      await expect(client.request('/api/x'), JSON.stringify(body)).rejects.toMatchObject({
        status: 418,
        code: 'HTTP_ERROR',
        message: 'Request failed (418).',
      });
    }
    const { client } = setup(() => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404));
    await expect(client.request('/api/x')).rejects.toMatchObject({ code: 'NOT_FOUND', fields: [] });
  });

  it('throws ApiError for non-JSON error bodies and network failures', async () => {
    const { client } = setup(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(client.request('/api/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
    const failing = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(failing.client.request('/api/x')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('logs out on a 401 to a request that carried a token', async () => {
    const { client, store } = setup(() =>
      jsonResponse({ code: 'UNAUTHORIZED', message: 'Token no longer valid' }, 401),
    );
    store.login(loginResponse(), 'a@b.co');
    await expect(client.request('/api/assets')).rejects.toMatchObject({ status: 401 });
    expect(store.getSnapshot().auth).toBeNull();
  });

  it('keeps a newer session when a request sent with the old token answers 401', async () => {
    const { client, store } = setup(() => {
      // The token changed (password change) while this request was in flight.
      store.login(loginResponse({ accessToken: 'new-token' }), 'a@b.co');
      return jsonResponse({ code: 'UNAUTHORIZED', message: 'Token no longer valid' }, 401);
    });
    store.login(loginResponse({ accessToken: 'old-token' }), 'a@b.co');
    await expect(client.request('/api/assets')).rejects.toMatchObject({ status: 401 });
    expect(store.getToken()).toBe('new-token');
  });

  it('does not log out on other errors', async () => {
    const { client, store } = setup(() => jsonResponse({ code: 'FORBIDDEN', message: 'No' }, 403));
    store.login(loginResponse(), 'a@b.co');
    await expect(client.request('/api/admin/users')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(store.getSnapshot().auth).not.toBeNull();
  });

  it('sends the Idempotency-Key it is given', async () => {
    const { client, headersOf } = setup();
    await client.request('/api/assets/a/events', { method: 'POST', body: {}, idempotencyKey: 'key-1' });
    await client.request('/api/assets/a/events', { method: 'POST', body: {} });
    expect(headersOf(0).get('Idempotency-Key')).toBe('key-1');
    expect(headersOf(1).has('Idempotency-Key')).toBe(false);
  });
});
