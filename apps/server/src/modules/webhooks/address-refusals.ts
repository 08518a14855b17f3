import { WEBHOOK_MESSAGES } from '@mqr/contracts';
import type { RefusedAddressError } from '#server/lib/address-guard.ts';

/** What the API and the delivery log say of an endpoint address the guard refused. */
export function refusalMessage(error: RefusedAddressError): string {
  if (error.reason === 'notHttps') return WEBHOOK_MESSAGES.urlNotHttps;
  return error.reason === 'private' ? WEBHOOK_MESSAGES.urlPrivate : WEBHOOK_MESSAGES.urlUnresolved;
}
