import { type LookupAddress, lookup } from 'node:dns';
import { WEBHOOK_MESSAGES } from '@mqr/contracts';
import ipaddr from 'ipaddr.js';

/** Why an endpoint's address is refused: its message is the one the API and the delivery log show. */
export class RefusedAddressError extends Error {
  readonly reason: 'notHttps' | 'private' | 'unresolved';
  constructor(reason: RefusedAddressError['reason']) {
    super(
      reason === 'notHttps'
        ? WEBHOOK_MESSAGES.urlNotHttps
        : reason === 'private'
          ? WEBHOOK_MESSAGES.urlPrivate
          : WEBHOOK_MESSAGES.urlUnresolved,
    );
    this.name = 'RefusedAddressError';
    this.reason = reason;
  }
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
  if (allowPrivate) return;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(hostOf(url));
  } catch {
    throw new RefusedAddressError('unresolved');
  }
  if (addresses.length === 0) throw new RefusedAddressError('unresolved');
  if (!addresses.every((entry) => isPublicAddress(entry.address))) throw new RefusedAddressError('private');
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` of a delivery's request: resolves as usual, then refuses the connection when an
 * address is not public. The connection goes to the address checked here, so a host that changes
 * its answer between the check and the connection (DNS rebinding) cannot slip through.
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
