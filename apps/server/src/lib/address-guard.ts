import { type LookupAddress, lookup } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * The private-address guard of every URL the server fetches on someone's say-so (webhook endpoints,
 * ADR 064; identity providers, ADR 082): a host on loopback, a private network or link-local is
 * refused, so a saved URL cannot make the server reach into its own network.
 */

/** Why an address is refused; callers tell it in their own words (the reason says which). */
export class RefusedAddressError extends Error {
  readonly reason: 'notHttps' | 'private' | 'unresolved';
  constructor(reason: RefusedAddressError['reason']) {
    super(
      reason === 'notHttps'
        ? 'The URL must start with https://.'
        : reason === 'private'
          ? 'The address is on a private, loopback or link-local network.'
          : 'The host name could not be found.',
    );
    this.name = 'RefusedAddressError';
    this.reason = reason;
  }
}

/** The RefusedAddressError in an error's chain of causes (fetch and openid-client wrap it), if any. */
export function refusedAddressIn(error: unknown): RefusedAddressError | undefined {
  for (let cause = error, depth = 0; cause && depth < 10; depth++) {
    if (cause instanceof RefusedAddressError) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * True for an address on the public internet: ipaddr.js's `unicast` range, IPv4-mapped IPv6 read as
 * its IPv4. Loopback, private (RFC 1918), carrier-grade NAT, link-local, unique-local, multicast,
 * reserved, documentation and the tunnelling prefixes (6to4, Teredo, NAT64) are all something else.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL as DNS and ipaddr.js take it (IPv6 literals without their brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address a host name resolves to (an IP literal resolves to itself). */
export function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}

/** Resolves the URL's host now; throws RefusedAddressError unless every address is public. */
export async function assertPublicHost(
  url: URL,
  resolve: (host: string) => Promise<LookupAddress[]> = resolveAll,
): Promise<void> {
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(hostOf(url));
  } catch {
    throw new RefusedAddressError('unresolved');
  }
  if (addresses.length === 0) throw new RefusedAddressError('unresolved');
  if (!addresses.every((entry) => isPublicAddress(entry.address))) throw new RefusedAddressError('private');
}

/**
 * Checks an endpoint's URL before it is saved and before each delivery: https only, and a host
 * whose every address is public, unless `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES) lifts both.
 */
export async function checkEndpointUrl(
  value: string,
  allowPrivate: boolean,
  resolve: (host: string) => Promise<LookupAddress[]> = resolveAll,
): Promise<void> {
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new RefusedAddressError('notHttps');
  }
  if (!allowPrivate) await assertPublicHost(url, resolve);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` of an outgoing connection: resolves as usual, then refuses the connection when an
 * address is not public. The connection goes to the address checked here, so a host that changes
 * its answer between a check and the connection (DNS rebinding) cannot slip through. Node does not
 * call `lookup` for an IP literal: check the URL with assertPublicHost first.
 */
export function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  resolveAll(hostname).then(
    (addresses) => {
      if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address))) {
        callback(new RefusedAddressError('private'), []);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, []),
  );
}
