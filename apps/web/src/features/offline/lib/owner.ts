/**
 * Whose data this is on the device: `{organizationId}:{userId}` from the session's token (its `org`
 * and `sub` claims; the server checks the token, this only tells users apart). Null when signed out.
 */
export function ownerOfToken(token: string | null | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { sub?: unknown; org?: unknown };
    return typeof claims.sub === 'string' && typeof claims.org === 'string'
      ? `${claims.org}:${claims.sub}`
      : null;
  } catch {
    return null;
  }
}
