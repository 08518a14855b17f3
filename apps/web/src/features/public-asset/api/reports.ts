import type {
  TMeTooResult,
  TReportChallenge,
  TReportCreated,
  TRequestStatus,
  TRequestUrgency,
} from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** What a visitor reports (the photos already resized). */
export type TReportDraft = {
  description: string;
  urgency: TRequestUrgency;
  name: string;
  email: string;
  /** The honeypot: a person never sees nor fills it. */
  website: string;
  photos: Blob[];
};

const assetPath = (organizationId: string, slug: string) =>
  `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}`;

/** GET …/report-challenge: the proof-of-work challenge (altcha) a report or a "me too" solves. */
export function getReportChallenge(organizationId: string, slug: string): Promise<TReportChallenge> {
  return apiRequest<TReportChallenge>(`${assetPath(organizationId, slug)}/report-challenge`);
}

/** POST …/reports as multipart; the same Idempotency-Key on a retry answers the same receipt. */
export function postReport(
  organizationId: string,
  slug: string,
  draft: TReportDraft,
  altcha: string,
  idempotencyKey: string,
): Promise<TReportCreated> {
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
  return apiRequest<TReportCreated>(`${assetPath(organizationId, slug)}/reports`, {
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
): Promise<TMeTooResult> {
  return apiRequest<TMeTooResult>(
    `${assetPath(organizationId, slug)}/reports/${encodeURIComponent(requestId)}/me-too`,
    { method: 'POST', body: { altcha } },
  );
}

export function getPublicRequest(token: string, signal?: AbortSignal): Promise<TRequestStatus> {
  return apiRequest<TRequestStatus>(`/public/requests/${encodeURIComponent(token)}`, { signal });
}
