import {
  isLanguage,
  type TCurrentUser,
  type TLanguage,
  type TLoginResponse,
  type TOrganization,
  type TProfileUpdateResponse,
} from '@mqr/contracts';
import { useSyncExternalStore } from 'react';
import { safeLocalStorage } from './safe-local-storage.ts';

/** The one localStorage key that holds the signed-in session. */
export const AUTH_STORAGE_KEY = 'mqr.auth';

export type TAuthState = {
  token: string;
  expiresAt: string;
  displayName: string;
  email: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  organizationId: string;
  canEditCompletedMaintenanceEvents: boolean;
  /** The language they chose; null follows the organization's (ADR 110). */
  language: TLanguage | null;
  /** Their organization's default language; null until GET /api/auth/me has answered. */
  organizationLanguage: TLanguage | null;
  /** Their organization's currency (ISO 4217, ADR 131); null until GET /api/auth/me has answered. */
  currency: string | null;
};

export type TAuthSnapshot = {
  auth: TAuthState | null;
  /** The signed-in user's organization (memory only; cleared on logout). */
  organization: TOrganization | null;
};

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** An unparseable expiresAt counts as not expired. */
export function isExpired(expiresAt: string, now: number): boolean {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return false;
  return at <= now;
}

function parseStored(raw: string): TAuthState | null {
  const value: unknown = JSON.parse(raw);
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.token !== 'string' || v.token === '') return null;
  return {
    token: v.token,
    expiresAt: typeof v.expiresAt === 'string' ? v.expiresAt : '',
    displayName: typeof v.displayName === 'string' ? v.displayName : '',
    email: typeof v.email === 'string' ? v.email : '',
    isAdmin: v.isAdmin === true,
    isSuperAdmin: v.isSuperAdmin === true,
    organizationId: typeof v.organizationId === 'string' ? v.organizationId : '',
    canEditCompletedMaintenanceEvents: v.canEditCompletedMaintenanceEvents === true,
    language: isLanguage(v.language) ? v.language : null,
    organizationLanguage: isLanguage(v.organizationLanguage) ? v.organizationLanguage : null,
    currency: typeof v.currency === 'string' ? v.currency : null,
  };
}

export type TAuthStore = ReturnType<typeof createAuthStore>;

export function createAuthStore(
  options: { storage?: TStorage | null; now?: () => number; syncAcrossTabs?: boolean } = {},
) {
  const storage = options.storage === undefined ? safeLocalStorage() : options.storage;
  const now = options.now ?? (() => Date.now());
  const listeners = new Set<() => void>();
  let snapshot: TAuthSnapshot = { auth: null, organization: null };
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  function emit() {
    for (const listener of listeners) listener();
  }

  function scheduleExpiry(auth: TAuthState | null) {
    if (expiryTimer !== undefined) clearTimeout(expiryTimer);
    expiryTimer = undefined;
    if (!auth) return;
    const at = Date.parse(auth.expiresAt);
    if (Number.isNaN(at)) return;
    // setTimeout caps at 2^31-1 ms; a later expiry is still caught on the next token read.
    const delay = Math.min(Math.max(at - now(), 0), 2_147_483_647);
    expiryTimer = setTimeout(() => {
      if (snapshot.auth && isExpired(snapshot.auth.expiresAt, now())) logout();
    }, delay);
  }

  function set(next: TAuthSnapshot) {
    snapshot = next;
    emit();
  }

  function persist(auth: TAuthState | null) {
    try {
      if (auth) storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(auth));
      else storage?.removeItem(AUTH_STORAGE_KEY);
    } catch {
      // storage full or blocked: the session still works for this tab
    }
  }

  function load() {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(AUTH_STORAGE_KEY) ?? null;
    } catch {
      raw = null;
    }
    if (raw === null) return;
    let auth: TAuthState | null = null;
    try {
      auth = parseStored(raw);
    } catch {
      auth = null;
    }
    if (!auth || isExpired(auth.expiresAt, now())) {
      persist(null); // corrupt or expired: cleared
      return;
    }
    snapshot = { auth, organization: null };
    scheduleExpiry(auth);
  }

  function logout() {
    scheduleExpiry(null);
    persist(null);
    if (snapshot.auth || snapshot.organization) set({ auth: null, organization: null });
  }

  /** The current token, or null. Checks expiry on every read (expired → logged out). */
  function getToken(): string | null {
    const auth = snapshot.auth;
    if (!auth) return null;
    if (isExpired(auth.expiresAt, now())) {
      logout();
      return null;
    }
    return auth.token;
  }

  function login(response: TLoginResponse, email: string) {
    const auth: TAuthState = {
      token: response.accessToken,
      expiresAt: response.expiresAt,
      displayName: response.displayName,
      email,
      isAdmin: response.isAdmin,
      isSuperAdmin: response.isSuperAdmin,
      organizationId: response.organizationId,
      canEditCompletedMaintenanceEvents: response.canEditCompletedMaintenanceEvents ?? false,
      language: null,
      organizationLanguage: null,
      currency: null,
    };
    persist(auth);
    scheduleExpiry(auth);
    set({ auth, organization: null });
  }

  /**
   * Refreshes the stored user fields from GET /api/auth/me or a profile update. The token stays,
   * unless the update carries a new one (a password change ends the old token).
   */
  function updateUser(user: TCurrentUser | TProfileUpdateResponse) {
    const current = snapshot.auth;
    if (!current) return;
    const { accessToken, expiresAt }: Partial<TProfileUpdateResponse> = user;
    const newToken = accessToken ? { token: accessToken, expiresAt: expiresAt ?? current.expiresAt } : {};
    const auth: TAuthState = {
      ...current,
      ...newToken,
      displayName: user.displayName,
      email: user.email,
      isAdmin: user.isAdmin,
      isSuperAdmin: user.isSuperAdmin,
      organizationId: user.organizationId,
      canEditCompletedMaintenanceEvents: user.canEditCompletedMaintenanceEvents ?? false,
      language: user.language,
      organizationLanguage: user.organizationLanguage,
      currency: user.currency,
    };
    persist(auth);
    if (accessToken) scheduleExpiry(auth);
    set({ ...snapshot, auth });
  }

  function setOrganization(organization: TOrganization | null) {
    if (!snapshot.auth) return;
    set({ ...snapshot, organization });
  }

  load();

  // Signing in or out in another tab applies here too.
  if (options.syncAcrossTabs && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
      const previous = snapshot;
      snapshot = { auth: null, organization: null };
      load();
      const sameSession = snapshot.auth !== null && snapshot.auth.token === previous.auth?.token;
      snapshot = { auth: snapshot.auth, organization: sameSession ? previous.organization : null };
      if (!snapshot.auth) scheduleExpiry(null);
      emit();
    });
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getToken,
    isLoggedIn: () => getToken() !== null,
    login,
    logout,
    updateUser,
    setOrganization,
  };
}

/** The app's single auth store. */
export const authStore = createAuthStore({ syncAcrossTabs: true });

export function useAuthSnapshot(store: TAuthStore = authStore): TAuthSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

export function useAuth(store: TAuthStore = authStore): TAuthState | null {
  return useAuthSnapshot(store).auth;
}

export function isAdminUser(auth: Pick<TAuthState, 'isAdmin' | 'isSuperAdmin'> | null): boolean {
  return !!auth && (auth.isAdmin || auth.isSuperAdmin);
}
