import type { FastifyRequest } from 'fastify';

/** What stands in the log for a secret. */
export const REDACTED = '[redacted]';

/**
 * The request's URL as the log may show it (ADR 084). Every query value is masked, whatever the
 * route: the signature of a signed upload URL, the provider's code and state on the single sign-on
 * return page, anything a client puts there. A path that starts with one of `secretPaths` keeps that
 * start and loses the rest (the calendar feed's token). The path is compared decoded, as the router
 * matches it, so an encoded spelling of the start is masked too.
 */
export function loggableUrl(url: string, secretPaths: readonly string[]): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : url.slice(queryAt + 1);
  const decoded = safeDecode(path);
  const secretPath = secretPaths.find((start) => decoded.startsWith(start));
  const shownPath = secretPath ? `${secretPath}${REDACTED}` : path;
  return query === undefined ? shownPath : `${shownPath}?${maskQuery(query)}`;
}

/** `a=1&b&c=3` → `a=[redacted]&[redacted]&c=[redacted]`: names stay (a bare name may be the secret). */
function maskQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1 ? REDACTED : `${pair.slice(0, equals)}=${REDACTED}`;
    })
    .join('&');
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Fastify's request serializer with the URL made loggable: the same fields as its default one
 * (method, url, version, host, remoteAddress, remotePort), never a header.
 */
export function requestSerializer(secretPaths: readonly string[]) {
  return (request: FastifyRequest) => {
    const version = request.headers?.['accept-version'];
    return {
      method: request.method,
      url: loggableUrl(request.url, secretPaths),
      version: Array.isArray(version) ? version[0] : version,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  };
}
