import type { TCurrentUser, TLoginResponse } from '@mqr/contracts';

export const HOUR = 3_600_000;

export function loginResponse(overrides: Partial<TLoginResponse> = {}): TLoginResponse {
  return {
    accessToken: 'token-1',
    expiresAt: new Date(Date.now() + 8 * HOUR).toISOString(),
    displayName: 'Alex Admin',
    isAdmin: false,
    isSuperAdmin: false,
    organizationId: 'org-1',
    canEditCompletedMaintenanceEvents: false,
    ...overrides,
  };
}

export function currentUser(overrides: Partial<TCurrentUser> = {}): TCurrentUser {
  return {
    displayName: 'Alex Admin',
    email: 'alex@example.com',
    isAdmin: false,
    isSuperAdmin: false,
    organizationId: 'org-1',
    canEditCompletedMaintenanceEvents: false,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch with a router of path → handler; unknown paths answer 404. Returns the mock. */
export function mockFetch(handlers: Record<string, THandler>) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost:3000');
    calls.push({ url, init });
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`] ?? handlers[url.pathname];
    if (handler) return handler(url, init);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}
