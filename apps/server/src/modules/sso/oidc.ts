import { createHash } from 'node:crypto';
import type * as client from 'openid-client';

/** openid-client, loaded at the first single sign-on rather than with the server (idle memory, ADR 033). */
export const openIdClient = () => import('openid-client');

/** What the server needs to talk to an organization's provider. */
export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The OpenID Connect clients of every organization's provider, by discovery (openid-client). */
export interface OidcClients {
  /** The HTTP client of every call to a provider; tests replace it (the route fuzz test refuses all). */
  fetch: typeof fetch;
  /** The provider's configuration by discovery, kept 10 minutes; throws what openid-client throws. */
  configuration(provider: ProviderSettings): Promise<client.Configuration>;
}

export interface OidcClientsOptions {
  /** Accept http:// issuers (SSO_ALLOW_HTTP: tests and trials). */
  allowHttp: boolean;
  /**
   * The HTTP client of every call to a provider: the private-address guard's (lib/guarded-fetch.ts),
   * so the issuer and every address its discovery document names are called only when public.
   */
  fetch: typeof fetch;
  /** Seconds a call to a provider may take. */
  timeoutSeconds?: number;
  now?: () => number;
}

const KEPT_MS = 10 * 60_000;
const KEPT_MAX = 200;

/**
 * client_secret_basic, the method OpenID Connect assumes when a provider lists none, unless the
 * provider lists only client_secret_post.
 */
function clientSecretAuth(
  library: Awaited<ReturnType<typeof openIdClient>>,
  clientSecret: string,
): client.ClientAuth {
  const client = library;
  const basic = client.ClientSecretBasic(clientSecret);
  const post = client.ClientSecretPost(clientSecret);
  return (as, metadata, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const useBasic =
      !methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post');
    return (useBasic ? basic : post)(as, metadata, body, headers);
  };
}

export function createOidcClients(options: OidcClientsOptions): OidcClients {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { configuration: Promise<client.Configuration>; until: number }>();

  const clients: OidcClients = {
    fetch: options.fetch,
    configuration(provider) {
      // The secret's hash in the key: a new secret (or client, or issuer) is a new configuration.
      const key = createHash('sha256')
        .update(JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]))
        .digest('base64url');
      const hit = kept.get(key);
      if (hit && hit.until > now()) return hit.configuration;
      if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value as string);
      const configuration = openIdClient().then((client) =>
        client.discovery(
          new URL(provider.issuer),
          provider.clientId,
          { client_secret: provider.clientSecret },
          clientSecretAuth(client, provider.clientSecret),
          {
            [client.customFetch]: (url, init) => clients.fetch(url, init as RequestInit),
            execute: options.allowHttp ? [client.allowInsecureRequests] : [],
            timeout: options.timeoutSeconds ?? 10,
          },
        ),
      );
      kept.set(key, { configuration, until: now() + KEPT_MS });
      // A failed discovery is not kept: the next attempt asks the provider again.
      configuration.catch(() => kept.delete(key));
      return configuration;
    },
  };
  return clients;
}

/** What went wrong in a call to a provider, as the sign-in page tells it. */
export type OidcFailure =
  | { kind: 'refused'; detail: string }
  | { kind: 'mismatch' }
  | { kind: 'unreachable' };

/** Codes of answers that do not fit the attempt (state, nonce, audience, issuer, expiry, signature). */
const MISMATCH_CODES = new Set([
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);

/** Sorts an error thrown by openid-client into what the person is told. */
export async function classifyOidcError(error: unknown): Promise<OidcFailure> {
  const client = await openIdClient();
  if (error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError) {
    return { kind: 'refused', detail: error.error_description || error.error };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && MISMATCH_CODES.has(code)) return { kind: 'mismatch' };
  return { kind: 'unreachable' };
}
