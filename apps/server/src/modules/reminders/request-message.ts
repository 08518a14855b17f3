import { DEFAULT_LANGUAGE, PRODUCT_NAME, type TLanguage, type TRequestCloseReason } from '@mqr/contracts';
import { calendarDateText } from '#server/lib/i18n/formats.ts';
import { type Translator, translatorFor } from '#server/lib/i18n/translators.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { DIGEST_TEXTS, type DigestLinks, escapeHtml } from './digest-message.ts';

// The emails of requests from the QR code (docs/product/requests.md#what-happens, ADR 129): to the
// reporter when their report is received, accepted, done or closed, in the language of their browser
// at report time; to the administrators at once for an unsafe report. What a reporter wrote is text:
// escaped in the HTML part, never markup.

/** The outbox kinds of these emails. */
export const REQUEST_REPORTER_EMAIL = 'request_reporter';
export const REQUEST_UNSAFE_EMAIL = 'request_unsafe';

/** The secret box (derived from JWT_SECRET) that seals the status links in the outbox. */
export const REQUEST_LINK_PURPOSE = 'request status link';

export const REQUEST_NEWS = ['received', 'accepted', 'done', 'closed'] as const;
export type RequestNews = (typeof REQUEST_NEWS)[number];

/** What the outbox keeps of a reporter's email. */
export interface ReporterEmailContent {
  news: RequestNews;
  organizationName: string;
  assetName: string;
  description: string;
  /**
   * The private status page's path, `/r/{token}`, sealed (REQUEST_LINK_PURPOSE): the token is stored
   * nowhere in clear, not even in the outbox.
   */
  statusPathSealed: string;
  /** YYYY-MM-DD (done). */
  doneOn?: string;
  closedReason?: TRequestCloseReason;
}

/** What the outbox keeps of the administrators' alert for an unsafe report. */
export interface UnsafeReportContent {
  requestId: string;
  assetName: string;
  description: string;
  organizationName?: string;
  recipientName?: string;
}

export const REQUEST_EMAIL_TEXTS = {
  subject: {
    received: /*i18n*/ {
      id: 'requestEmail.subject.received',
      message: 'Your report about {asset} was received',
    },
    accepted: /*i18n*/ {
      id: 'requestEmail.subject.accepted',
      message: 'Your report about {asset} was accepted',
    },
    done: /*i18n*/ { id: 'requestEmail.subject.done', message: 'Your report about {asset}: done' },
    closed: /*i18n*/ { id: 'requestEmail.subject.closed', message: 'Your report about {asset} was closed' },
  } satisfies Record<RequestNews, { id: string; message: string }>,
  body: {
    received: /*i18n*/ {
      id: 'requestEmail.received',
      message: 'Thank you. {organization} received your report about {asset}; its staff will look at it.',
    },
    accepted: /*i18n*/ {
      id: 'requestEmail.accepted',
      message: '{organization} accepted your report about {asset}: a maintenance task was created.',
    },
    done: /*i18n*/ {
      id: 'requestEmail.done',
      message: 'The work on your report about {asset} was done on {date}.',
    },
    closed: /*i18n*/ {
      id: 'requestEmail.closed',
      message: '{organization} closed your report about {asset}: {reason}.',
    },
  } satisfies Record<RequestNews, { id: string; message: string }>,
  reasons: {
    duplicate: /*i18n*/ { id: 'requestEmail.reason.duplicate', message: 'it was already reported' },
    not_a_fault: /*i18n*/ { id: 'requestEmail.reason.notAFault', message: 'it is not a fault' },
    spam: /*i18n*/ { id: 'requestEmail.reason.spam', message: 'it was not a genuine report' },
  } satisfies Record<TRequestCloseReason, { id: string; message: string }>,
  youWrote: /*i18n*/ { id: 'requestEmail.youWrote', message: 'You wrote:' },
  status: /*i18n*/ { id: 'requestEmail.status', message: 'Follow your report' },
  why: /*i18n*/ {
    id: 'requestEmail.why',
    message: 'You get this email because you left your address when you reported a problem.',
  },
  unsafeSubject: /*i18n*/ {
    id: 'requestEmail.unsafeSubject',
    message: 'Unsafe: a problem was reported on {asset}',
  },
  unsafeIntro: /*i18n*/ {
    id: 'requestEmail.unsafeIntro',
    message: 'Someone reported an unsafe problem on {asset} ({organization}):',
  },
  unsafeOpen: /*i18n*/ { id: 'requestEmail.unsafeOpen', message: 'Open the request' },
  unsafeWhy: /*i18n*/ {
    id: 'requestEmail.unsafeWhy',
    message:
      'You get this email because you are an administrator of this organization: unsafe reports are sent to all of them at once.',
  },
} as const;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function page(
  language: TLanguage,
  subject: string,
  paragraphs: string[],
  link: { href: string; text: string },
  footer: string,
): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">
${paragraphs.map((text) => `<p style="white-space:pre-wrap">${escapeHtml(text)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(PRODUCT_NAME)}</p>
</body>
</html>`;
}

function newsText(content: ReporterEmailContent, tr: Translator): string {
  const values = { organization: content.organizationName, asset: content.assetName };
  switch (content.news) {
    case 'done':
      return tr.t(REQUEST_EMAIL_TEXTS.body.done, {
        ...values,
        date: calendarDateText(tr.language, content.doneOn ?? '1970-01-01', 'long'),
      });
    case 'closed':
      return tr.t(REQUEST_EMAIL_TEXTS.body.closed, {
        ...values,
        reason: tr.t(REQUEST_EMAIL_TEXTS.reasons[content.closedReason ?? 'not_a_fault']),
      });
    default:
      return tr.t(REQUEST_EMAIL_TEXTS.body[content.news], values);
  }
}

/** A reporter's email in `language`: plain text, and HTML with every text escaped. */
export function renderReporterEmail(
  content: ReporterEmailContent,
  links: DigestLinks & { statusLinks?: SecretBox | undefined },
  language: TLanguage = DEFAULT_LANGUAGE,
): RenderedEmail {
  const tr = translatorFor(language);
  const subject = tr.t(REQUEST_EMAIL_TEXTS.subject[content.news], { asset: content.assetName });
  const news = newsText(content, tr);
  // A link another key sealed (JWT_SECRET changed since) leads to the home page rather than nowhere.
  const statusUrl = `${links.publicBaseUrl}${links.statusLinks?.open(content.statusPathSealed) ?? '/'}`;
  const [youWrote, status, why] = [
    tr.t(REQUEST_EMAIL_TEXTS.youWrote),
    tr.t(REQUEST_EMAIL_TEXTS.status),
    tr.t(REQUEST_EMAIL_TEXTS.why),
  ];
  const text = [news, `${youWrote}\n${content.description}`, `${status}: ${statusUrl}`, why].join('\n\n');
  const html = page(
    language,
    subject,
    [news, youWrote, content.description],
    { href: statusUrl, text: status },
    why,
  );
  return { subject, text, html };
}

/** The administrators' alert of an unsafe report, in the recipient's language. */
export function renderUnsafeReportEmail(
  content: UnsafeReportContent,
  links: DigestLinks,
  language: TLanguage = DEFAULT_LANGUAGE,
): RenderedEmail {
  const tr = translatorFor(language);
  const subject = tr.t(REQUEST_EMAIL_TEXTS.unsafeSubject, { asset: content.assetName });
  const greeting = tr.t(DIGEST_TEXTS.greeting, { name: content.recipientName ?? '' });
  const intro = tr.t(REQUEST_EMAIL_TEXTS.unsafeIntro, {
    asset: content.assetName,
    organization: content.organizationName ?? '',
  });
  const open = tr.t(REQUEST_EMAIL_TEXTS.unsafeOpen);
  const why = tr.t(REQUEST_EMAIL_TEXTS.unsafeWhy);
  const href = `${links.publicBaseUrl}/requests/${content.requestId}`;
  const text = [greeting, intro, content.description, `${open}: ${href}`, why].join('\n\n');
  const html = page(language, subject, [greeting, intro, content.description], { href, text: open }, why);
  return { subject, text, html };
}
