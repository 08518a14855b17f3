import { languageOf, type TLanguage } from '@mqr/contracts';
import type { AuthUser } from '#server/lib/request-context.ts';

/**
 * The language the signed-in person's files are written in (label sheets, CSV headers; ADR 111):
 * theirs, else their organization's (languageOf), as the request's authentication read them.
 */
export function readerLanguage(user: Pick<AuthUser, 'language' | 'organizationLanguage'>): TLanguage {
  return languageOf(user, { language: user.organizationLanguage });
}
