import { msg, plural } from '@lingui/core/macro';

/** The public asset page's words (translated, docs/translating.md). */
export const PUBLIC_ASSET_TEXTS = {
  publicLoading: msg`Loading asset...`,
  publicFailed: msg`Unable to load asset. Please check the QR code or try again later.`,
  publicRetiredNotice: msg`This asset is retired: it is no longer in service. Its history is kept.`,
  qrSlug: (slug: string) => msg`QR slug: ${slug}`,
  qrAlt: (name: string) => msg`QR code for ${name}`,
  details: msg`Asset details`,
  history: msg`Maintenance history`,
  files: msg`Files`,
  asset: msg`Asset`,
  /** Where the asset is, where its organization shows it: its location's full path. */
  location: (path: string) => msg`Location: ${path}`,
};

/** How urgent a reporter says a problem is (REQUEST_URGENCIES); the staff's requests screen shows the same words. */
export const URGENCY_WORDS = {
  works: msg`It works`,
  works_badly: msg`It works badly`,
  stopped: msg`It is stopped`,
  unsafe: msg`It is unsafe`,
} as const;

/** Why staff closed a request (REQUEST_CLOSE_REASONS). */
export const CLOSE_REASON_WORDS = {
  duplicate: msg`Duplicate`,
  not_a_fault: msg`Not a fault`,
  spam: msg`Spam`,
} as const;

/** "Report a problem" on the public asset page, its receipt and the reporter's status page /r/{token}. */
export const REPORT_TEXTS = {
  reportProblem: msg`Report a problem`,
  reportIntro: msg`Something wrong with this asset? Tell the people who look after it. No account needed.`,
  handling: (date: string) => msg`A problem was reported on ${date} and is being handled.`,
  meToo: msg`Me too`,
  meTooCount: (count: number) =>
    msg`${plural(count, { one: '# person said "me too"', other: '# people said "me too"' })}`,
  meTooDone: msg`Thank you: your "me too" was counted.`,
  meTooFailed: msg`Your "me too" could not be sent. Please try again.`,
  preparingForm: msg`Opening the form...`,
  whatIsWrong: msg`What is wrong?`,
  whatIsWrongHint: msg`For example: "The valve under the sink is leaking."`,
  descriptionRequired: msg`Say what is wrong.`,
  descriptionTooLong: (max: number) => msg`At most ${max} characters.`,
  howUrgent: msg`How urgent is it?`,
  urgencyRequired: msg`Choose how urgent it is.`,
  photos: msg`Photos (optional)`,
  photosHint: (max: number) => msg`Up to ${max} photos. They are made smaller before they are sent.`,
  addPhoto: msg`Take or add a photo`,
  photoAlt: (index: number) => msg`Photo ${index}`,
  removePhoto: (index: number) => msg`Remove photo ${index}`,
  photoUnreadable: msg`This file is not a photo that can be read.`,
  preparingPhoto: msg`Preparing the photo...`,
  contactTitle: msg`Your name and email (optional)`,
  contactHint: msg`Only to tell you how it goes. They are never shown on this page.`,
  name: msg`Name`,
  email: msg`Email`,
  emailInvalid: msg`Enter a valid email address, or leave it empty.`,
  /** The honeypot's label: never seen by a person (hidden), a bot fills it. */
  website: msg`Website`,
  send: msg`Send the report`,
  sending: msg`Sending...`,
  cancel: msg`Cancel`,
  sendFailed: msg`The report could not be sent. Please try again.`,
  tooMany: msg`Too many reports were sent from here or for this asset. Please try again later.`,
  queued: msg`No connection: your report is kept on this device and will be sent when the connection returns. Keep this page open, or open it again later.`,
  receiptTitle: msg`Thank you, your report was received`,
  receiptLink: msg`Keep this private link to follow your report:`,
  receiptEmail: msg`You will also get the updates by email.`,
  // The reporter's status page /r/{token}.
  statusTitle: msg`Your report`,
  statusLoading: msg`Loading your report...`,
  statusFailed: msg`This link does not lead to a report. Check the link, or try again later.`,
  statusAsset: (name: string) => msg`About: ${name}`,
  statusReportedOn: (date: string) => msg`Reported on ${date}`,
  statusUrgency: (urgency: string) => msg`Urgency: ${urgency}`,
  statusReceived: msg`Received`,
  statusReceivedDetail: msg`Your report was received and waits to be looked at.`,
  statusAccepted: msg`Accepted — a task was created`,
  statusDone: (date: string) => msg`Done on ${date}`,
  statusClosed: (reason: string) => msg`Closed: ${reason}`,
  statusState: msg`Status`,
};
