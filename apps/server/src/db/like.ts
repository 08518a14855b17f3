/** `text` for a LIKE pattern that matches it literally: `\`, `%` and `_` escaped (backslash is the default escape). */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern that finds `text` anywhere, its `\`, `%` and `_` taken as themselves. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
