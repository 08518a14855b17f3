import { englishMessages, type MessageText, type Said, said } from './messages.ts';

// The server's own messages of the API (ADR 113), kept here with the others because the web app
// words them: answers no route gives, refusals of the plugins, and the rules only the server checks.

const T = {
  notFound: /*i18n*/ {
    id: 'api.notFound',
    message:
      '{what, select, Asset {Asset not found.} Field {Field not found.} File {File not found.} Import {Import not found.} Location {Location not found.} Logo {Logo not found.} Organization {Organization not found.} Page {Page not found.} Schedule {Schedule not found.} User {User not found.} MaintenanceEvent {Maintenance event not found.} CalendarFeed {Calendar feed not found.} WebhookEndpoint {Webhook endpoint not found.} WebhookDelivery {Webhook delivery not found.} Meter {Meter not found.} MeterReading {Reading not found.} other {Resource not found.}}',
  },
  tooManyAttempts: /*i18n*/ {
    id: 'api.tooManyAttempts',
    message:
      '{attempts, select, takenEmails {Too many emails that are already taken. Try again in {minutes, plural, one {# minute} other {# minutes}}.} other {Too many sign-in attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.}}',
  },
  unknownField: /*i18n*/ {
    id: 'api.unknownField',
    message:
      '{target, select, MaintenanceEvent {This field does not exist for maintenance events of this organization.} other {This field does not exist for assets of this organization.}}',
  },
} satisfies Record<string, MessageText>;

/** What `notFound(what)` names; the select of `api.notFound` words each. */
const NOT_FOUND_WHATS = {
  Resource: 'Resource',
  Asset: 'Asset',
  Field: 'Field',
  File: 'File',
  Import: 'Import',
  Location: 'Location',
  Logo: 'Logo',
  Organization: 'Organization',
  Page: 'Page',
  Schedule: 'Schedule',
  User: 'User',
  'Maintenance event': 'MaintenanceEvent',
  'Calendar feed': 'CalendarFeed',
  'Webhook endpoint': 'WebhookEndpoint',
  'Webhook delivery': 'WebhookDelivery',
  Meter: 'Meter',
  MeterReading: 'MeterReading',
} as const;

export const API_MESSAGES = {
  ...englishMessages({
    forbidden: /*i18n*/ { id: 'api.forbidden', message: 'You do not have permission to do this.' },
    unauthorized: /*i18n*/ { id: 'api.unauthorized', message: 'Authentication required.' },
    internal: /*i18n*/ { id: 'api.internal', message: 'Something went wrong. Please try again.' },
    unavailable: /*i18n*/ {
      id: 'api.unavailable',
      message: 'The database is unavailable. Try again shortly.',
    },
    /** An upload, or a save naming one, while the file storage cannot be reached (ADR 140). */
    storageUnavailable: /*i18n*/ {
      id: 'api.storageUnavailable',
      message: 'File storage is unavailable right now, so nothing was saved. Try again in a few minutes.',
    },
    /** A download while the file storage cannot be reached (ADR 140). */
    fileUnavailable: /*i18n*/ {
      id: 'api.fileUnavailable',
      message: 'This file is temporarily unavailable. Try again in a few minutes.',
    },
    /** A change while the server's disk is (nearly) full (ADR 140). */
    diskFull: /*i18n*/ {
      id: 'api.diskFull',
      message:
        "The server's disk is full, so changes cannot be saved right now. Everything saved before is safe and can still be read. Try again later.",
    },
    unstorable: /*i18n*/ {
      id: 'api.unstorable',
      message:
        'A value in this request cannot be stored (a date, number or text out of range). Check the values and try again.',
    },
    fieldsInvalid: /*i18n*/ { id: 'api.fieldsInvalid', message: 'Some fields are not valid.' },
    /** A field whose schema has no message of ours (zod's default, in English, stays in `message`). */
    invalidValue: /*i18n*/ { id: 'api.invalidValue', message: 'Invalid value.' },
    payloadTooLarge: /*i18n*/ { id: 'api.payloadTooLarge', message: 'The request body is too large.' },
    /** Fastify's own refusals (bad JSON, unsupported media type): their English stays in `message`. */
    requestInvalid: /*i18n*/ { id: 'api.requestInvalid', message: 'The request is not valid.' },
    xsrf: /*i18n*/ { id: 'api.xsrf', message: 'Missing or invalid XSRF token.' },
    publicRateLimit: /*i18n*/ {
      id: 'api.publicRateLimit',
      message: 'Too many requests from your address. Try again in a minute.',
    },
    attachmentsInvalid: /*i18n*/ { id: 'api.attachmentsInvalid', message: 'Some attachments are not valid.' },
    attachmentClaimed: /*i18n*/ {
      id: 'api.attachmentClaimed',
      message: 'An attachment was saved by another request. Please reload and try again.',
    },
    fieldTargetFixed: /*i18n*/ {
      id: 'api.fieldTargetFixed',
      message: 'The target of a field cannot be changed.',
    },
    fieldDataTypeFixed: /*i18n*/ {
      id: 'api.fieldDataTypeFixed',
      message:
        'The data type of a field cannot be changed once values are stored. Create a new field and retire this one instead.',
    },
  }),
  notFound: (what: keyof typeof NOT_FOUND_WHATS = 'Resource'): Said =>
    said(T.notFound, { what: NOT_FOUND_WHATS[what] }),
  /** 429 of a login throttle: `takenEmails` for the email probe, else sign-in attempts. */
  tooManyAttempts: (minutes: number, attempts: 'signIn' | 'takenEmails' = 'signIn'): Said =>
    said(T.tooManyAttempts, { attempts, minutes }),
  unknownField: (target: 'Asset' | 'MaintenanceEvent'): Said => said(T.unknownField, { target }),
  /** A route that does not exist (developers read it: no words to translate but the path). */
  routeNotFound: (method: string, path: string): Said => ({
    messageId: 'api.notFound',
    message: `Route ${method} ${path} not found.`,
    values: { what: 'Resource' },
  }),
};
