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

/** A message said with its values: what an error body carries (`message`, `messageId`, `values`). */
export interface Said {
  readonly messageId: string;
  /** In English, as the API has always written it. */
  readonly message: string;
  readonly values?: MessageValues;
}

const englishNumber = new Intl.NumberFormat('en-US');

/** The closing brace matching the one before `from` (ICU quoting with `'` respected). */
function closingBrace(pattern: string, from: number): number {
  let depth = 1;
  for (let i = from; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "'" && (pattern[i + 1] === '{' || pattern[i + 1] === '}')) {
      i = pattern.indexOf("'", i + 1);
      if (i < 0) break;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  throw new Error(`Unbalanced braces in message: ${pattern}`);
}

/** A plural's or select's branches: `key {text} key {text} ...`. */
function branches(body: string): Map<string, string> {
  const found = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open < 0) break;
    const key = body.slice(i, open).trim();
    const close = closingBrace(body, open + 1);
    found.set(key, body.slice(open + 1, close));
    i = close + 1;
  }
  return found;
}

const pluralRules = new Intl.PluralRules('en-US');

/** The English text of an ICU message: `{name}`, `{name, number}`, plural (`=n`, one, other, `#`) and select. */
export function formatEnglish(pattern: string, values: MessageValues = {}, count?: number): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    if (char === "'" && (pattern[i + 1] === '{' || pattern[i + 1] === '}' || pattern[i + 1] === "'")) {
      if (pattern[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      const end = pattern.indexOf("'", i + 1);
      out += pattern.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? pattern.length : end + 1;
    } else if (char === '#' && count !== undefined) {
      out += englishNumber.format(count);
      i++;
    } else if (char === '{') {
      const close = closingBrace(pattern, i + 1);
      const inner = pattern.slice(i + 1, close);
      const [name = '', kind, ...rest] = inner.split(',');
      const key = name.trim();
      const value = values[key];
      const type = kind?.trim();
      if (type === 'plural' || type === 'select') {
        const options = branches(rest.join(','));
        const n = Number(value);
        const chosen =
          type === 'plural'
            ? (options.get(`=${n}`) ?? options.get(pluralRules.select(n)) ?? options.get('other'))
            : (options.get(String(value)) ?? options.get('other'));
        out += formatEnglish(chosen ?? '', values, type === 'plural' ? n : count);
      } else if (type === 'number') {
        out += englishNumber.format(Number(value));
      } else {
        out += value === undefined ? `{${key}}` : String(value);
      }
      i = close + 1;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

/** `text` said with `values`: its id, its values and its English. */
export function said(text: MessageText, values?: MessageValues): Said {
  const message = formatEnglish(text.message, values);
  return values ? { messageId: text.id, message, values } : { messageId: text.id, message };
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

/** The message an English text is, when it is one of ours; undefined for any other text. */
export function saidOf(english: string): Said | undefined {
  return known.get(english);
}
