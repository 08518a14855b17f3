import { i18n } from '@lingui/core';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, ORGANIZATION_MESSAGES } from '@mqr/contracts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { ORGANIZATION_TEXTS } from '../texts.ts';

/** The input's accept list: the logo types the server takes (SVG is refused). */
export const LOGO_ACCEPT = LOGO_CONTENT_TYPES.join(',');

/** Why a chosen file cannot be a logo (the alert's text), or null when it can be sent. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return i18n._(ORGANIZATION_TEXTS.notAnImage);
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type))
    return wordMessage(ORGANIZATION_MESSAGES.logoType);
  if (file.size > LOGO_MAX_BYTES) return wordMessage(ORGANIZATION_MESSAGES.logoTooLarge);
  return null;
}
