import { describe, expect, it } from 'vitest';
import { currentUser, HOUR, loginResponse, organization } from '../test/fixtures.ts';
import { AUTH_STORAGE_KEY, createAuthStore, isExpired, type TAuthState } from './auth-store.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');

function storedAuth(overrides: Partial<TAuthState> = {}): TAuthState {
  return {
    token: 'tok',
    expiresAt: new Date(NOW + HOUR).toISOString(),
    displayName: 'Sam',
    email: 'sam@example.com',
    isAdmin: true,
    isSuperAdmin: false,
    organizationId: 'org-1',
    canEditCompletedMaintenanceEvents: true,
    language: null,
    organizationLanguage: null,
    currency: null,
    ...overrides,
  };
}

describe('auth store', () => {
  it('stores the session on login under one key, with the email', () => {
    const store = createAuthStore({ now: () => NOW });
    store.login(
      loginResponse({ expiresAt: new Date(NOW + HOUR).toISOString(), isAdmin: true }),
      'sam@example.com',
    );
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    expect(stored).toMatchObject({ token: 'token-1', email: 'sam@example.com', isAdmin: true });
    expect(store.getToken()).toBe('token-1');
    expect(store.getSnapshot().auth?.canEditCompletedMaintenanceEvents).toBe(false);
  });

  it('restores a valid stored session on load', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedAuth()));
    const store = createAuthStore({ now: () => NOW });
    expect(store.getSnapshot().auth).toEqual(storedAuth());
  });

  it('treats a missing canEditCompletedMaintenanceEvents as false', () => {
    const { canEditCompletedMaintenanceEvents: _, ...rest } = storedAuth();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(rest));
    const store = createAuthStore({ now: () => NOW });
    expect(store.getSnapshot().auth?.canEditCompletedMaintenanceEvents).toBe(false);
  });

  it('clears an expired session on load', () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify(storedAuth({ expiresAt: new Date(NOW - 1).toISOString() })),
    );
    const store = createAuthStore({ now: () => NOW });
    expect(store.getSnapshot().auth).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('checks expiry on every token read', () => {
    let now = NOW;
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedAuth()));
    const store = createAuthStore({ now: () => now });
    expect(store.getToken()).toBe('tok');
    let notified = 0;
    store.subscribe(() => notified++);
    now = NOW + HOUR + 1;
    expect(store.getToken()).toBeNull();
    expect(store.getSnapshot().auth).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(notified).toBe(1);
  });

  it('counts an unparseable expiresAt as not expired', () => {
    expect(isExpired('not a date', NOW)).toBe(false);
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedAuth({ expiresAt: 'garbage' })));
    const store = createAuthStore({ now: () => NOW + 1000 * HOUR });
    expect(store.getToken()).toBe('tok');
  });

  it.each([
    ['invalid JSON', '{not json'],
    ['a non-object', '42'],
    ['no token', JSON.stringify({ displayName: 'x' })],
    ['null', 'null'],
  ])('clears corrupt stored state (%s)', (_label, raw) => {
    localStorage.setItem(AUTH_STORAGE_KEY, raw);
    const store = createAuthStore({ now: () => NOW });
    expect(store.getSnapshot().auth).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('logout clears the stored auth and the organization', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedAuth()));
    const store = createAuthStore({ now: () => NOW });
    store.setOrganization(organization());
    expect(store.getSnapshot().organization?.name).toBe('Acme');
    store.logout();
    expect(store.getSnapshot()).toEqual({ auth: null, organization: null });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('updates the stored user fields from the current user, keeping the token', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedAuth()));
    const store = createAuthStore({ now: () => NOW });
    store.updateUser({
      displayName: 'Sam Renamed',
      email: 'new@example.com',
      isAdmin: false,
      isSuperAdmin: false,
      organizationId: 'org-1',
      canEditCompletedMaintenanceEvents: false,
      dailyDigest: true,
      language: null,
      organizationLanguage: 'en',
      currency: 'CHF',
    });
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    expect(stored).toMatchObject({
      token: 'tok',
      displayName: 'Sam Renamed',
      email: 'new@example.com',
      isAdmin: false,
      currency: 'CHF',
    });
  });

  it('replaces the token and its expiry when a profile update returns a new one', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedAuth()));
    const store = createAuthStore({ now: () => NOW });
    const expiresAt = new Date(NOW + 8 * HOUR).toISOString();
    store.updateUser({ ...currentUser(), accessToken: 'tok-2', expiresAt });
    expect(store.getToken()).toBe('tok-2');
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toMatchObject({
      token: 'tok-2',
      expiresAt,
    });
  });
});

describe('auth store across tabs', () => {
  it('follows sign-out and sign-in made in another tab', () => {
    // The app's own store listens too: keep these sessions valid by the real clock as well.
    const future = new Date(Date.now() + 1000 * HOUR).toISOString();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedAuth({ expiresAt: future })));
    const store = createAuthStore({ now: () => NOW, syncAcrossTabs: true });
    store.setOrganization(organization());
    localStorage.removeItem(AUTH_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: null }));
    expect(store.getSnapshot()).toEqual({ auth: null, organization: null });
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedAuth({ token: 'other', expiresAt: future })));
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY }));
    expect(store.getToken()).toBe('other');
  });
});
