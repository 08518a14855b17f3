import { z } from 'zod';
import { englishMessages, inEnglish, said } from './messages.ts';

/**
 * What any input must fit to be stored (ADR 019): text without NUL characters (PostgreSQL refuses
 * them) or unpaired UTF-16 surrogates (UTF-8 cannot encode them; they would be saved as U+FFFD),
 * whole numbers within the int4 columns they go to, and instants within the years 1900..9999.
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** Paged lists: beyond this page an offset is meaningless (and would overflow the database's integers). */
export const MAX_PAGE = 1_000_000;
export const EARLIEST_INSTANT = '1900-01-01T00:00:00.000Z';
export const LATEST_INSTANT = '9999-12-31T23:59:59.999Z';

export const INPUT_MESSAGES = {
  ...englishMessages({
    unstorableText: /*i18n*/ {
      id: 'input.unstorableText',
      message: 'Remove the NUL character or the broken Unicode (an unpaired surrogate) from this text.',
    },
    instantOutOfRange: /*i18n*/ {
      id: 'input.instantOutOfRange',
      message: 'Use a date between the years 1900 and 9999.',
    },
  }),
  wholeNumberBetween: inEnglish((min: number, max: number) =>
    said(
      /*i18n*/ { id: 'input.wholeNumberBetween', message: 'Must be a whole number from {min} to {max}.' },
      { min, max },
    ),
  ),
} as const;

/** A NUL character or a surrogate not part of a pair (in `u` mode a pair is one code point, not Cs). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE_CHARACTER = /[\u0000\p{Cs}]/u;

/** True when the text can be stored as it is. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_CHARACTER.test(text);
}

/** A string schema that refuses text the database cannot store; chain trims and limits after it. */
export function storableText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: INPUT_MESSAGES.unstorableText, abort: true });
}

/** A whole number within [min, max], with one message for every way to miss it. */
export function boundedInt(min: number, max: number, message = INPUT_MESSAGES.wholeNumberBetween(min, max)) {
  return z.number({ message }).int({ message }).min(min, { message }).max(max, { message });
}

const earliest = Date.parse(EARLIEST_INSTANT);
const latest = Date.parse(LATEST_INSTANT);

/** True for an ISO instant (any offset) that falls within the stored range. */
export function isInstantInRange(iso: string): boolean {
  const time = Date.parse(iso);
  return time >= earliest && time <= latest;
}

/** An ISO 8601 date and time with an offset (`Z` or `±hh:mm`), within the years 1900..9999 once in UTC. */
export function instant(message: string) {
  return z.iso
    .datetime({ offset: true, message, abort: true })
    .refine(isInstantInRange, { message: INPUT_MESSAGES.instantOutOfRange });
}

/** The page of a paged list: a whole number from 1 to MAX_PAGE (query strings are coerced). */
const pageMessage = { message: INPUT_MESSAGES.wholeNumberBetween(1, MAX_PAGE) };
export const ZPageNumber = z.coerce
  .number(pageMessage)
  .int(pageMessage)
  .min(1, pageMessage)
  .max(MAX_PAGE, pageMessage)
  .default(1);

/** The body of an action that takes none (start a task, retire an asset): nothing, `null` or `{}`. */
export const ZEmptyBody = z.object({}).passthrough().nullish();
