import { englishMessages, said } from './messages.ts';
// No zod here: the public page's bundle reads these without the schemas (ADR 032).

/**
 * Requests from the QR code (docs/product/requests.md): anyone who scans an asset reports a problem,
 * staff triage it (accept into a task, merge into an open task, or close with a reason).
 */

/** How urgent the reporter says it is, from least to most: "It works", "It works badly", "It is stopped", "It is unsafe". */
export const REQUEST_URGENCIES = ['works', 'works_badly', 'stopped', 'unsafe'] as const;
export type TRequestUrgency = (typeof REQUEST_URGENCIES)[number];

/** Where a request is: new (waiting for triage), accepted (a task was made or chosen), done (its task completed), closed. */
export const REQUEST_STATES = ['new', 'accepted', 'done', 'closed'] as const;
export type TRequestState = (typeof REQUEST_STATES)[number];

/** The staff list's state filter: one state, or `open` (new and accepted). */
export const REQUEST_STATE_FILTERS = [...REQUEST_STATES, 'open'] as const;
export type TRequestStateFilter = (typeof REQUEST_STATE_FILTERS)[number];

/** Why staff closed a request without a task of its own. */
export const REQUEST_CLOSE_REASONS = ['duplicate', 'not_a_fault', 'spam'] as const;
export type TRequestCloseReason = (typeof REQUEST_CLOSE_REASONS)[number];

/** Who may triage an organization's requests: its members and administrators, or administrators only. */
export const REQUEST_TRIAGE_ROLES = ['member', 'admin'] as const;
export type TRequestTriageRole = (typeof REQUEST_TRIAGE_ROLES)[number];

export const REQUEST_DESCRIPTION_MAX_LENGTH = 2000;
export const REQUEST_NAME_MAX_LENGTH = 100;
export const REQUEST_EMAIL_MAX_LENGTH = 254;
/** Photos one report may carry. */
export const REQUEST_MAX_PHOTOS = 3;
/** Photo types accepted, by their bytes (never by name or declared type). */
export const REQUEST_PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * Largest photo accepted, in bytes (and never more than the server's attachment limit): the browser
 * resizes a photo to REQUEST_PHOTO_MAX_EDGE_PX first, which leaves it well under this.
 */
export const REQUEST_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The long edge, in pixels, the browser resizes a photo to before sending it. */
export const REQUEST_PHOTO_MAX_EDGE_PX = 1600;
/** Minutes a report challenge (proof of work) stays valid. */
export const REQUEST_CHALLENGE_MINUTES = 10;
/** Days a sender closed as spam stays blocked when staff choose to block it. */
export const REQUEST_BLOCK_DAYS = 30;
/** The form field that must stay empty (a honeypot: people never see it, bots fill it). */
export const REQUEST_HONEYPOT_FIELD = 'website';
/** The public status page of a report: `/r/{token}`. */
export const REQUEST_STATUS_PATH = '/r/';

/** The reporter's status page address for a token. */
export function requestStatusPath(token: string): string {
  return `${REQUEST_STATUS_PATH}${token}`;
}

export const REQUEST_MESSAGES = {
  ...englishMessages({
    descriptionRequired: /*i18n*/ { id: 'request.descriptionRequired', message: 'Say what is wrong.' },
    descriptionTooLong: said(
      /*i18n*/ {
        id: 'request.descriptionTooLong',
        message: 'The description must be at most {requestDescriptionMaxLength} characters.',
      },
      { requestDescriptionMaxLength: REQUEST_DESCRIPTION_MAX_LENGTH },
    ),
    urgencyInvalid: /*i18n*/ {
      id: 'request.urgencyInvalid',
      message: 'Choose how urgent it is: works, works_badly, stopped or unsafe.',
    },
    nameTooLong: said(
      /*i18n*/ {
        id: 'request.nameTooLong',
        message: 'The name must be at most {requestNameMaxLength} characters.',
      },
      { requestNameMaxLength: REQUEST_NAME_MAX_LENGTH },
    ),
    emailInvalid: /*i18n*/ {
      id: 'request.emailInvalid',
      message: 'Enter a valid email address, or leave it empty.',
    },
    tooManyPhotos: said(
      /*i18n*/ { id: 'request.tooManyPhotos', message: 'At most {requestMaxPhotos} photos can be sent.' },
      { requestMaxPhotos: REQUEST_MAX_PHOTOS },
    ),
    photoType: /*i18n*/ { id: 'request.photoType', message: 'Photos must be JPEG, PNG or WebP images.' },
    photoTooLarge: /*i18n*/ { id: 'request.photoTooLarge', message: 'A photo is too large.' },
    challengeRequired: /*i18n*/ {
      id: 'request.challengeRequired',
      message: 'The check that you are a person is missing or has expired: send the form again.',
    },
    challengeInvalid: /*i18n*/ {
      id: 'request.challengeInvalid',
      message: 'The check that you are a person failed or was already used: send the form again.',
    },
    honeypot: /*i18n*/ { id: 'request.honeypot', message: 'Leave the website field empty.' },
    tooMany: /*i18n*/ {
      id: 'request.tooMany',
      message: 'Too many reports were sent from here or for this asset. Try again later.',
    },
    notNew: /*i18n*/ { id: 'request.notNew', message: 'This request was already triaged.' },
    triageForbidden: /*i18n*/ {
      id: 'request.triageForbidden',
      message: 'Only administrators triage requests in this organization.',
    },
    taskNotOpen: /*i18n*/ {
      id: 'request.taskNotOpen',
      message: 'Choose an open task (pending or in progress) of this organization.',
    },
    closeReasonInvalid: /*i18n*/ {
      id: 'request.closeReasonInvalid',
      message: 'Choose a reason: duplicate, not_a_fault or spam.',
    },
    blockNeedsSpam: /*i18n*/ {
      id: 'request.blockNeedsSpam',
      message: 'Only a request closed as spam can block its sender.',
    },
    blocked: /*i18n*/ {
      id: 'request.blocked',
      message: 'Reports from this address are not accepted for now.',
    },
    cursorInvalid: /*i18n*/ {
      id: 'request.cursorInvalid',
      message: 'Read on with the nextCursor of the previous page.',
    },
    assetIdInvalid: /*i18n*/ { id: 'request.assetIdInvalid', message: 'Choose an asset of the list.' },
    assigneeInvalid: /*i18n*/ {
      id: 'request.assigneeInvalid',
      message: 'Choose an active person of your organization as the assignee.',
    },
  }),
} as const;
