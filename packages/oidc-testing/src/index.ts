import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** Someone the provider knows, by the login typed in its sign-in form (also their `sub`). */
export interface TestAccount {
  /** Left out: the provider gives no email at all. */
  email?: string;
  /** Defaults to true; false or null (the claim left out) tests unverified addresses. */
  emailVerified?: boolean | null;
  name?: string;
}

export interface TestIdentityProvider {
  /** `http://127.0.0.1:{port}`: its discovery document is at `/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's people, by login; tests add and change them at will. */
  accounts: Map<string, TestAccount>;
  /**
   * Follows an authorization URL as a browser would (its cookies kept between steps), signs in as
   * `login` in the provider's own form and answers where the provider sends the browser back: the
   * redirect URI with `code`, `state` and `iss`, or `error`.
   */
  authorize(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export interface TestIdentityProviderOptions {
  /** The redirect URIs registered for the client. */
  redirectUris: string[];
  accounts?: Record<string, TestAccount>;
  clientId?: string;
  clientSecret?: string;
}

/**
 * A real OpenID provider (oidc-provider) on a random port of 127.0.0.1, with one confidential
 * client, its development sign-in form (any login; the account decides the claims) and consent given
 * at once. Its ID tokens carry `sub` only; email, email_verified and name come from its userinfo
 * endpoint, as many real providers do.
 */
export async function startTestIdentityProvider(
  options: TestIdentityProviderOptions,
): Promise<TestIdentityProvider> {
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const clientId = options.clientId ?? 'maintenance-qr';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');

  // The issuer names its port: listen first, then make the provider that answers there.
  let handler: Parameters<typeof createServer>[1] = (_request, response) => response.end();
  const server: Server = createServer((request, response) => handler?.(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          alg: 'RS256',
          use: 'sig',
        },
      ],
    },
    // Short lives, stated (the defaults would be announced on the console).
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          const account = accounts.get(sub);
          if (!account) return { sub };
          const verified = account.emailVerified === undefined ? true : account.emailVerified;
          return {
            sub,
            ...(account.email === undefined ? {} : { email: account.email }),
            ...(verified === null ? {} : { email_verified: verified }),
            ...(account.name === undefined ? {} : { name: account.name }),
          };
        },
      };
    },
    // Consent is given at once: the test signs in, nothing more.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'json';
      ctx.body = out;
    },
  };
  const provider = new Provider(issuer, configuration);
  // Quiet: its warnings about development-only features are expected here.
  provider.on('server_error', () => {});
  handler = provider.callback();

  async function authorize(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(new URL(url, issuer), {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        const name = pair!.slice(0, at).trim();
        const value = pair!.slice(at + 1);
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    };

    let url = authorizationUrl;
    for (let step = 0; step < 10; step++) {
      const response = await send(url);
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next.href;
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action)
        throw new Error(`The provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
      const submitted = await send(new URL(action.replaceAll('&amp;', '&'), issuer).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
      });
      const resume = submitted.headers.get('location');
      if (!resume) throw new Error(`The provider's sign-in form answered ${submitted.status}.`);
      url = new URL(resume, issuer).href;
    }
    throw new Error('The provider did not send the browser back within 10 steps.');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
