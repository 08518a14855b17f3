import { safeLocalStorage } from '#web/lib/safe-local-storage.ts';

/** The organization whose provider this browser last signed in with: the sign-in page offers it again. */
export const SSO_ORGANIZATION_KEY = 'mqr.sso-organization';

export function rememberedSsoOrganization(): string | null {
  try {
    return safeLocalStorage()?.getItem(SSO_ORGANIZATION_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberSsoOrganization(organizationId: string | null): void {
  try {
    const storage = safeLocalStorage();
    if (organizationId) storage?.setItem(SSO_ORGANIZATION_KEY, organizationId);
    else storage?.removeItem(SSO_ORGANIZATION_KEY);
  } catch {
    // Storage full or blocked: the link still works.
  }
}
