// Email reminders: the daily digest of due tasks (docs/product/reminders.md, ADR 060).

/** The local hour (organization's time zone) from which the day's digests go out: 07:00. */
export const DIGEST_HOUR = 7;

/** Tasks listed per section of a digest (overdue, due today, due soon); the rest are counted. */
export const DIGEST_SECTION_LIMIT = 50;

/** The switches' words (docs/product/profile-and-settings.md#daily-digest). */
export const REMINDER_TEXTS = {
  heading: 'Email reminders',
  userSwitch: 'Email me a daily digest of my due tasks',
  userHint:
    'Each morning at 07:00 (organization time), an email lists your overdue tasks and those due in the next 7 days. Nothing is sent on a day with nothing due.',
  organizationSwitch: 'Send a daily digest of due tasks by email',
  organizationHint:
    'Each morning at 07:00 in the time zone above, each person gets their overdue tasks and those due in the next 7 days; tasks nobody is assigned to go to the administrators. People can turn it off for themselves.',
  organizationOffForUsers: 'Your organization has turned the daily digest off.',
  serverOff: 'This server has no mail server set up (SMTP_URL), so no email is sent.',
  userOn: 'Daily digest turned on.',
  userOff: 'Daily digest turned off.',
  organizationOn: 'Daily digest turned on for the organization.',
  organizationOff: 'Daily digest turned off for the organization.',
  failed: 'Unable to save the daily digest setting.',
} as const;
