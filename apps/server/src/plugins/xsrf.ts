import { randomBytes, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import { API_MESSAGES, API_TOKEN_PREFIX, XSRF_COOKIE, XSRF_HEADER } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/app-error.ts';

export const XSRF_MESSAGE = API_MESSAGES.xsrf;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const HEADER = XSRF_HEADER.toLowerCase();
/** A request authenticated by an API token: a browser never sends one by itself (ADR 061). */
const API_TOKEN_BEARER = new RegExp(`^Bearer[ ]+${API_TOKEN_PREFIX}`, 'i');

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit cookie. Every response to a request without a (well-formed) XSRF-TOKEN cookie nor an
 * Authorization header sets one, readable by the page's scripts (the page itself and the sign-in
 * have neither). A state-changing request that carries the cookie must echo it in the
 * X-XSRF-TOKEN header: another site can make the browser send the cookie but cannot read it. Requests
 * without the cookie (scripts, bearer-only API clients) are not checked: the API authenticates with
 * bearer tokens, never with cookies. Nor are requests made with an API token, even from a client
 * that keeps cookies: another site can make a browser send the cookie, never the token (and a
 * request whose token is not valid is refused by the auth hooks). Needs @fastify/cookie registered first.
 */
async function xsrf(app: FastifyInstance): Promise<void> {
  const secure = app.config.publicBaseUrl.startsWith('https:');

  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const wellFormed = cookie !== undefined && TOKEN_PATTERN.test(cookie);
    // A request with a bearer token is a script or a page that was given its cookie with the page.
    if (!wellFormed && request.headers.authorization === undefined) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure,
        httpOnly: false,
      });
    }
    if (cookie === undefined || SAFE_METHODS.has(request.method)) return done();
    if (API_TOKEN_BEARER.test(request.headers.authorization ?? '')) return done();
    const header = request.headers[HEADER];
    if (!wellFormed || typeof header !== 'string' || !sameToken(header, cookie)) {
      return done(forbidden(XSRF_MESSAGE));
    }
    done();
  });
}

export const xsrfPlugin = fp(xsrf, { name: 'mqr-xsrf', dependencies: ['@fastify/cookie'] });
