import { i18n } from '@lingui/core';
import { type MessageValues, saidOf } from '@mqr/contracts';

/** A text of the API: its English, with the id and values that word it (ADR 113). */
export interface TApiText {
  message: string;
  messageId?: string | undefined;
  values?: MessageValues | undefined;
}

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
  const id = found?.messageId;
  if (!id || !i18n.locale || i18n.messages[id] === undefined) return given.message;
  return i18n._(id, found.values);
}
