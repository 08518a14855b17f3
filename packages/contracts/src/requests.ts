import { z } from 'zod';
import { storableText } from './limits.ts';
import {
  REQUEST_CLOSE_REASONS,
  REQUEST_DESCRIPTION_MAX_LENGTH,
  REQUEST_EMAIL_MAX_LENGTH,
  REQUEST_MESSAGES,
  REQUEST_NAME_MAX_LENGTH,
  REQUEST_STATE_FILTERS,
  REQUEST_STATES,
  REQUEST_TRIAGE_ROLES,
  REQUEST_URGENCIES,
} from './request-messages.ts';

/**
 * Requests from the QR code (docs/product/requests.md, ADR 129). The public report form and status
 * page, and the staff triage. Constants the public page needs are in request-messages.ts (no zod).
 */

/** Optional text of a reporter: trimmed, empty means none (null). */
const optionalText = (max: number, message: string) =>
  storableText()
    .trim()
    .max(max, { message })
    .nullish()
    .transform((text) => text || null);

/**
 * The text fields of POST /public/orgs/{organizationId}/assets/{slug}/reports (multipart/form-data;
 * `photos` are its 0..REQUEST_MAX_PHOTOS files). `website` is the honeypot and must stay empty;
 * `altcha` is the proof-of-work widget's base64 payload for a challenge of GET .../report-challenge.
 */
export const ZReportFields = z.object({
  description: storableText({ message: REQUEST_MESSAGES.descriptionRequired })
    .trim()
    .min(1, { message: REQUEST_MESSAGES.descriptionRequired })
    .max(REQUEST_DESCRIPTION_MAX_LENGTH, { message: REQUEST_MESSAGES.descriptionTooLong }),
  urgency: z.enum(REQUEST_URGENCIES, { message: REQUEST_MESSAGES.urgencyInvalid }),
  name: optionalText(REQUEST_NAME_MAX_LENGTH, REQUEST_MESSAGES.nameTooLong),
  email: z
    .string({ message: REQUEST_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(REQUEST_EMAIL_MAX_LENGTH, { message: REQUEST_MESSAGES.emailInvalid })
    .nullish()
    .transform((text) => text || null)
    .pipe(z.email({ message: REQUEST_MESSAGES.emailInvalid }).nullable()),
  website: z
    .string()
    .nullish()
    .refine((text) => !text, { message: REQUEST_MESSAGES.honeypot }),
  altcha: z
    .string({ message: REQUEST_MESSAGES.challengeRequired })
    .trim()
    .min(1, { message: REQUEST_MESSAGES.challengeRequired })
    .max(4096, { message: REQUEST_MESSAGES.challengeInvalid }),
});
export type TReportFields = z.input<typeof ZReportFields>;

/** 201 of a report: the private token (shown once) and the status page's path, `/r/{token}`. */
export const ZReportCreated = z.object({ token: z.string(), statusUrl: z.string() });
export type TReportCreated = z.infer<typeof ZReportCreated>;

/**
 * GET .../report-challenge: an altcha challenge (altcha-lib v2's createChallenge: the `altcha`
 * widget's proof of work, ADR 129), signed, valid REQUEST_CHALLENGE_MINUTES, accepted once. The
 * form sends the widget's payload (base64 JSON of this challenge and its solution) as `altcha`.
 */
export const ZReportChallenge = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    })
    .passthrough(),
  signature: z.string(),
});
export type TReportChallenge = z.infer<typeof ZReportChallenge>;

/** POST .../reports/{requestId}/me-too: a second reporter's "me too", with a solved challenge. */
export const ZMeTooBody = z.object({ altcha: ZReportFields.shape.altcha });
export type TMeTooBody = z.input<typeof ZMeTooBody>;
export const ZMeTooResult = z.object({ meTooCount: z.number().int() });
export type TMeTooResult = z.infer<typeof ZMeTooResult>;

/**
 * `reporting` of the public asset (GET /public/orgs/{organizationId}/assets/{slug}): whether the form
 * is offered (the organization's setting and the asset's), and the open report being handled, only
 * where the organization shows open reports publicly.
 */
export const ZPublicReporting = z.object({
  enabled: z.boolean(),
  handling: z
    .object({
      /** The day (YYYY-MM-DD, the organization's time zone) the open report was made. */
      reportedOn: z.string(),
      meTooCount: z.number().int(),
      requestId: z.string(),
    })
    .nullable(),
});
export type TPublicReporting = z.infer<typeof ZPublicReporting>;

/** GET /public/requests/{token}: the reporter's view of their report. Never staff names. */
export const ZRequestStatus = z.object({
  assetName: z.string(),
  reportedAt: z.string(),
  urgency: z.enum(REQUEST_URGENCIES),
  description: z.string(),
  state: z.enum(REQUEST_STATES),
  /** When staff accepted it (a task was made or chosen). */
  acceptedAt: z.string().optional(),
  /** The day (YYYY-MM-DD) its task was completed. */
  doneOn: z.string().optional(),
  closedReason: z.enum(REQUEST_CLOSE_REASONS).optional(),
});
export type TRequestStatus = z.infer<typeof ZRequestStatus>;

/** GET /api/requests: a page of the organization's requests, unsafe first, then newest. */
export const ZRequestListQuery = z.object({
  state: z.enum(REQUEST_STATE_FILTERS).optional(),
  urgency: z.enum(REQUEST_URGENCIES).optional(),
  assetId: z.string().uuid().optional(),
  q: storableText().trim().max(200).optional(),
  /** `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TRequestListQuery = z.input<typeof ZRequestListQuery>;

export const ZRequestListItem = z.object({
  id: z.string(),
  asset: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  urgency: z.enum(REQUEST_URGENCIES),
  description: z.string(),
  reporterName: z.string().optional(),
  /** Whether the reporter left an email (for updates); the address itself is never listed. */
  hasEmail: z.boolean(),
  photoCount: z.number().int(),
  /** The first photo's id (the list's thumbnail: GET /api/requests/{id}/photos/{photoId}); absent without photos. */
  firstPhotoId: z.string().optional(),
  meTooCount: z.number().int(),
  state: z.enum(REQUEST_STATES),
  createdAt: z.string(),
  /** The task it became or was merged into. */
  taskId: z.string().optional(),
  closedReason: z.enum(REQUEST_CLOSE_REASONS).optional(),
});
export type TRequestListItem = z.infer<typeof ZRequestListItem>;

export const ZRequestPage = z.object({
  items: z.array(ZRequestListItem),
  /** `cursor` of the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type TRequestPage = z.infer<typeof ZRequestPage>;

/** GET /api/requests/waiting-count: new requests (the navigation's badge), and how many of them are unsafe. */
export const ZRequestWaitingCount = z.object({ count: z.number().int(), unsafe: z.number().int() });
export type TRequestWaitingCount = z.infer<typeof ZRequestWaitingCount>;

/** GET /api/requests/{id}: the request with its photos (each read at its staff-only `url`). */
export const ZRequestDetail = ZRequestListItem.extend({
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
});
export type TRequestDetail = z.infer<typeof ZRequestDetail>;

/** POST /api/requests/{id}/accept: a Pending task on the asset, with an optional assignee and due date. */
export const ZAcceptRequestBody = z
  .object({
    assigneeId: z.string().uuid().nullish(),
    dueDate: z.iso.date({ message: 'Use a date as YYYY-MM-DD.' }).nullish(),
  })
  .nullish()
  .transform((body) => ({ assigneeId: body?.assigneeId ?? null, dueDate: body?.dueDate ?? null }));
export type TAcceptRequestBody = z.input<typeof ZAcceptRequestBody>;
export const ZAcceptRequestResult = z.object({ request: ZRequestDetail, taskId: z.string() });
export type TAcceptRequestResult = z.infer<typeof ZAcceptRequestResult>;

/** POST /api/requests/{id}/merge: into an open task (Pending or In progress) of the organization. */
export const ZMergeRequestBody = z.object({
  taskId: z.string({ message: REQUEST_MESSAGES.taskNotOpen }).uuid({ message: REQUEST_MESSAGES.taskNotOpen }),
});
export type TMergeRequestBody = z.input<typeof ZMergeRequestBody>;

/** POST /api/requests/{id}/close: with a reason; `blockSender` (spam only) blocks its address REQUEST_BLOCK_DAYS days. */
export const ZCloseRequestBody = z
  .object({
    reason: z.enum(REQUEST_CLOSE_REASONS, { message: REQUEST_MESSAGES.closeReasonInvalid }),
    blockSender: z.boolean().optional(),
  })
  .refine((body) => !body.blockSender || body.reason === 'spam', {
    message: REQUEST_MESSAGES.blockNeedsSpam,
    path: ['blockSender'],
  });
export type TCloseRequestBody = z.input<typeof ZCloseRequestBody>;

/** Accept, merge and close answer with the request as it is now. */
export const ZRequestResult = z.object({ request: ZRequestDetail });
export type TRequestResult = z.infer<typeof ZRequestResult>;

/** The organization's request settings (part of its settings; docs/product/requests.md#settings). */
export const ZRequestSettings = z.object({
  /** The public asset page offers "Report a problem" (on by default). */
  reportingEnabled: z.boolean(),
  /** The public asset page says an open report is being handled, with its "me too" (on by default). */
  showOpenReports: z.boolean(),
  /** Who triages: members and administrators, or administrators only. */
  requestTriageRole: z.enum(REQUEST_TRIAGE_ROLES),
});
export type TRequestSettings = z.infer<typeof ZRequestSettings>;
