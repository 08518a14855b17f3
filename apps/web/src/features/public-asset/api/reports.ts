import { apiRequest } from '#web/lib/api-client.ts';

// The agreed public API of issue 35 (docs/product/requests.md); the words in ../texts.ts.
export const REPORT_URGENCIES = ['works', 'works_badly', 'stopped', 'unsafe'] as const;
export type TReportUrgency = (typeof REPORT_URGENCIES)[number];
export const REPORT_STATES = ['new', 'accepted', 'done', 'closed'] as const;
export type TReportState = (typeof REPORT_STATES)[number];
export const REPORT_CLOSE_REASONS = ['duplicate', 'not_a_fault', 'spam'] as const;
export type TReportCloseReason = (typeof REPORT_CLOSE_REASONS)[number];
export const REPORT_LIMITS = { description: 2000, name: 100, email: 254, photos: 3 } as const;

/** The public asset's `reporting`: whether the form shows, and an open report shown to the next visitor. */
export type TPublicReporting = {
  enabled: boolean;
  handling: { reportedOn: string; meTooCount: number; requestId: string } | null;
};

/** What a visitor reports (the photos already resized). */
export type TReportDraft = {
  description: string;
  urgency: TReportUrgency;
  name: string;
  email: string;
  /** The honeypot: a person never sees nor fills it. */
  website: string;
  photos: Blob[];
};

export type TReportReceipt = { token: string; statusUrl: string };

/** GET /public/requests/{token}: a report's state as its reporter sees it (never staff names). */
export type TPublicRequestStatus = {
  assetName: string;
  reportedAt: string;
  urgency: TReportUrgency;
  description: string;
  state: TReportState;
  acceptedAt?: string | null;
  doneOn?: string | null;
  closedReason?: TReportCloseReason | null;
};

const assetPath = (organizationId: string, slug: string) =>
  `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}`;

/** GET …/report-challenge: the proof-of-work challenge (altcha) a report or a "me too" solves. */
export function getReportChallenge(organizationId: string, slug: string): Promise<unknown> {
  return apiRequest<unknown>(`${assetPath(organizationId, slug)}/report-challenge`);
}

/** POST …/reports as multipart; the same Idempotency-Key on a retry answers the same receipt. */
export function postReport(
  organizationId: string,
  slug: string,
  draft: TReportDraft,
  altcha: string,
  idempotencyKey: string,
): Promise<TReportReceipt> {
  const form = new FormData();
  form.set('description', draft.description);
  form.set('urgency', draft.urgency);
  if (draft.name) form.set('name', draft.name);
  if (draft.email) form.set('email', draft.email);
  form.set('website', draft.website);
  form.set('altcha', altcha);
  draft.photos.forEach((photo, index) => {
    form.append('photos', photo, `photo-${index + 1}.jpg`);
  });
  return apiRequest<TReportReceipt>(`${assetPath(organizationId, slug)}/reports`, {
    method: 'POST',
    body: form,
    idempotencyKey,
  });
}

/** POST …/reports/{requestId}/me-too: one more visitor has the same problem. */
export function postMeToo(
  organizationId: string,
  slug: string,
  requestId: string,
  altcha: string,
): Promise<{ meTooCount: number }> {
  return apiRequest<{ meTooCount: number }>(
    `${assetPath(organizationId, slug)}/reports/${encodeURIComponent(requestId)}/me-too`,
    { method: 'POST', body: { altcha } },
  );
}

export function getPublicRequest(token: string, signal?: AbortSignal): Promise<TPublicRequestStatus> {
  return apiRequest<TPublicRequestStatus>(`/public/requests/${encodeURIComponent(token)}`, { signal });
}
