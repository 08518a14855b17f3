import type { TCurrentUser, TLoginResponse, TOrganization, TSsoSettings } from '@mqr/contracts';
import { vi } from 'vitest';

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
    dailyDigest: true,
    language: null,
    organizationLanguage: 'en',
    currency: 'EUR',
    ...overrides,
  };
}

/** The signed-in person's organization as GET /api/auth/organization answers it. */
export function organization(overrides: Partial<TOrganization> = {}): TOrganization {
  return {
    id: 'org-1',
    name: 'Acme',
    logoUrl: null,
    timeZone: 'UTC',
    dailyDigest: true,
    defaultLanguage: 'en',
    publicLocationPages: false,
    publicAssetLocation: false,
    reportingEnabled: true,
    showOpenReports: true,
    requestTriageRole: 'member',
    currency: 'EUR',
    publicChecklistSummary: false,
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

/**
 * Catches the downloads the app starts (an object URL clicked as a link): the file names, in order.
 * Restored by vi.restoreAllMocks() (the click) and by the next call (the object URLs).
 */
export function captureDownloads(): string[] {
  const names: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:download');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

/** A label PDF as POST /api/labels answers it. */
export function pdfResponse(fileName = 'labels-2026-11-26.pdf'): Response {
  return new Response(new Blob(['%PDF-1.7']), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
    },
  });
}

/** GET /api/admin/organization/sso of an organization that has not set single sign-on up. */
export function ssoSettings(overrides: Partial<TSsoSettings> = {}): TSsoSettings {
  return {
    configured: false,
    enabled: false,
    issuer: '',
    clientId: '',
    hasClientSecret: false,
    displayName: '',
    allowedDomains: [],
    createUsers: false,
    requireSso: false,
    redirectUri: 'http://localhost:3000/login/sso',
    signInUrl: 'http://localhost:3000/login?organization=org-1',
    ...overrides,
  };
}
