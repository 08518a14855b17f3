// Email reminders: the daily digest of due tasks (docs/product/reminders.md, ADR 060).

/** The local hour (organization's time zone) from which the day's digests go out: 07:00. */
export const DIGEST_HOUR = 7;

/** Tasks listed per section of a digest (overdue, due today, due soon); the rest are counted. */
export const DIGEST_SECTION_LIMIT = 50;
