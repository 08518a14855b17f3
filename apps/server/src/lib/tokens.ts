import { jwtVerify, SignJWT } from 'jose';

/** The claims of an access token. `ver` is the user's token version when the token was issued. */
export interface TokenClaims {
  sub: string;
  org: string;
  ver: number;
  iat: number;
  exp: number;
}

export interface TokenSubject {
  id: string;
  organizationId: string;
  tokenVersion: number;
}

export interface IssuedToken {
  accessToken: string;
  /** ISO 8601 */
  expiresAt: string;
}

export interface TokenService {
  issueToken(user: TokenSubject): Promise<IssuedToken>;
  /** The claims of a valid token signed with our secret, or null (bad signature, expired, malformed). */
  verifyToken(token: string): Promise<TokenClaims | null>;
}

export interface TokenOptions {
  secret: string;
  /** Lifetime of a token in hours; may be fractional (tests use a negative value to get expired tokens). */
  ttlHours: number;
  now?: () => number;
}

const ALGORITHM = 'HS256';
/** Checked tokens kept per process (about 300 bytes each); the oldest goes first. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Signed HS256 JWTs: stateless, so any number of server instances accept each other's tokens. */
export function createTokenService(options: TokenOptions): TokenService {
  // Imported once: handed the secret's bytes, jose imports a key on every verify (2% of a signed-in
  // request's JavaScript).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const now = options.now ?? Date.now;
  // Tokens whose signature was checked, until they expire: a signed-in client sends the same token
  // with every request, and checking its HMAC again each time was a tenth of a request's
  // JavaScript. Only the exact string checked before hits; the user's row is still read on every
  // request, so a deactivation or a password change takes effect at once.
  const verified = new Map<string, TokenClaims>();
  const remember = (token: string, claims: TokenClaims) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
  };

  return {
    async issueToken(user) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAt = issuedAt + Math.round(options.ttlHours * 3600);
      const accessToken = await new SignJWT({ org: user.organizationId, ver: user.tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await key);
      return { accessToken, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },

    async verifyToken(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > now()) return known;
        verified.delete(token);
      }
      const claims = await verifySignature(token);
      if (claims) remember(token, claims);
      return claims;
    },
  };

  async function verifySignature(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: [ALGORITHM],
        currentDate: new Date(now()),
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      const { sub, org, ver, iat, exp } = payload;
      if (
        typeof sub !== 'string' ||
        typeof org !== 'string' ||
        typeof ver !== 'number' ||
        !Number.isInteger(ver) ||
        typeof iat !== 'number' ||
        typeof exp !== 'number'
      ) {
        return null;
      }
      return { sub, org, ver, iat, exp };
    } catch {
      // Bad signature, expired, malformed: all simply "not a valid token".
      return null;
    }
  }
}
