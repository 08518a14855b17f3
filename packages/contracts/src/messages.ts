import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
// No zod here: the web app's API client words errors with this (ADR 032, ADR 113).

/**
 * A message the API can send, as a Lingui descriptor (ADR 113): a stable `id` (`<area>.<key>`) and
 * its English in ICU MessageFormat, marked `/*i18n*\/` where it is written so that the web's
 * extractor puts it in the catalogs. The English text stays what the API's `message` says.
 */
export interface MessageText {
  readonly id: string;
  readonly message: string;
}

/** The values a message's `{placeholders}` take. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A text of the API: its English, with the id and values that word it when it has them (ADR 113). */
export interface ApiText {
  message: string;
  messageId?: string | undefined;
  values?: MessageValues | undefined;
  /** Messages that go into this one as values, worded first (a failure quoting a row's problem). */
  parts?: MessageParts | undefined;
}

/** Messages put into another by name, each worded in the same language before it (ADR 121). */
export type MessageParts = Readonly<Record<string, ApiText>>;

/** A message said with its values: what an error body carries (`message`, `messageId`, `values`). */
export interface Said {
  readonly messageId: string;
  /** In English, as the API has always written it. */
  readonly message: string;
  readonly values?: MessageValues;
  readonly parts?: MessageParts;
}

/**
 * English, written by Lingui from the ICU source at the moment a message is said (its compiler: the
 * catalogs hold no English to look up in contracts, which both the server and the web import).
 */
const english = setupI18n({ locale: 'en', messages: { en: {} } });
english.setMessagesCompiler(compileMessage);

/** The English text of an ICU message (values, numbers, plurals, selects, quoted braces). */
export function formatEnglish(pattern: string, values: MessageValues = {}): string {
  return english._({ id: pattern, message: pattern, values });
}

/** `text` said with `values` (and `parts`, messages put in it): its id, its values and its English. */
export function said(text: MessageText, values?: MessageValues, parts?: MessageParts): Said {
  const message = formatEnglish(text.message, { ...values, ...partsIn(parts, (part) => part.message) });
  const said: Said = values ? { messageId: text.id, message, values } : { messageId: text.id, message };
  return parts ? { ...said, parts } : said;
}

/** Each part of a message, as `word` words it. */
function partsIn(parts: MessageParts | undefined, word: (part: ApiText) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(parts ?? {}).map(([name, part]) => [name, word(part)]));
}

// English text -> the message it is, for texts that travel as English strings: the zod schemas'
// custom messages, the `*_MESSAGES` constants the server throws and the web shows (ADR 113).
const known = new Map<string, Said>();
/** Texts said with values are remembered up to this many (the schemas' limits; never a request's data). */
const REMEMBERED_MAX = 2000;

function remember(entry: Said): string {
  if (!known.has(entry.message) && known.size < REMEMBERED_MAX) known.set(entry.message, entry);
  return entry.message;
}

/**
 * The English strings of a group of messages (`X_MESSAGES.key` as before), each remembered so that
 * `saidOf` finds its id and values from the English alone.
 */
export function englishMessages<K extends string>(entries: Record<K, MessageText | Said>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(entries) as K[]) {
    const entry = entries[key];
    out[key] = remember('messageId' in entry ? entry : said(entry));
  }
  return out;
}

/** A message with values written in English (`X_MESSAGES.fn(...)`), remembered while few are. */
export function inEnglish<A extends unknown[]>(say: (...args: A) => Said): (...args: A) => string {
  return (...args) => remember(say(...args));
}

/** The English of a message said, remembered as `inEnglish` remembers it (a check shared with the forms). */
export function englishOf(entry: Said): string {
  return remember(entry);
}

/** The message an English text is, when it is one of ours; undefined for any other text. */
export function saidOf(english: string): Said | undefined {
  return known.get(english);
}

/**
 * An API text in the language of `i18n` (the web's active one, or a server translator's): the
 * catalog's message for its id with its values and its parts worded alike, else its English as it
 * came (no id, or one this catalog does not know).
 */
export function wordIn(i18n: I18n, text: ApiText): string {
  const id = text.messageId;
  if (!id || i18n.messages[id] === undefined) return text.message;
  return i18n._(id, { ...text.values, ...partsIn(text.parts, (part) => wordIn(i18n, part)) });
}
