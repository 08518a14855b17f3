// Fitting text on a PDF page with the standard fonts (WinAnsi): the label sheets' and the checklist reports'.

/** What the text fitting needs of a font: pdf-lib's PDFFont has both. */
export interface MeasuringFont {
  widthOfTextAtSize(text: string, size: number): number;
}

const ELLIPSIS = '…';
const COMBINING_MARK = /\p{M}/u;
const SPACE_LIKE = /[\p{Z}\p{Cc}]/u;
/** Invisible format characters (zero-width joiners, direction marks, soft hyphens): dropped. */
const INVISIBLE = /\p{Cf}/u;

/**
 * `text` as the font can encode it (the standard PDF fonts know WinAnsi only): characters it lacks
 * become their compatibility decomposition without accents where that is encodable (`№` → `No`,
 * `ő` → `o`), otherwise `?`; spaces, line breaks and control characters become one space, invisible
 * format characters go.
 */
export function encodableText(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (INVISIBLE.test(char)) continue;
    if (SPACE_LIKE.test(char)) {
      out += ' ';
    } else if (supported.has(code)) {
      out += char;
    } else {
      let replacement = '';
      for (const part of char.normalize('NFKD')) {
        if (COMBINING_MARK.test(part)) continue;
        const partCode = part.codePointAt(0) ?? 0;
        if (supported.has(partCode) && part !== char) replacement += part;
      }
      out += replacement || '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** How many of `chars` (at least 1) make the longest start that `fits` (widths grow with length). */
function longestFittingPrefix(chars: string[], fits: (text: string) => boolean): number {
  let low = 1;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, middle).join(''))) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The longest start of `text` that, followed by an ellipsis, fits `width` (the text itself when it fits). */
export function truncateToWidth(text: string, font: MeasuringFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const chars = Array.from(text);
  const withEllipsis = (count: number) => `${chars.slice(0, count).join('').trimEnd()}${ELLIPSIS}`;
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  if (!fits(withEllipsis(1))) return ELLIPSIS;
  let low = 1;
  let high = chars.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(withEllipsis(middle))) low = middle;
    else high = middle - 1;
  }
  return withEllipsis(low);
}

/** One line of text at the size it is drawn. */
export interface FittedLine {
  text: string;
  size: number;
}

/**
 * `text` cut short in the middle with an ellipsis, keeping its last `keepEnd` characters, to fit
 * `width` (`boiler-room…-k3x9p0`: a slug keeps the suffix that tells it apart); cut at the end
 * when not even that fits.
 */
export function truncateMiddle(
  text: string,
  font: MeasuringFont,
  size: number,
  width: number,
  keepEnd: number,
): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const chars = Array.from(text);
  if (keepEnd <= 0 || keepEnd >= chars.length - 1) return truncateToWidth(text, font, size, width);
  const head = chars.slice(0, chars.length - keepEnd);
  const tail = chars.slice(chars.length - keepEnd).join('');
  const withHead = (count: number) => `${head.slice(0, count).join('')}${ELLIPSIS}${tail}`;
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  if (!fits(withHead(1))) return truncateToWidth(text, font, size, width);
  let low = 1;
  let high = head.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(withHead(middle))) low = middle;
    else high = middle - 1;
  }
  return withHead(low);
}

/**
 * One line that fits `width`: at `size`, else shrunk (down to `minSize`), else cut short with an
 * ellipsis at `minSize`: at the end, or in the middle keeping the last `keepEnd` characters.
 */
export function fitLine(
  text: string,
  font: MeasuringFont,
  size: number,
  minSize: number,
  width: number,
  keepEnd = 0,
): FittedLine {
  const natural = font.widthOfTextAtSize(text, size);
  if (natural <= width) return { text, size };
  const shrunk = Math.max(minSize, Math.floor(((size * width) / natural) * 10) / 10);
  return { text: truncateMiddle(text, font, shrunk, width, keepEnd), size: shrunk };
}

/**
 * Greedy word wrap into at most `maxLines` lines of `width`; a word wider than a line is broken
 * between characters. Answers undefined when the text needs more lines.
 */
export function wrapLines(
  text: string,
  font: MeasuringFont,
  size: number,
  width: number,
  maxLines: number,
): string[] | undefined {
  const lines: string[] = [];
  let current = '';
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of text.split(' ').filter(Boolean)) {
    const joined = current ? `${current} ${word}` : word;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current) {
      lines.push(current);
      if (lines.length >= maxLines) return undefined;
      current = '';
    }
    // The word alone: whole if it fits, otherwise broken where it overflows.
    let rest = Array.from(word);
    while (rest.length > 1 && !fits(rest.join(''))) {
      const take = longestFittingPrefix(rest, fits);
      lines.push(rest.slice(0, take).join(''));
      if (lines.length >= maxLines) return undefined;
      rest = rest.slice(take);
    }
    // A single character wider than the line: no wrapping fits.
    if (!fits(rest.join(''))) return undefined;
    current = rest.join('');
  }
  if (current) lines.push(current);
  return lines.length <= maxLines ? lines : undefined;
}

/**
 * Up to `maxLines` lines that fit `width`: wrapped at `size`, else at smaller sizes down to
 * `minSize`, else wrapped at `minSize` with the last line truncated with an ellipsis.
 */
export function fitLines(
  text: string,
  font: MeasuringFont,
  size: number,
  minSize: number,
  width: number,
  maxLines: number,
): FittedLine[] {
  if (!text) return [];
  const sizes: number[] = [];
  for (let candidate = size; candidate > minSize; candidate = Math.round((candidate - 0.5) * 10) / 10) {
    sizes.push(candidate);
  }
  sizes.push(minSize);
  for (const candidate of sizes) {
    const lines = wrapLines(text, font, candidate, width, maxLines);
    if (lines) return lines.map((line) => ({ text: line, size: candidate }));
  }
  // Too long even at the smallest size: the first lines as wrapped, the rest cut short on the last.
  const lines = wrapLines(text, font, minSize, width, Number.MAX_SAFE_INTEGER) ?? [text];
  const kept = lines.slice(0, maxLines - 1);
  const last = `${lines.slice(maxLines - 1).join(' ')}${ELLIPSIS}`;
  return [...kept, last].map((line) => ({
    text: truncateToWidth(line, font, minSize, width),
    size: minSize,
  }));
}
