import { i18n } from '@lingui/core';
import { type ApiText, saidOf, wordIn } from '@mqr/contracts';

/** A text of the API: its English, with the id and values that word it (ADR 113). */
export type TApiText = ApiText;

/**
 * An API message in the active language (ADR 113): its id and values, else those of the English
 * text when it is one of the contracts' messages (a schema's message checked in the browser, a
 * constant a screen shows), worded by the catalog. A message the catalog does not know (a newer
 * server's, or text of no message) stays as it is: the English the server wrote, or zod's default
 * message, which speaks the active language already (lib/zod-language.ts).
 */
export function wordMessage(text: string | TApiText): string {
  const given: TApiText = typeof text === 'string' ? { message: text } : text;
  const found = given.messageId ? given : saidOf(given.message);
  return found && i18n.locale ? wordIn(i18n, { ...found, message: given.message }) : given.message;
}
