import type { LookupAddress } from 'node:dns';
import type { Agent } from 'undici';
import { assertPublicHost, guardedLookup, resolveAll } from './address-guard.ts';

export interface GuardedFetchOptions {
  /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: loopback and private addresses allowed (an intranet, tests). */
  allowPrivate: boolean;
  /** How host names are resolved for the check before each request (tests replace it). */
  resolve?: (host: string) => Promise<LookupAddress[]>;
}

/**
 * A fetch for URLs that someone else chose (an identity provider's issuer, and every address its
 * discovery document names): unless `allowPrivate`, each request's host must resolve to public
 * addresses only, checked before the request (IP literals included, which never reach a lookup) and
 * again when connecting (guardedLookup: the connection goes to the address checked, so DNS rebinding
 * cannot slip through). A refusal rejects with RefusedAddressError, or a TypeError whose cause is
 * one (refusedAddressIn finds it). It follows no redirect the caller did not ask for.
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  if (options.allowPrivate) return (input, init) => globalThis.fetch(input, init);
  let agent: Agent | undefined;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    await assertPublicHost(url, options.resolve ?? resolveAll);
    // undici (Node's own fetch, as a package: its Agent takes the connection's lookup) loads at the
    // first request, not with the server (ADR 068).
    const undici = await import('undici');
    agent ??= new undici.Agent({ connect: { lookup: guardedLookup } });
    const response = await undici.fetch(url, {
      ...(init as Parameters<typeof undici.fetch>[1]),
      dispatcher: agent,
    });
    return response as unknown as Response;
  };
}
