import { i18n } from '@lingui/core';
import { LOGIN_MESSAGES } from '@mqr/contracts';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { SIGN_IN_TEXTS } from '../texts.ts';

/**
 * What the sign-in screens say when signing in fails (docs/product/sign-in.md#sign-in-errors): the
 * server's plain message for what it refused on purpose, a generic one for anything else.
 */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n._(SIGN_IN_TEXTS.genericError);
  // The API client's NETWORK_ERROR_MESSAGE, in the visitor's language.
  if (error.isNetworkError) return i18n._(SIGN_IN_TEXTS.unreachable);
  if (error.status === 401) return wordMessage(LOGIN_MESSAGES.invalidCredentials);
  if ([400, 403, 404, 429, 503].includes(error.status) && error.code !== 'HTTP_ERROR') return error.message;
  return i18n._(SIGN_IN_TEXTS.genericError);
}
