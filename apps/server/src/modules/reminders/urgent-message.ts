import { DEFAULT_LANGUAGE, PRODUCT_NAME, type TLanguage } from '@mqr/contracts';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import { assetLink, DIGEST_TEXTS, type DigestLinks, escapeHtml } from './digest-message.ts';

// The email an assignee gets at once when a task of theirs is made urgent (ADR 131), in their
// language (ADR 111), sent through the outbox like the digests.

/** The outbox kind of these messages. */
export const URGENT_TASK_EMAIL = 'urgent_task';

/** What the outbox keeps of the message; the recipient's and organization's names are added per row. */
export interface UrgentTaskContent {
  eventId: string;
  assetId: string;
  assetName: string;
  title: string;
  /** YYYY-MM-DD or null. */
  dueOn: string | null;
  /** Who made it urgent. */
  actorName: string;
  recipientName: string;
  organizationName: string;
}

export const URGENT_TEXTS = {
  subject: /*i18n*/ { id: 'urgent.subject', message: 'Urgent: {title} ({asset})' },
  intro: /*i18n*/ {
    id: 'urgent.intro',
    message: '{actor} marked the task “{title}” on {asset} as urgent. It is assigned to you.',
  },
  due: /*i18n*/ { id: 'urgent.due', message: 'It is due on {dueOn}.' },
  open: /*i18n*/ { id: 'urgent.open', message: 'Open the asset' },
  why: /*i18n*/ {
    id: 'urgent.why',
    message: 'You get this email because an urgent task of {organization} is assigned to you.',
  },
} as const;

/** The message's subject, plain text and HTML, in `language`. */
export function renderUrgentTask(
  content: UrgentTaskContent,
  links: DigestLinks,
  language: TLanguage = DEFAULT_LANGUAGE,
): { subject: string; text: string; html: string } {
  const tr = translatorFor(language);
  const subject = tr.t(URGENT_TEXTS.subject, { title: content.title, asset: content.assetName });
  const greeting = tr.t(DIGEST_TEXTS.greeting, { name: content.recipientName });
  const intro = tr.t(URGENT_TEXTS.intro, {
    actor: content.actorName,
    title: content.title,
    asset: content.assetName,
  });
  const due = content.dueOn ? tr.t(URGENT_TEXTS.due, { dueOn: content.dueOn }) : '';
  const open = tr.t(URGENT_TEXTS.open);
  const why = tr.t(URGENT_TEXTS.why, { organization: content.organizationName });
  const link = assetLink(links, content.assetId);
  const text = [greeting, due ? `${intro} ${due}` : intro, `${open}: ${link}`, why].join('\n\n');
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">
<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(intro)}</strong>${due ? ` ${escapeHtml(due)}` : ''}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(why)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(PRODUCT_NAME)}</p>
</body>
</html>`;
  return { subject, text, html };
}
