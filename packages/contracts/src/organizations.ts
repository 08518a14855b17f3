import { z } from 'zod';
import { LANGUAGE_MESSAGES, LANGUAGES } from './languages.ts';
import { storableText } from './limits.ts';
import { englishMessages, said } from './messages.ts';
import { REQUEST_TRIAGE_ROLES } from './request-messages.ts';
import { isCurrencyCode, TASK_WORK_MESSAGES } from './task-work-messages.ts';

export const ORGANIZATION_NAME_MAX_LENGTH = 200;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export const ZOrganization = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** The IANA time zone its dates are kept in: what "today" and a due date mean (ADR 051). */
  timeZone: z.string(),
  /** Whether its people get the daily digest of their due tasks by email (docs/product/reminders.md). */
  dailyDigest: z.boolean(),
  /** The language of its people who chose none (ADR 110). */
  defaultLanguage: z.enum(LANGUAGES),
  /** Its locations' QR codes open a public page listing their assets' names and due states (off by default). */
  publicLocationPages: z.boolean(),
  /** The public asset page shows where the asset is (off by default). */
  publicAssetLocation: z.boolean(),
  /** Public asset pages offer "Report a problem" (docs/product/requests.md; on by default). */
  reportingEnabled: z.boolean(),
  /** Public asset pages say an open report is being handled, with its "me too" (on by default). */
  showOpenReports: z.boolean(),
  /** Who triages requests: 'member' (members and administrators, the default) or 'admin' only. */
  requestTriageRole: z.enum(REQUEST_TRIAGE_ROLES),
  /** The ISO 4217 currency its task costs are entered and reported in (ADR 131). */
  currency: z.string(),
  /** Public asset pages show each completed task's checklist summary ("Inspection passed, 11 of 11 checks"; off by default). */
  publicChecklistSummary: z.boolean(),
});
export type TOrganization = z.infer<typeof ZOrganization>;

export const ORGANIZATION_MESSAGES = {
  ...englishMessages({
    nameRequired: /*i18n*/ { id: 'organization.nameRequired', message: 'Organization name is required.' },
    nameTooLong: said(
      /*i18n*/ {
        id: 'organization.nameTooLong',
        message: 'Organization name must be at most {organizationNameMaxLength} characters.',
      },
      { organizationNameMaxLength: ORGANIZATION_NAME_MAX_LENGTH },
    ),
    logoMissing: /*i18n*/ {
      id: 'organization.logoMissing',
      message: 'Choose an image file to upload as the logo (form field "logo").',
    },
    logoType: /*i18n*/ {
      id: 'organization.logoType',
      message: 'The logo must be a PNG, JPEG, GIF or WebP image.',
    },
    logoTooLarge: /*i18n*/ { id: 'organization.logoTooLarge', message: 'Image file size cannot exceed 5MB' },
    timeZoneInvalid: /*i18n*/ {
      id: 'organization.timeZoneInvalid',
      message: 'Choose a time zone from the list, such as Europe/Paris.',
    },
  }),
  // The organization's settings (docs/product/profile-and-settings.md#organization-tab).
} as const;

/** The default time zone of an organization. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The canonical name of an IANA time zone ("europe/paris" → "Europe/Paris"), or undefined for
 * anything else, UTC offsets included ("+02:00" is not a place: its clocks never change).
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name) || name.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * PUT /api/admin/organization/settings: the settings an administrator changes for their organization,
 * only those sent.
 */
export const ZOrganizationSettingsBody = z.object({
  timeZone: z
    .string({ message: ORGANIZATION_MESSAGES.timeZoneInvalid })
    .trim()
    .transform((name, context) => {
      const canonical = canonicalTimeZone(name);
      if (!canonical) {
        context.addIssue({ code: 'custom', message: ORGANIZATION_MESSAGES.timeZoneInvalid });
        return z.NEVER;
      }
      return canonical;
    })
    .optional(),
  /** The daily digest of due tasks by email for the whole organization, on or off. */
  dailyDigest: z.boolean().optional(),
  /** The language of its people who chose none (one of LANGUAGES). */
  defaultLanguage: z.enum(LANGUAGES, { message: LANGUAGE_MESSAGES.languageInvalid }).optional(),
  /** Public pages of locations (what their QR codes open for the public), on or off. */
  publicLocationPages: z.boolean().optional(),
  /** The asset's location on its public page, shown or not. */
  publicAssetLocation: z.boolean().optional(),
  /** "Report a problem" on the public asset pages, on or off. */
  reportingEnabled: z.boolean().optional(),
  /** Open reports shown ("being handled", "me too") on the public asset pages, or not. */
  showOpenReports: z.boolean().optional(),
  /** Who triages requests: members and administrators, or administrators only. */
  requestTriageRole: z.enum(REQUEST_TRIAGE_ROLES).optional(),
  /** The checklist summary of completed tasks on the public asset pages, shown or not. */
  publicChecklistSummary: z.boolean().optional(),
  /** The currency of its task costs (ISO 4217, such as EUR); costs already entered keep their amounts. */
  currency: z
    .string({ message: TASK_WORK_MESSAGES.currencyInvalid })
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, { message: TASK_WORK_MESSAGES.currencyInvalid })
    .optional(),
});
export type TOrganizationSettingsBody = z.input<typeof ZOrganizationSettingsBody>;

/** Logo types accepted, by their bytes (never by name or declared type). SVG is refused. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** POST /api/admin/organizations and PUT /api/admin/organizations/{id}. */
export const ZOrganizationBody = z.object({
  name: storableText({ message: ORGANIZATION_MESSAGES.nameRequired })
    .trim()
    .min(1, { message: ORGANIZATION_MESSAGES.nameRequired })
    .max(ORGANIZATION_NAME_MAX_LENGTH, { message: ORGANIZATION_MESSAGES.nameTooLong }),
});
export type TOrganizationBody = z.input<typeof ZOrganizationBody>;

/** GET /public/orgs/{organizationId}/logo: `v` is the version its logoUrl carries. */
export const ZLogoQuery = z.object({
  v: z
    .string()
    .optional()
    .describe(
      "The version in the organization's logoUrl: the current one makes the answer cacheable for a year.",
    ),
});

/** An organization in the super administrator's list. */
export const ZAdminOrganization = ZOrganization.extend({ createdAt: z.string() });
export type TAdminOrganization = z.infer<typeof ZAdminOrganization>;
