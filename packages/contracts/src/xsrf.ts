// No zod here: the web app's API client reads these without the schemas (ADR 032).

/** Names of the cross-site request protection cookie and header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
