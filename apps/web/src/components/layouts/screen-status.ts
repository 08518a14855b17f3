/** A screen's message about what the user just did: a save that failed or went through. */
export type TScreenStatus = { tone: 'error' | 'success'; text: string };
