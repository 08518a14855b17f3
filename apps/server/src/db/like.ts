/** An ILIKE pattern that finds `text` anywhere, its `\`, `%` and `_` taken as themselves. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
