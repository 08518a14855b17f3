import { type APIRequestContext, expect } from '@playwright/test';
import type { Credentials } from './session.ts';

/** A signed-in API client for test setup: bearer token plus the XSRF header the server asks for. */
export interface ApiSession {
  token: string;
  organizationId: string;
  post<T>(path: string, data: unknown): Promise<T>;
  put<T>(path: string, data: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
  delete<T>(path: string): Promise<T>;
  /** A POST whose answer is a file (a label sheet's PDF): its bytes. */
  postForFile(path: string, data: unknown): Promise<Buffer>;
}

async function xsrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
  return xsrf ? { 'X-XSRF-TOKEN': xsrf.value } : {};
}

export async function apiSignIn(request: APIRequestContext, user: Credentials): Promise<ApiSession> {
  const login = await request.post('/api/auth/login', { data: user, headers: await xsrfHeader(request) });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken, organizationId } = (await login.json()) as {
    accessToken: string;
    organizationId: string;
  };
  const headers = async () => ({ authorization: `Bearer ${accessToken}`, ...(await xsrfHeader(request)) });
  const answer = async (method: 'post' | 'put' | 'get' | 'delete', path: string, data?: unknown) => {
    const response = await request[method](path, {
      headers: await headers(),
      ...(data === undefined ? {} : { data }),
    });
    expect(
      response.ok(),
      `${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`,
    ).toBe(true);
    return response;
  };
  const send = async <T>(
    method: 'post' | 'put' | 'get' | 'delete',
    path: string,
    data?: unknown,
  ): Promise<T> => {
    const response = await answer(method, path, data);
    // 204: no body to read (a deletion).
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return {
    token: accessToken,
    organizationId,
    post: (path, data) => send('post', path, data),
    put: (path, data) => send('put', path, data),
    get: (path) => send('get', path),
    delete: (path) => send('delete', path),
    postForFile: async (path, data) => (await answer('post', path, data)).body(),
  };
}

/**
 * A new organization (made by the demo super administrator) with one administrator, signed in: for a
 * spec whose data must not meet the demo organization's.
 */
export async function apiNewOrganization(
  request: APIRequestContext,
  superAdmin: Credentials,
  name: string,
  admin: Credentials & { displayName: string },
): Promise<ApiSession> {
  const session = await apiSignIn(request, superAdmin);
  const organization = await session.post<{ id: string }>('/api/admin/organizations', { name });
  await session.post('/api/admin/users', { ...admin, isAdmin: true, organizationId: organization.id });
  return apiSignIn(request, admin);
}
