import {
  API_TOKEN_SCOPES,
  type ApiText,
  CHECK_OUTCOMES,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  IMPORT_DATE_ORDERS,
  IMPORT_ENCODINGS,
  IMPORT_FORMATS,
  IMPORT_KINDS,
  IMPORT_MATCH_KEYS,
  IMPORT_NUMBER_FORMATS,
  IMPORT_STATUSES,
  type MessageValues,
  REQUEST_TRIAGE_ROLES,
  SCHEDULE_MODES,
  type TChecklistStep,
  type TImportColumnTarget,
  type TImportPlanned,
  type TLanguage,
  type TRecurrence,
  type TRequestCloseReason,
  type TRequestState,
  type TRequestUrgency,
  type TWebhookEventType,
  USAGE_COMBINES,
  WEBHOOK_DELIVERY_STATES,
} from '@mqr/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

// Ids are UUID v7 made by the application, so PostgreSQL 15 and PGlite behave alike.
const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id);

/** The nil UUID: an assignee key for work assigned to nobody. */
export const NO_ASSIGNEE = '00000000-0000-0000-0000-000000000000';

/**
 * Whose work a row is, as the calendar's indexes key it (ADR 059): its assignee, or NO_ASSIGNEE. An
 * equality on it (unlike `is null`) keeps the index's order after it, so "unassigned" reads in order.
 */
export const assigneeKey = (column: AnyPgColumn | SQL) =>
  sql`coalesce(${column}, ${sql.raw(`'${NO_ASSIGNEE}'::uuid`)})`;

export const organizations = pgTable('organizations', {
  id: id(),
  name: varchar('name', { length: 200 }).notNull(),
  /** Key of the logo in file storage; the public logo URL is derived from it. */
  logoObjectKey: text('logo_object_key'),
  logoContentType: text('logo_content_type'),
  /** The IANA time zone of its calendar: "today" and due dates (ADR 051). */
  timeZone: varchar('time_zone', { length: 64 }).notNull().default(DEFAULT_TIME_ZONE),
  /** Its people get the daily digest of their due tasks by email (ADR 060); off for the whole organization when false. */
  dailyDigest: boolean('daily_digest').notNull().default(true),
  /** The language of its people who chose none, of its emails to them and of new screens (contracts' LANGUAGES). */
  defaultLanguage: varchar('default_language', { length: 8 })
    .$type<TLanguage>()
    .notNull()
    .default(DEFAULT_LANGUAGE),
  /** The last local date its daily digests were composed (ADR 060): at most one run per day. */
  digestComposedOn: date('digest_composed_on', { mode: 'string' }),
  /** Its locations' QR codes open a public page of their assets' names and due states (off by default). */
  publicLocationPages: boolean('public_location_pages').notNull().default(false),
  /** The public asset page shows where the asset is (off by default). */
  publicAssetLocation: boolean('public_asset_location').notNull().default(false),
  /** Its public asset pages offer "Report a problem" (docs/product/requests.md; on by default). */
  reportingEnabled: boolean('reporting_enabled').notNull().default(true),
  /** Its public asset pages say an open report is being handled, with "me too" (on by default). */
  showOpenReports: boolean('show_open_reports').notNull().default(true),
  /** Who triages its requests: 'member' (members and administrators) or 'admin' only. */
  requestTriageRole: varchar('request_triage_role', { length: 8, enum: REQUEST_TRIAGE_ROLES })
    .notNull()
    .default('member'),
  /** The ISO 4217 currency its task costs are in (ADR 131). */
  currency: varchar('currency', { length: 3 }).notNull().default(DEFAULT_CURRENCY),
  /** Its public asset pages show each completed task's checklist summary (off by default, ADR 134). */
  publicChecklistSummary: boolean('public_checklist_summary').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    organizationId: organizationId(),
    /** Stored lower-cased; unique across the product because sign-in does not ask for an organization. */
    email: varchar('email', { length: 320 }).notNull(),
    displayName: varchar('display_name', { length: 200 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    canEditCompletedMaintenanceEvents: boolean('can_edit_completed_maintenance_events')
      .notNull()
      .default(false),
    /** Bumped when the password changes; tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** They get the daily digest of their due tasks by email (ADR 060), unless they turned it off. */
    dailyDigest: boolean('daily_digest').notNull().default(true),
    /** The language they chose for their screens, emails and files; null follows the organization's default. */
    language: varchar('language', { length: 8 }).$type<TLanguage>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_organization_created_idx').on(t.organizationId, t.createdAt),
    // The super administrators' list of every user: newest first across organizations.
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * An organization's single sign-on provider (OpenID Connect, ADR 063): at most one per organization.
 * The client secret is sealed (AES-256-GCM under a key derived from JWT_SECRET) and never answered.
 */
export const ssoSettings = pgTable('sso_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  enabled: boolean('enabled').notNull().default(false),
  issuer: varchar('issuer', { length: 500 }).notNull(),
  clientId: varchar('client_id', { length: 500 }).notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  displayName: varchar('display_name', { length: 60 }).notNull(),
  /** Lower-cased email domains whose people may sign in this way. */
  allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull(),
  /** Someone at an allowed domain without an account gets one, as a member, on first sign-in. */
  createUsers: boolean('create_users').notNull().default(false),
  /** Members may not sign in with a password (administrators still may). */
  requireSso: boolean('require_sso').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Who an identity at an organization's provider is (ADR 082): the provider's issuer and its `sub`
 * for the person, bound to one user. Written when single sign-on creates the account, or when an
 * existing account links by proving its password once; a sign-in through the provider finds its
 * user here, never by email alone, so a provider the organization points at later cannot sign in
 * as accounts it never vouched for.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: id(),
    organizationId: organizationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organization's issuer URL when the link was made (as saved: no trailing slash). */
    issuer: varchar('issuer', { length: 500 }).notNull(),
    /**
     * The provider's `sub`. Null only for accounts single sign-on created before ADR 082, whose
     * subject was never kept: the first sign-in from this issuer with the account's email fills it.
     */
    subject: varchar('subject', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [
    // A sign-in's lookup; one account per identity.
    uniqueIndex('sso_identities_subject_unique').on(t.organizationId, t.issuer, t.subject),
    // One identity per account and provider: linking again replaces it.
    uniqueIndex('sso_identities_user_issuer_unique').on(t.organizationId, t.userId, t.issuer),
  ],
);

export const FIELD_TARGETS = ['Asset', 'MaintenanceEvent'] as const;
export const FIELD_DATA_TYPES = ['Text', 'Number', 'Date', 'Boolean', 'Select'] as const;

export const fieldDefinitions = pgTable(
  'field_definitions',
  {
    id: id(),
    organizationId: organizationId(),
    target: text('target', { enum: FIELD_TARGETS }).notNull(),
    label: varchar('label', { length: 200 }).notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    dataType: text('data_type', { enum: FIELD_DATA_TYPES }).notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Shown on the public QR page (true) or to signed-in staff only (false), ADR 091. Internal unless
     * said: every code that makes a field sets it; fields made before it existed were made public.
     */
    isPublic: boolean('is_public').notNull().default(false),
    maxLength: integer('max_length'),
    /** JSON array of option strings, Select only. */
    options: jsonb('options').$type<string[]>(),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('field_definitions_org_target_key_unique').on(t.organizationId, t.target, t.key),
    index('field_definitions_org_target_order_idx').on(t.organizationId, t.target, t.displayOrder),
  ],
);

export const assets = pgTable(
  'assets',
  {
    id: id(),
    organizationId: organizationId(),
    name: varchar('name', { length: 200 }).notNull(),
    /** Generated once from the name plus a random suffix; never changes, so printed labels stay valid. */
    slug: varchar('slug', { length: 255 }).notNull(),
    description: varchar('description', { length: 2000 }),
    createdById: uuid('created_by_id').references(() => users.id),
    updatedById: uuid('updated_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set while the asset is retired (archived): out of the lists by default, read-only, restorable. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** The CSV import that created the asset, if one did: its labels can be printed together. */
    importId: uuid('import_id').references((): AnyPgColumn => importRuns.id, { onDelete: 'set null' }),
    /**
     * The asset's identifier in another tool (a Snipe-IT asset tag, a HomeBox asset ID), as written;
     * unique in its organization whatever its case, what an import may match rows by (ADR 092).
     */
    externalId: varchar('external_id', { length: 255 }),
    /** Where the asset is (docs/product/locations.md); null for no location. A change is a move (asset_moves). */
    locationId: uuid('location_id').references((): AnyPgColumn => locations.id),
    /** The asset it is a component of; null for none. Its parent's deletion leaves it without one. */
    parentAssetId: uuid('parent_asset_id').references((): AnyPgColumn => assets.id, { onDelete: 'set null' }),
    /** Its public page offers "Report a problem" when its organization's setting does too. */
    reportingEnabled: boolean('reporting_enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('assets_org_slug_unique').on(t.organizationId, t.slug),
    // A location's assets in service, newest first (ADR 122): the list of a small location reads them
    // here and sorts them; a large one walks the list's own order and checks the location.
    index('assets_org_location_created_idx')
      .on(t.organizationId, t.locationId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.retiredAt} is null`),
    // The foreign key's own look-up and a deleted location's assets, retired ones too.
    index('assets_location_idx').on(t.locationId).where(sql`${t.locationId} is not null`),
    // An asset's components by name; also the foreign key's look-up when an asset is deleted.
    index('assets_parent_name_idx')
      .on(t.parentAssetId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.parentAssetId} is not null`),
    // Also the import's look-up of a batch's external IDs, and the search's exact match (ADR 092).
    uniqueIndex('assets_org_external_id_unique')
      .on(t.organizationId, sql`lower(${t.externalId})`)
      .where(sql`${t.externalId} is not null`),
    // The lists show assets in service; retired ones have their own index, newest retired first.
    index('assets_org_created_idx')
      .on(t.organizationId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.retiredAt} is null`),
    index('assets_org_retired_idx')
      .on(t.organizationId, t.retiredAt.desc(), t.id.desc())
      .where(sql`${t.retiredAt} is not null`),
    // Whether an asset is retired, by id, from a small index of the retired ones: a custom field's
    // sort walks its values and leaves out the retired assets without reading their rows (ADR 047).
    index('assets_org_retired_id_idx').on(t.organizationId, t.id).where(sql`${t.retiredAt} is not null`),
    index('assets_org_import_idx')
      .on(t.organizationId, t.importId, t.createdAt, t.id)
      .where(sql`${t.importId} is not null`),
    // The foreign key's own look-up (by import id alone) when an import is discarded (ADR 093).
    index('assets_import_idx').on(t.importId).where(sql`${t.importId} is not null`),
    // The list's other orders (ADR 047): by name (case-insensitive) and by last update, in service.
    index('assets_org_name_idx')
      .on(t.organizationId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.retiredAt} is null`),
    index('assets_org_updated_idx')
      .on(t.organizationId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.retiredAt} is null`),
    // Trigram indexes serve the case-insensitive "contains" search on name or slug, led by the
    // organization (btree_gin) so a small organization's search never walks a big one's entries.
    // Their pending lists are capped at 256 kB by migration 0026 (ADR 074).
    index('assets_org_name_trgm_idx').using('gin', t.organizationId, t.name.op('gin_trgm_ops')),
    index('assets_org_slug_trgm_idx').using('gin', t.organizationId, t.slug.op('gin_trgm_ops')),
  ],
);

export const assetFieldValues = pgTable(
  'asset_field_values',
  {
    organizationId: organizationId(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fieldDefinitions.id),
    value: text('value').notNull(),
    /**
     * The value as it sorts and compares as text (ADR 047): lower case, its first 200 characters (a
     * btree entry has a size limit, a value none). A column, not an index expression, so that walks
     * and probes of the list read the index alone. Kept by the database, never written.
     */
    textKey: text('text_key').generatedAlwaysAs(sql`lower(left(value, 200))`),
    /**
     * The value as a number when it reads as one (NUMBER_PATTERN, at most 100 characters): what a
     * Number field sorts and filters by (ADR 047). Kept by the database, never written.
     */
    numberValue: numeric('number_value').generatedAlwaysAs(
      sql`case when length(value) <= 100 and value ~ '^-?[0-9]+([.][0-9]+)?$' then value::numeric end`,
    ),
  },
  (t) => [
    // organization_id last: every lookup by the asset keeps this index; Citus-ready (ADR 142).
    primaryKey({ columns: [t.assetId, t.fieldId, t.organizationId] }),
    // A field's values in order (their text key): the list's sort and its Select, Boolean and Date filters.
    index('asset_field_values_org_field_value_idx').on(t.organizationId, t.fieldId, t.textKey, t.assetId),
    // A Number field's values in numeric order (sort and range filter).
    index('asset_field_values_org_field_number_idx')
      .on(t.organizationId, t.fieldId, t.numberValue, t.assetId)
      .where(sql`${t.numberValue} is not null`),
    // A Text field's "contains" filter, led by organization and field (btree_gin); pending list
    // capped at 256 kB by migration 0026 (ADR 074).
    index('asset_field_values_org_field_trgm_idx').using(
      'gin',
      t.organizationId,
      t.fieldId,
      t.value.op('gin_trgm_ops'),
    ),
  ],
);

export const TASK_STATUSES = ['Pending', 'InProgress', 'Completed'] as const;

export const maintenanceEvents = pgTable(
  'maintenance_events',
  {
    id: id(),
    organizationId: organizationId(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    title: varchar('title', { length: 200 }).notNull(),
    notes: varchar('notes', { length: 4000 }),
    recordedBy: varchar('recorded_by', { length: 200 }),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull().defaultNow(),
    taskStatus: text('task_status', { enum: TASK_STATUSES }).notNull().default('Pending'),
    taskStartedAt: timestamp('task_started_at', { withTimezone: true }),
    taskStartedById: uuid('task_started_by_id').references(() => users.id),
    taskCompletedAt: timestamp('task_completed_at', { withTimezone: true }),
    taskCompletedById: uuid('task_completed_by_id').references(() => users.id),
    /**
     * Who started and completed the work, as a history import named them when the name is no user of
     * the organization (ADR 095): shown where no user is.
     */
    taskStartedByName: varchar('task_started_by_name', { length: 200 }),
    taskCompletedByName: varchar('task_completed_by_name', { length: 200 }),
    /** The date a planned task is due, in the organization's calendar (ADR 051); null when unplanned. */
    dueOn: date('due_on', { mode: 'string' }),
    /** The schedule that created the task; set null when the schedule is deleted (its tasks stay). */
    scheduleId: uuid('schedule_id').references((): AnyPgColumn => schedules.id, { onDelete: 'set null' }),
    assigneeId: uuid('assignee_id').references(() => users.id),
    /** The rank of its priority, low 0 .. urgent 3 (TASK_PRIORITIES, ADR 131): lists sort on it descending. */
    priority: smallint('priority').notNull().default(1),
    /** The asset's downtime for this task (ADR 131): down from, up again at (null while still down). */
    downFrom: timestamp('down_from', { withTimezone: true }),
    downTo: timestamp('down_to', { withTimezone: true }),
    /** The checklist version the task was given when it was created (ADR 134); null: no checklist. */
    checklistVersionId: uuid('checklist_version_id').references(
      (): AnyPgColumn => checklistTemplateVersions.id,
    ),
    /** The task whose checklist step this follow-up was opened from, and that step's key (ADR 134). */
    followUpOfEventId: uuid('follow_up_of_event_id').references((): AnyPgColumn => maintenanceEvents.id, {
      onDelete: 'set null',
    }),
    followUpStepKey: varchar('follow_up_step_key', { length: 40 }),
    createdById: uuid('created_by_id').references(() => users.id),
    updatedById: uuid('updated_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('maintenance_events_priority_check', sql`${t.priority} between 0 and 3`),
    // One follow-up per step of a task, whoever asks, however often (ADR 134); also the foreign
    // key's lookup when the task it came from is deleted.
    uniqueIndex('maintenance_events_follow_up_unique')
      .on(t.followUpOfEventId, t.followUpStepKey, t.organizationId)
      .where(sql`${t.followUpOfEventId} is not null`),
    check(
      'maintenance_events_downtime_check',
      sql`${t.downTo} is null or (${t.downFrom} is not null and ${t.downTo} >= ${t.downFrom})`,
    ),
    // Events of an asset, newest first, paged by (performed_at, id) keyset.
    index('maintenance_events_org_asset_history_idx').on(
      t.organizationId,
      t.assetId,
      t.performedAt.desc(),
      t.id.desc(),
    ),
    // The organization's events by date, oldest first (the history export's date range).
    index('maintenance_events_org_performed_idx').on(t.organizationId, t.performedAt, t.id),
    // Pending tasks (Pending and InProgress), most urgent first, then by due date (none last), then
    // oldest performedAt first; with the id, a page's ids come from the index alone (ADRs 034, 053,
    // 131). The backlog by priority and age reads it alone too.
    index('maintenance_events_open_tasks_idx')
      .on(t.organizationId, t.priority.desc(), t.dueOn, t.performedAt, t.id)
      .where(sql`${t.taskStatus} <> 'Completed'`),
    // The same for one assignee ("assigned to me"), most urgent first (ADR 131).
    index('maintenance_events_open_assigned_priority_idx')
      .on(t.organizationId, t.assigneeId, t.priority.desc(), t.dueOn, t.performedAt, t.id)
      .where(sql`${t.taskStatus} <> 'Completed' and ${t.assigneeId} is not null`),
    // Downtimes by start, per asset: MTTR and MTBF of a period read it alone (ADR 131).
    index('maintenance_events_downtime_idx')
      .on(t.organizationId, t.downFrom, t.assetId, t.downTo)
      .where(sql`${t.downFrom} is not null`),
    // One assignee's open tasks by due date (their calendar feed).
    index('maintenance_events_open_assigned_idx')
      .on(t.organizationId, t.assigneeId, t.dueOn, t.performedAt, t.id)
      .where(sql`${t.taskStatus} <> 'Completed' and ${t.assigneeId} is not null`),
    // An asset's earliest open due date (its next service due, the overdue flag).
    index('maintenance_events_open_due_by_asset_idx')
      .on(t.organizationId, t.assetId, t.dueOn)
      .where(sql`${t.taskStatus} <> 'Completed' and ${t.dueOn} is not null`),
    // Open planned tasks by due date, with their asset: the asset list's due filter reads the assets
    // with a task overdue or due soon from it alone (ADR 057); the agenda's "Overdue" walks it in the
    // calendar's order, a date's tasks most urgent first (issue 36).
    index('maintenance_events_open_due_idx')
      .on(t.organizationId, t.dueOn, t.priority.desc().nullsFirst(), t.assetId)
      .where(sql`${t.taskStatus} <> 'Completed' and ${t.dueOn} is not null`),
    // Planned tasks by due date (PM compliance per asset), with what it reads; the calendar's day
    // lists and agenda walk it in (due_on, priority desc, asset_id) order (ADR 059, issue 36): a
    // day's most urgent tasks are its first entries.
    index('maintenance_events_org_due_idx')
      .on(t.organizationId, t.dueOn, t.priority.desc().nullsFirst(), t.assetId, t.taskCompletedAt)
      .where(sql`${t.dueOn} is not null`),
    // The calendar of one assignee, or of nobody: their tasks by due date, most urgent first, by
    // asset (ADR 059).
    index('maintenance_events_org_assignee_due_idx')
      .on(
        t.organizationId,
        assigneeKey(t.assigneeId),
        t.dueOn,
        t.priority.desc().nullsFirst(),
        t.assetId,
        t.id,
      )
      .where(sql`${t.dueOn} is not null`),
    // One task per schedule and due date, whoever creates it, however often (ADR 052); also the
    // foreign key's lookup when a schedule is deleted.
    uniqueIndex('maintenance_events_schedule_due_unique')
      .on(t.scheduleId, t.dueOn, t.organizationId)
      .where(sql`${t.scheduleId} is not null`),
    // Completed events by completion date (history, turnaround, team performance). The trailing
    // columns are what the dashboard's aggregates read, so they run as index-only scans.
    index('maintenance_events_completed_idx')
      .on(t.organizationId, t.taskCompletedAt, t.assetId, t.createdAt, t.taskStartedAt, t.taskCompletedById)
      .where(sql`${t.taskStatus} = 'Completed'`),
    // Assets with open tasks (the asset list's filter): one entry per open task, by asset.
    index('maintenance_events_org_asset_open_idx')
      .on(t.organizationId, t.assetId)
      .where(sql`${t.taskStatus} <> 'Completed'`),
    // Started, not completed tasks per person (the dashboard's active jobs).
    index('maintenance_events_in_progress_starter_idx')
      .on(t.organizationId, t.taskStartedById)
      .where(sql`${t.taskStatus} = 'InProgress'`),
    // The foreign key's own lookup (by asset id alone) when an asset is deleted (ADR 046).
    index('maintenance_events_asset_idx').on(t.assetId),
  ],
);

/**
 * Planned maintenance (modules/schedules, ADRs 051-053): a recurrence on one asset whose occurrences
 * become Pending tasks (maintenance events with a due date) leadDays before they are due.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    organizationId: organizationId(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    notes: varchar('notes', { length: 4000 }),
    /** The recurrence as the API takes it; null for a schedule due by usage alone (ADR 138). */
    recurrence: jsonb('recurrence').$type<TRecurrence>(),
    /** The same as an iCalendar RRULE (with UNTIL from endsOn), what the engine computes with. */
    rrule: text('rrule'),
    mode: text('mode', { enum: SCHEDULE_MODES }).notNull(),
    leadDays: integer('lead_days').notNull().default(0),
    assigneeId: uuid('assignee_id').references(() => users.id),
    /** The priority rank its tasks get, low 0 .. high 2 (urgent is a breakdown's, not a plan's: ADR 144). */
    priority: smallint('priority').notNull().default(1),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    /** Set while paused: a paused schedule creates nothing. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** The due date of the next task to create; null when there is none (ended, or floating and waiting). */
    nextDueOn: date('next_due_on', { mode: 'string' }),
    /** The checklist its tasks get, each the template's current version when created (ADR 134). */
    checklistTemplateId: uuid('checklist_template_id').references((): AnyPgColumn => checklistTemplates.id),
    /** The day that task appears: nextDueOn − leadDays (what the engine looks for). */
    createsOn: date('creates_on', { mode: 'string' }).generatedAlwaysAs(sql`next_due_on - lead_days`),
    /**
     * A usage trigger (ADR 138): due every `usageEvery` units of this meter of the asset, counted
     * from `lastDoneUsage` (the meter's usage at the last completion, or where it started; null until
     * the meter's first reading when it had none); with a
     * recurrence too, `usageCombine` says whichever comes first or last. Null without one.
     */
    meterId: uuid('meter_id').references((): AnyPgColumn => meters.id),
    usageEvery: doublePrecision('usage_every'),
    usageCombine: text('usage_combine', { enum: USAGE_COMBINES }),
    lastDoneUsage: doublePrecision('last_done_usage'),
    /** The meter usage at which the next task falls due; null while its task is open or once reached. */
    nextDueUsage: doublePrecision('next_due_usage'),
    /**
     * The calendar part's next due date, kept while it waits for the usage ("whichever last"); the
     * engine sees it once it is nextDueOn.
     */
    backstopDueOn: date('backstop_due_on', { mode: 'string' }),
    createdById: uuid('created_by_id').references(() => users.id),
    updatedById: uuid('updated_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('schedules_priority_check', sql`${t.priority} between 0 and 2`),
    index('schedules_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('schedules_org_asset_created_idx').on(t.organizationId, t.assetId, t.createdAt.desc(), t.id.desc()),
    // What the engine looks for: active schedules whose next task appears by a day (ADR 052).
    index('schedules_due_idx')
      .on(t.createsOn, t.organizationId)
      .where(sql`${t.pausedAt} is null and ${t.nextDueOn} is not null`),
    index('schedules_org_due_idx')
      .on(t.organizationId, t.createsOn, t.id)
      .where(sql`${t.pausedAt} is null and ${t.nextDueOn} is not null`),
    // An asset's next due date among its active schedules (next service due).
    index('schedules_org_asset_next_idx')
      .on(t.organizationId, t.assetId, t.nextDueOn)
      .where(sql`${t.pausedAt} is null and ${t.nextDueOn} is not null`),
    // The calendar (ADR 059) and the asset list's "due soon" (ADR 057): active schedules whose next due date falls by a range's end, grouped by
    // rule from the index alone; a group's schedules by asset. Everyone's, or one assignee's (nobody's).
    index('schedules_org_next_due_idx')
      .on(t.organizationId, t.nextDueOn, t.rrule, t.mode, t.assetId, t.id)
      .where(sql`${t.pausedAt} is null and ${t.nextDueOn} is not null`),
    index('schedules_org_assignee_next_due_idx')
      .on(t.organizationId, assigneeKey(t.assigneeId), t.nextDueOn, t.rrule, t.mode, t.assetId, t.id)
      .where(sql`${t.pausedAt} is null and ${t.nextDueOn} is not null`),
    // The foreign keys' own lookups when a user is deleted or an asset goes.
    index('schedules_asset_idx').on(t.assetId),
    // A reading's triggers (ADR 138): the active usage schedules of its meter due by its usage, read
    // from this index alone, whatever the organization holds.
    index('schedules_org_meter_due_idx')
      .on(t.organizationId, t.meterId, t.nextDueUsage)
      .where(sql`${t.pausedAt} is null and ${t.nextDueUsage} is not null`),
    // The foreign key's own lookup, and a meter's schedules (a meter in use is not deleted).
    index('schedules_meter_idx').on(t.meterId).where(sql`${t.meterId} is not null`),
    check('schedules_trigger_check', sql`${t.rrule} is not null or ${t.meterId} is not null`),
    check('schedules_recurrence_check', sql`(${t.recurrence} is null) = (${t.rrule} is null)`),
    check(
      'schedules_usage_check',
      // A usage count needs its meter; it may wait for the meter's first reading (last_done_usage null).
      sql`(${t.meterId} is null) = (${t.usageEvery} is null) and (${t.meterId} is not null or ${t.lastDoneUsage} is null)`,
    ),
  ],
);

/**
 * A meter of an asset (modules/meters, ADR 137): running hours, kilometres, cycles or any unit. Its
 * latest reading and its average daily use are kept here, updated by each reading, so that a reading
 * and the asset page never read the history to know them.
 */
export const meters = pgTable(
  'meters',
  {
    id: id(),
    organizationId: organizationId(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    unit: varchar('unit', { length: 20 }).notNull(),
    /** The latest reading by the time it was read (null before the first), as the meter shows it. */
    lastValue: doublePrecision('last_value'),
    /**
     * The use counted up to the latest reading: its value plus what earlier meters counted before a
     * replacement (ADR 137). Usage triggers compare with it.
     */
    lastUsage: doublePrecision('last_usage'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** The average use per day, weighted towards the last METER_RATE_DAYS days; null until a day is read. */
    dailyRate: doublePrecision('daily_rate'),
    /** The reading the first average is taken from (until the readings span a day). */
    rateFromAt: timestamp('rate_from_at', { withTimezone: true }),
    rateFromUsage: doublePrecision('rate_from_usage'),
    readingCount: integer('reading_count').notNull().default(0),
    createdById: uuid('created_by_id').references(() => users.id),
    updatedById: uuid('updated_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An asset's meters by name, each name once whatever its case.
    uniqueIndex('meters_org_asset_name_unique').on(t.organizationId, t.assetId, sql`lower(${t.name})`),
    // The foreign key's own lookup when an asset is deleted.
    index('meters_asset_idx').on(t.assetId),
  ],
);

/**
 * A reading of a meter (ADR 137): its value as read, the use counted up to it, when it was read, by
 * whom, and whether it starts a new meter (a replacement or a reset).
 */
export const meterReadings = pgTable(
  'meter_readings',
  {
    id: id(),
    organizationId: organizationId(),
    meterId: uuid('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
    usage: doublePrecision('usage').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    note: varchar('note', { length: 500 }),
    isReplacement: boolean('is_replacement').notNull().default(false),
    /** The task it was read for; cleared when the task is deleted. */
    eventId: uuid('event_id').references(() => maintenanceEvents.id, { onDelete: 'set null' }),
    recordedById: uuid('recorded_by_id').references(() => users.id),
    /** The import that brought it in, if one did. */
    importId: uuid('import_id').references((): AnyPgColumn => importRuns.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('meter_readings_value_check', sql`${t.value} >= 0`),
    // A meter's readings, latest first: its history pages, its chart, a reading's neighbours in time;
    // also the foreign key's own lookup when a meter goes. Led by the meter (an id of one organization
    // only) so that one index serves both on a table of millions (ADR 137).
    index('meter_readings_meter_read_idx').on(t.meterId, t.readAt.desc(), t.id.desc()),
    // The foreign keys' own lookups when a task or an import is deleted.
    index('meter_readings_event_idx').on(t.eventId).where(sql`${t.eventId} is not null`),
    index('meter_readings_import_idx').on(t.importId).where(sql`${t.importId} is not null`),
  ],
);

/** A schedule's default values of the MaintenanceEvent custom fields, copied onto each task it creates. */
export const scheduleFieldValues = pgTable(
  'schedule_field_values',
  {
    organizationId: organizationId(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fieldDefinitions.id),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.fieldId, t.organizationId] }),
    index('schedule_field_values_org_field_idx').on(t.organizationId, t.fieldId),
  ],
);

export const eventFieldValues = pgTable(
  'event_field_values',
  {
    organizationId: organizationId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => maintenanceEvents.id),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fieldDefinitions.id),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.fieldId, t.organizationId] }),
    index('event_field_values_org_field_idx').on(t.organizationId, t.fieldId),
  ],
);

/**
 * Time a person spent on a task, entered on completion (ADR 131): one row per person and task, with
 * the task's asset and completion time copied so the analytics read this table alone.
 */
export const taskTimeEntries = pgTable(
  'task_time_entries',
  {
    id: id(),
    organizationId: organizationId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => maintenanceEvents.id),
    assetId: uuid('asset_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    minutes: integer('minutes').notNull(),
    /** When the work was completed (the task's completion). */
    incurredAt: timestamp('incurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('task_time_entries_minutes_check', sql`${t.minutes} >= 0`),
    uniqueIndex('task_time_entries_event_user_unique').on(t.organizationId, t.eventId, t.userId),
    // Time per asset and period (analytics), index-only.
    index('task_time_entries_org_incurred_idx').on(t.organizationId, t.incurredAt, t.assetId, t.minutes),
    // The foreign key's own lookup when an event is deleted.
    index('task_time_entries_event_idx').on(t.eventId),
  ],
);

/**
 * A cost line of a task (ADR 131): parts and other costs, money as integer minor units of the
 * organization's currency; the total is kept (quantity × unit cost, rounded) so sums are exact.
 */
export const taskCostLines = pgTable(
  'task_cost_lines',
  {
    id: id(),
    organizationId: organizationId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => maintenanceEvents.id),
    assetId: uuid('asset_id').notNull(),
    /** Its place in the task's list. */
    position: smallint('position').notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    unitCostMinor: bigint('unit_cost_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** When the cost was incurred (the task's completion). */
    incurredAt: timestamp('incurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'task_cost_lines_amounts_check',
      sql`${t.quantity} >= 0 and ${t.unitCostMinor} >= 0 and ${t.totalMinor} >= 0`,
    ),
    index('task_cost_lines_org_event_idx').on(t.organizationId, t.eventId, t.position),
    // Cost per asset and period (analytics), index-only.
    index('task_cost_lines_org_incurred_idx').on(t.organizationId, t.incurredAt, t.assetId, t.totalMinor),
    // The foreign key's own lookup when an event is deleted.
    index('task_cost_lines_event_idx').on(t.eventId),
  ],
);

export const eventChangeEntries = pgTable(
  'event_change_entries',
  {
    id: id(),
    organizationId: organizationId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => maintenanceEvents.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedById: uuid('changed_by_id').references(() => users.id),
    /** The documented wording (docs/product/events-and-tasks.md#change-log), e.g. ["Title updated", "Notes cleared"]. */
    changes: jsonb('changes').$type<string[]>().notNull(),
  },
  (t) => [
    index('event_change_entries_org_event_idx').on(t.organizationId, t.eventId, t.changedAt),
    // The foreign key's own lookup (by event id alone) when an event is deleted (ADR 046).
    index('event_change_entries_event_idx').on(t.eventId),
  ],
);

export const files = pgTable(
  'files',
  {
    id: id(),
    organizationId: organizationId(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    eventId: uuid('event_id').references(() => maintenanceEvents.id),
    objectKey: text('object_key').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /**
     * The checklist step whose answer this file is (a photo, a signature; ADR 134): such files are
     * not among the event's attachments, and go with the event.
     */
    checklistStepKey: varchar('checklist_step_key', { length: 40 }),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // A key starts with its organization's id (storage/object-keys.ts): unique as the key alone.
    uniqueIndex('files_object_key_unique').on(t.objectKey, t.organizationId),
    index('files_org_asset_idx').on(t.organizationId, t.assetId),
    index('files_org_event_idx').on(t.organizationId, t.eventId),
    // The foreign keys' own lookups (by id alone) when an asset or an event is deleted (ADR 046).
    index('files_asset_idx').on(t.assetId),
    index('files_event_idx').on(t.eventId).where(sql`${t.eventId} is not null`),
  ],
);

/** Upload keys issued by presign and not yet attached to an event; swept after a day. */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    objectKey: text('object_key').notNull(),
    organizationId: organizationId(),
    userId: uuid('user_id').references(() => users.id),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A key starts with its organization's id (storage/object-keys.ts): unique as the key alone.
    primaryKey({ columns: [t.objectKey, t.organizationId] }),
    index('pending_uploads_created_idx').on(t.createdAt),
    index('pending_uploads_org_idx').on(t.organizationId),
  ],
);

export { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@mqr/contracts';

export const auditLogEntries = pgTable(
  'audit_log_entries',
  {
    id: id(),
    organizationId: organizationId(),
    userId: uuid('user_id').references(() => users.id),
    /** The acting user's name at the time, so the entry reads the same after a rename. */
    userName: varchar('user_name', { length: 320 }),
    action: varchar('action', { length: 40 }).notNull(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: uuid('entity_id'),
    entityName: varchar('entity_name', { length: 255 }),
    /** JSON text: {"created":true}, {"deleted":true}, {"changes":{...}} or {"status":"..."}. */
    changes: text('changes'),
    ipAddress: varchar('ip_address', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    // My activity: one user's entries wherever they acted (a super administrator acts in several).
    index('audit_log_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_org_entity_type_created_idx').on(t.organizationId, t.entityType, t.createdAt.desc()),
    index('audit_log_org_entity_idx').on(t.organizationId, t.entityId),
  ],
);

/** The nil UUID: the roll-up's key for completions without a completer. */
export const NO_COMPLETER = '00000000-0000-0000-0000-000000000000';

/**
 * Completed events summed per organization, UTC day and completer, kept by a trigger on
 * maintenance_events (migration 0007) in the transaction of every change: the analytics read whole
 * days here and only the period's two partial edge days from the events (ADR 031).
 */
export const completionRollups = pgTable(
  'completion_rollups',
  {
    organizationId: organizationId(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The completer, or NO_COMPLETER. */
    completedByKey: uuid('completed_by_key').notNull(),
    completions: integer('completions').notNull(),
    /** Sum of (completed − created) in hours. */
    turnaroundHours: doublePrecision('turnaround_hours').notNull(),
    /** Sum of (completed − started) in hours, over the `leadCount` completions that were started. */
    leadHours: doublePrecision('lead_hours').notNull(),
    leadCount: integer('lead_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.completedByKey] })],
);

/**
 * The same sums per organization, UTC hour and completer, kept by a trigger of their own (migration
 * 0037): a period's partial days are read here by the hour, and only its two partial hours from the
 * events (ADR 107). Reading the partial days from the events cost a whole day of completions per
 * figure.
 */
export const completionHourRollups = pgTable(
  'completion_hour_rollups',
  {
    organizationId: organizationId(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** The completer, or NO_COMPLETER. */
    completedByKey: uuid('completed_by_key').notNull(),
    completions: integer('completions').notNull(),
    turnaroundHours: doublePrecision('turnaround_hours').notNull(),
    leadHours: doublePrecision('lead_hours').notNull(),
    leadCount: integer('lead_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.hour, t.completedByKey] })],
);

/**
 * Completions per organization and UTC quarter hour, kept by the same trigger (migration 0008): the
 * chart counts the calendar days of any time zone (every zone's offset is a whole number of quarter
 * hours) from these slots, and only the period's two partial edge slots from the events (ADR 035).
 */
export const completionQuarterHours = pgTable(
  'completion_quarter_hours',
  {
    organizationId: organizationId(),
    quarterHour: timestamp('quarter_hour', { withTimezone: true }).notNull(),
    completions: integer('completions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.quarterHour] })],
);

/**
 * Started, not completed tasks (InProgress) per organization and starter, kept by the same trigger
 * (migration 0008): the dashboard's active jobs, where counting them read every open task (ADR 035).
 */
export const activeJobTallies = pgTable(
  'active_job_tallies',
  {
    organizationId: organizationId(),
    /** The person who started the tasks, or NO_COMPLETER for tasks without one. */
    startedByKey: uuid('started_by_key').notNull(),
    jobs: integer('jobs').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.startedByKey] })],
);

/**
 * Planned tasks per organization and due date, kept by the same trigger (migration 0017): open ones
 * (the overdue and due-soon counts) and completed ones, on time (completed on or before the due date
 * in the organization's time zone) or late (PM compliance). ADR 053.
 */
export const dueTaskTallies = pgTable(
  'due_task_tallies',
  {
    organizationId: organizationId(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    open: integer('open').notNull(),
    onTime: integer('on_time').notNull(),
    late: integer('late').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.dueOn] })],
);

/**
 * How many events each asset has, kept by a trigger on maintenance_events (migrations 0037, 0048):
 * the asset page's count of its history, which counting read every entry of a long history on each
 * view (ADR 107). Keyed by the asset (and its organization, ADR 142), so deleting an asset finds its
 * row by the key; assets with no event ever may have no row.
 */
export const assetEventCounts = pgTable(
  'asset_event_counts',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    events: integer('events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.organizationId] })],
);

/**
 * How many assets in service (not retired) each organization has, kept by a trigger on assets
 * (migrations 0010, 0014): the asset list's total without counting a big tenant's index on every first page (ADR 039).
 */
export const organizationAssetCounts = pgTable('organization_asset_counts', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  assets: integer('assets').notNull(),
});

/**
 * A CSV import of assets (modules/imports): the file's header and mapping, and where its check or its
 * commit stands. Its rows wait in import_rows until it is done (ADR 044).
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: id(),
    organizationId: organizationId(),
    createdById: uuid('created_by_id').references(() => users.id),
    /** What the file brings in: assets, or past maintenance events of existing assets. */
    kind: text('kind', { enum: IMPORT_KINDS }).notNull().default('assets'),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    format: text('format', { enum: IMPORT_FORMATS }).notNull(),
    delimiter: varchar('delimiter', { length: 1 }).notNull(),
    /** The file's encoding (ADR 094): detected on upload, or chosen since. */
    encoding: text('encoding', { enum: IMPORT_ENCODINGS }).notNull().default('utf-8'),
    headers: jsonb('headers').$type<string[]>().notNull(),
    /**
     * The header row as the file's bytes, one character per byte, when the cells are kept so too and
     * read in the import's encoding (another can then be chosen, ADR 094); null when they are kept as
     * text (a UTF-16 file, or an import from before).
     */
    rawHeaders: jsonb('raw_headers').$type<string[]>(),
    /** How the file writes numbers and dates; null: plainly (1234.56, 2021-03-15). */
    numberFormat: text('number_format', { enum: IMPORT_NUMBER_FORMATS }),
    dateOrder: text('date_order', { enum: IMPORT_DATE_ORDERS }),
    rowCount: integer('row_count').notNull(),
    mapping: jsonb('mapping').$type<TImportColumnTarget[]>().notNull(),
    /** How rows of a file of assets find the asset they update (ADR 092); null for history and schedules. */
    matchBy: text('match_by', { enum: IMPORT_MATCH_KEYS }),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('Uploaded'),
    rowsDone: integer('rows_done').notNull().default(0),
    problemCount: integer('problem_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    /** What the last check found a file of assets would do: rows that create, update, or change nothing. */
    planned: jsonb('planned').$type<TImportPlanned>(),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    /** Why the import failed, in English. */
    error: text('error'),
    /** The failure's message id, values and parts (ADR 121); null for a failure stored before them. */
    errorSaid: jsonb('error_said').$type<Omit<ApiText, 'message'>>(),
    /** When the commit ended Done: an import of assets can be undone for IMPORT_UNDO_DAYS after (ADR 093). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('import_runs_org_created_idx').on(t.organizationId, t.createdAt.desc())],
);

/**
 * The data rows of an import's file, as cells (row 1 = the first row after the header, counting
 * only rows with a value; `sheetRow` the row as a spreadsheet numbers it, the header being row 1).
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    rowNumber: integer('row_number').notNull(),
    sheetRow: integer('sheet_row').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber, t.organizationId] })],
);

/** What an import's check found wrong, by row and column. */
export const importProblems = pgTable(
  'import_problems',
  {
    id: id(),
    importId: uuid('import_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    rowNumber: integer('row_number').notNull(),
    column: varchar('column_name', { length: 255 }).notNull(),
    /** The problem in English, as the API's `message` says it. */
    message: text('message').notNull(),
    /**
     * The message's id and values (ADR 121), which the screens and the problems file word in their
     * reader's language; null for a problem stored before them, or a text of no message.
     */
    messageId: varchar('message_id', { length: 100 }),
    messageValues: jsonb('message_values').$type<MessageValues>(),
    /** A warning lets the import go on (a name already in use); a problem stops it. */
    isWarning: boolean('is_warning').notNull().default(false),
  },
  (t) => [index('import_problems_import_row_idx').on(t.importId, t.isWarning, t.rowNumber, t.id)],
);

/** What an import's update of an asset replaced: only the columns its mapping imports are present. */
export interface ImportChangeBefore {
  name: string;
  description?: string | null;
  externalId?: string | null;
  /** Where the asset was, when the import's location column moved it. */
  locationId?: string | null;
  /** The asset's parent, when the import's parent column changed it. */
  parentAssetId?: string | null;
  /** Custom values by field id; null where the asset had none. */
  values: Record<string, string | null>;
}

/**
 * What undoing an import of assets needs (ADR 093): each asset its commit created or updated, the
 * moment it wrote the asset (a later change shows in the asset's updated_at), and for an update the
 * values it replaced. Kept IMPORT_UNDO_DAYS, then swept; no foreign key to the asset, whose deletion
 * leaves its row to be skipped.
 */
export const importChanges = pgTable(
  'import_changes',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    assetId: uuid('asset_id').notNull(),
    created: boolean('created').notNull(),
    /** The asset's updated_at as the commit wrote it. */
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    /** For an update: what the mapped columns held before (name, description, external ID, values by field id). */
    before: jsonb('before').$type<ImportChangeBefore>(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.assetId, t.organizationId] })],
);

/**
 * Background jobs (jobs/job-runner.ts, ADR 044, 087): queued in the transaction of the change that
 * asks for them, claimed with SKIP LOCKED by one instance at a time, kept alive by a heartbeat.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    queue: varchar('queue', { length: 100 }).notNull(),
    /**
     * Whose work it is: claims take turns between organizations (ADR 087). None for the system's own
     * work (the repeating jobs). No foreign key: a job of a deleted organization finds nothing and ends.
     */
    organizationId: uuid('organization_id'),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** queued → running → done, or failed once its tries are spent. */
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** While running: when the job counts as abandoned (its instance stopped beating). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The claim's walk (ADR 087): per queue, the organizations with queued jobs, one probe each, and
    // each one's oldest due job; also the jobs of no organization, and the queued counts of metrics.
    index('jobs_queued_idx').on(t.queue, t.organizationId, t.runAfter).where(sql`${t.state} = 'queued'`),
    // How many jobs of an organization a queue runs now, and running jobs whose lock ran out.
    index('jobs_running_idx').on(t.queue, t.organizationId).where(sql`${t.state} = 'running'`),
  ],
);

/**
 * Idempotency-Key answers (plugins/idempotency.ts, ADR 054): one row per key a signed-in user sent
 * with a write that changed something, inserted in the transaction of that change (so a key exists
 * exactly when its change does), then completed with the first answer; replayed to every repeat
 * until it expires, then deleted by a background job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: organizationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: varchar('key', { length: 255 }).notNull(),
    /** sha256 of the method, the path with its query and the body: a reuse with another request is refused. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The first answer; null between the change's commit and its answer (or when the answer was lost). */
    statusCode: integer('status_code'),
    contentType: varchar('content_type', { length: 255 }),
    body: text('body'),
    /**
     * Set when the answer holds a secret shown once (ADR 086): its body is sealed, replayed until
     * then, and erased after it; the key itself stays until expires_at.
     */
    secretUntil: timestamp('secret_until', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    // The sealed secrets still kept: the cleanup job erases them once their time is up.
    index('idempotency_keys_secret_idx')
      .on(t.secretUntil)
      .where(sql`${t.secretUntil} is not null and ${t.body} is not null`),
  ],
);

export const EMAIL_OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;

/**
 * Emails to send (modules/reminders, ADR 060): written in the transaction of the decision to send,
 * delivered by a job of the runner. One daily digest per person and local date, whoever composes it.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    organizationId: organizationId(),
    /** The person it is for; null for someone outside the organization (a reporter of a request). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The language of a message to someone without a user (a reporter); a user's is read when it is sent. */
    language: varchar('language', { length: 8 }).$type<TLanguage>(),
    /** What it is: the daily digest, an alert to the administrators (ADR 082), a request's news (ADR 129). */
    kind: varchar('kind', { length: 50 }).notNull(),
    /** The organization's date it is for. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    recipient: varchar('recipient', { length: 320 }).notNull(),
    /** What the message says, rendered when it is sent. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** queued → sending → sent; failed (refused, or its tries spent); cancelled (turned off meanwhile). */
    state: text('state', { enum: EMAIL_OUTBOX_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The mail server's answer when it accepted the message. */
    serverResponse: text('server_response'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Never the same digest twice: one per person and date, whoever writes it. Other kinds (a
    // sign-in settings alert, ADR 082) are one message per change, however many a day.
    uniqueIndex('email_outbox_user_kind_date_unique')
      .on(t.userId, t.kind, t.localDate, t.organizationId)
      .where(sql`${t.kind} = 'daily_digest'`),
    // A delivery's messages (an organization's date, those still to send) and the clean-up of old ones.
    index('email_outbox_org_date_idx').on(t.organizationId, t.localDate, t.state),
  ],
);

/**
 * Each user's ICS feed (modules/calendar, ADR 059): the SHA-256 of the random token in its secret
 * address, never the token itself. Regenerating replaces the row, so the old address stops at once.
 * A feed lives only as long as what made it (ADR 084): the user's sessions of that time, and the
 * API token that made it, if one did.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    /** Hex SHA-256 of the token. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** The user's token version when the feed was made: a password change or deactivation ends it. */
    tokenVersion: integer('token_version').notNull(),
    /** The API token the feed was made with: it ends when that token is revoked or expires. */
    apiTokenId: uuid('api_token_id').references((): AnyPgColumn => apiTokens.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_unique').on(t.tokenHash)],
);

/**
 * Personal API tokens (modules/api-tokens, ADR 061): a script acts as its user with the secret,
 * which is shown once and kept only as its SHA-256 hash. Revoked tokens keep their row (the audit
 * log names them) but never authenticate again.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    organizationId: organizationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 100 }).notNull(),
    scope: text('scope', { enum: API_TOKEN_SCOPES }).notNull(),
    /** sha256 of the whole token, hex: what a request's token is looked up by. */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    /** The prefix and the first characters of the secret, shown to tell tokens apart. */
    hint: varchar('hint', { length: 16 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute per token. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_unique').on(t.secretHash),
    // A user's own list, and the administrators' list of the organization: live tokens, newest first.
    index('api_tokens_org_user_created_idx')
      .on(t.organizationId, t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.revokedAt} is null`),
    index('api_tokens_org_created_idx')
      .on(t.organizationId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Webhook endpoints (modules/webhooks, ADR 064): an organization's HTTPS addresses and the events
 * each receives. The signing secret is sealed (lib/secret-box.ts) and shown once.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: organizationId(),
    url: varchar('url', { length: 2000 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    events: text('events').array().$type<TWebhookEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_org_created_idx').on(t.organizationId, t.createdAt, t.id)],
);

/**
 * The webhooks' outbox (ADR 064): one row per event and endpoint, written in the transaction of the
 * change, delivered by a job of the runner queued in the same transaction; its latest attempt kept.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    organizationId: organizationId(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: one per event, the same for every endpoint, attempt and redelivery. */
    messageId: varchar('message_id', { length: 64 }).notNull(),
    eventType: varchar('event_type', { length: 50 }).$type<TWebhookEventType>().notNull(),
    /** The exact body sent, so every attempt signs and sends the same bytes. */
    body: text('body').notNull(),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    responseTimeMs: integer('response_time_ms'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // An endpoint's log, newest first.
    index('webhook_deliveries_endpoint_created_idx').on(
      t.organizationId,
      t.endpointId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/** The organization's date up to which tasks that fell overdue were sent as `task.overdue` (ADR 064). */
export const webhookOverdueScans = pgTable('webhook_overdue_scans', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  scannedThrough: date('scanned_through', { mode: 'string' }).notNull(),
});

/** What "Add sample data" makes that "Remove sample data" looks for (ADR 097). */
export const SAMPLE_RECORD_KINDS = ['asset', 'field', 'schedule'] as const;

/**
 * The assets, custom fields and schedules "Add sample data" made in an organization
 * (modules/sample-data, ADR 097), and when: removing the sample deletes these and what hangs on them,
 * never what a person made. Not a foreign key: a sample asset someone deleted leaves its row, which
 * the removal forgets.
 */
export const sampleRecords = pgTable(
  'sample_records',
  {
    organizationId: organizationId(),
    kind: text('kind', { enum: SAMPLE_RECORD_KINDS }).notNull(),
    entityId: uuid('entity_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind, t.entityId] })],
);

/**
 * Locations (modules/locations, ADR 122): a tree per organization. `path` is the materialized path of
 * ids from the top ('/<site id>/<building id>/<its id>/'): a location's subtree is one range of the
 * (organization, path) index, its ancestors are in its own row, and a move rewrites the paths of its
 * subtree in one statement. `fullPath` is the names along it (' / '), what the type-ahead searches and
 * the screens show. Both are written by the service with every create, rename and move.
 */
export const locations = pgTable(
  'locations',
  {
    id: id(),
    organizationId: organizationId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => locations.id),
    name: varchar('name', { length: 200 }).notNull(),
    code: varchar('code', { length: 50 }),
    address: varchar('address', { length: 500 }),
    notes: varchar('notes', { length: 2000 }),
    /** Made once from the name plus a random suffix, never changed: printed labels stay valid. */
    slug: varchar('slug', { length: 255 }).notNull(),
    path: text('path').notNull(),
    /** 1 at the top (a site). */
    depth: integer('depth').notNull(),
    fullPath: text('full_path').notNull(),
    /** The import of assets whose location column created it: undoing that import removes it if unused. */
    importId: uuid('import_id').references((): AnyPgColumn => importRuns.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id),
    updatedById: uuid('updated_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('locations_org_slug_unique').on(t.organizationId, t.slug),
    // An import's location column: a full path found whatever its case, a batch of paths at once.
    index('locations_org_lower_full_path_idx').on(t.organizationId, sql`lower(${t.fullPath})`),
    // Undoing an import: the locations it created.
    index('locations_import_idx').on(t.importId).where(sql`${t.importId} is not null`),
    // Names are unique among siblings whatever their case (a path names one location); also the
    // children of a location by name, the tree's levels (the top ones under NO_PARENT).
    uniqueIndex('locations_org_parent_name_unique').on(
      t.organizationId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    // A subtree: the paths that start with the location's.
    index('locations_org_path_idx').on(t.organizationId, t.path.op('text_pattern_ops')),
    // The type-ahead's order (the shallowest first, then by path): a common word reads a few entries.
    index('locations_org_depth_path_idx').on(t.organizationId, t.depth, t.fullPath),
    // The type-ahead's words in the full path, led by the organization (btree_gin); written at once,
    // without a pending list: locations change rarely, and a move rewrites many paths (ADR 074).
    index('locations_org_full_path_trgm_idx')
      .using('gin', t.organizationId, t.fullPath.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // The foreign key's own look-up.
    index('locations_parent_idx').on(t.parentId).where(sql`${t.parentId} is not null`),
  ],
);

/** The parent key of the locations at the top, in locations_org_parent_name_unique. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/**
 * What each location holds, rolled up (its own and every location's below it), kept by triggers on
 * assets and maintenance_events and by the service's moves (migration 0040, ADR 122): a site's
 * counts are one row whatever it holds.
 */
export const locationRollups = pgTable(
  'location_rollups',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    /** Assets in service at it and below it. */
    assets: integer('assets').notNull().default(0),
    /** Assets in service at the location itself. */
    ownAssets: integer('own_assets').notNull().default(0),
    /** Open (pending or started) tasks of the assets at it and below it. */
    openTasks: integer('open_tasks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.organizationId] })],
);

/** Open planned tasks at each location and below it, per due date (its overdue and due-soon counts). */
export const locationDueRollups = pgTable(
  'location_due_rollups',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    open: integer('open').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.dueOn, t.organizationId] })],
);

/**
 * An asset's moves between locations (from, to, who, when): its history of where it was. The paths
 * are kept as they read at the move, so a later rename or deletion leaves the history readable.
 */
export const assetMoves = pgTable(
  'asset_moves',
  {
    id: id(),
    organizationId: organizationId(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    fromLocationId: uuid('from_location_id').references(() => locations.id, { onDelete: 'set null' }),
    fromPath: text('from_path'),
    toLocationId: uuid('to_location_id').references(() => locations.id, { onDelete: 'set null' }),
    toPath: text('to_path'),
    movedById: uuid('moved_by_id').references(() => users.id),
    /** The mover's name at the time; null for the system. */
    movedByName: varchar('moved_by_name', { length: 320 }),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An asset's moves, newest first; also the cascade's look-up when the asset is deleted.
    index('asset_moves_asset_moved_idx').on(t.assetId, t.movedAt.desc(), t.id.desc()),
    // The foreign keys' look-ups when a location is deleted.
    index('asset_moves_from_location_idx').on(t.fromLocationId).where(sql`${t.fromLocationId} is not null`),
    index('asset_moves_to_location_idx').on(t.toLocationId).where(sql`${t.toLocationId} is not null`),
  ],
);

/**
 * Requests from the QR code (modules/requests, ADR 129): a problem reported on an asset's public page
 * by anyone, triaged by staff. The reporter's private status link carries a token kept here only as
 * its SHA-256; their address only as an HMAC (limits, "me too", blocking), never as it was.
 */
export const requests = pgTable(
  'requests',
  {
    id: id(),
    organizationId: organizationId(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    urgency: varchar('urgency', { length: 16 }).$type<TRequestUrgency>().notNull(),
    /** 1 for an unsafe report, 0 otherwise: the staff list shows unsafe ones first, by index. */
    priority: integer('priority').notNull().default(0),
    description: varchar('description', { length: 2000 }).notNull(),
    reporterName: varchar('reporter_name', { length: 100 }),
    reporterEmail: varchar('reporter_email', { length: 254 }),
    /** The language of the reporter's emails (their browser's, at report time). */
    reporterLanguage: varchar('reporter_language', { length: 8 }).$type<TLanguage>().notNull(),
    /** SHA-256 (hex) of the status token; the token itself is shown once, to the reporter. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The status page's path sealed (secret box), kept only to email the reporter their link; null without an email. */
    statusLinkSealed: text('status_link_sealed'),
    /** HMAC of the sender's address (blocking a spammer); never the address. */
    senderHash: varchar('sender_hash', { length: 64 }).notNull(),
    state: varchar('state', { length: 16 }).$type<TRequestState>().notNull().default('new'),
    meTooCount: integer('me_too_count').notNull().default(0),
    createdAt: createdAt(),
    /** When staff accepted, merged or closed it (median time to triage). */
    triagedAt: timestamp('triaged_at', { withTimezone: true }),
    triagedById: uuid('triaged_by_id').references(() => users.id),
    /** When its task was completed (state done). */
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The task it became (accept) or was merged into. */
    taskId: uuid('task_id').references(() => maintenanceEvents.id, { onDelete: 'set null' }),
    closedReason: varchar('closed_reason', { length: 16 }).$type<TRequestCloseReason>(),
  },
  (t) => [
    // The staff list by state: unsafe first, then newest (keyset on priority, created_at, id).
    index('requests_org_state_list_idx').on(
      t.organizationId,
      t.state,
      t.priority.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // The same for one urgency.
    index('requests_org_state_urgency_idx').on(
      t.organizationId,
      t.state,
      t.urgency,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('requests_org_urgency_idx').on(t.organizationId, t.urgency, t.createdAt.desc(), t.id.desc()),
    // Every state, and the open ones (new and accepted) together.
    index('requests_org_list_idx').on(t.organizationId, t.priority.desc(), t.createdAt.desc(), t.id.desc()),
    index('requests_org_open_list_idx')
      .on(t.organizationId, t.priority.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.state} in ('new', 'accepted')`),
    // The public page's "being handled": an asset's open reports, newest first.
    index('requests_org_asset_open_idx')
      .on(t.organizationId, t.assetId, t.createdAt.desc())
      .where(sql`${t.state} in ('new', 'accepted')`),
    // One asset's requests (the list's asset filter); also the foreign key's look-up.
    index('requests_asset_created_idx').on(t.assetId, t.createdAt.desc(), t.id.desc()),
    // The status page finds a request by its token alone (a random or keyed HMAC, unique by itself).
    uniqueIndex('requests_token_hash_unique').on(t.tokenHash, t.organizationId),
    // The staff list's search: words of the description, led by the organization (btree_gin), so a
    // rare word reads its few rows instead of walking the list's order (ADR 133). Reports arrive all
    // day: a small pending list, as the assets' (ADR 074).
    index('requests_org_description_trgm_idx')
      .using('gin', t.organizationId, t.description.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 256 }),
    // A task's requests when it is completed; also the foreign key's look-up.
    index('requests_task_idx').on(t.taskId).where(sql`${t.taskId} is not null`),
    // The dashboard: reported and triaged per period.
    index('requests_org_created_idx').on(t.organizationId, t.createdAt),
    index('requests_org_triaged_idx')
      .on(t.organizationId, t.triagedAt, t.createdAt)
      .where(sql`${t.triagedAt} is not null`),
  ],
);

/** A request's photos, in file storage; `fileId` once attached to its task (accept or merge). */
export const requestPhotos = pgTable(
  'request_photos',
  {
    id: id(),
    organizationId: organizationId(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull(),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_photos_request_idx').on(t.requestId, t.id),
    uniqueIndex('request_photos_object_key_unique').on(t.objectKey, t.organizationId),
    index('request_photos_file_idx').on(t.fileId).where(sql`${t.fileId} is not null`),
  ],
);

/** "Me too" of a second reporter: once per sender (the HMAC of their address) and request. */
export const requestMeToos = pgTable(
  'request_me_toos',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    senderHash: varchar('sender_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.senderHash, t.organizationId] })],
);

/** Senders an organization blocked (a request closed as spam), by the HMAC of their address, until a time. */
export const blockedSenders = pgTable(
  'blocked_senders',
  {
    organizationId: organizationId(),
    senderHash: varchar('sender_hash', { length: 64 }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.senderHash] })],
);

/**
 * Report challenges already used (ADR 129), by the SHA-256 of their signature, until they expire:
 * a solved challenge counts once. Kept here when Redis is not configured (every instance shares it).
 */
export const usedReportChallenges = pgTable(
  'used_report_challenges',
  {
    signatureHash: varchar('signature_hash', { length: 64 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_report_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Checklist templates (modules/checklists, ADR 134): an organization's named procedures. The steps
 * are in its versions; `currentVersion` is the one new tasks get. Archived, never deleted: tasks
 * keep the versions they were given.
 */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: id(),
    organizationId: organizationId(),
    name: varchar('name', { length: 200 }).notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id),
    updatedById: uuid('updated_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list and the pickers, by name (active or archived ones).
    index('checklist_templates_org_name_idx').on(
      t.organizationId,
      sql`(${t.archivedAt} is not null)`,
      sql`lower(${t.name})`,
      t.id,
    ),
  ],
);

/**
 * A version of a template: its steps as one jsonb array (ADR 134), never changed once made. A task
 * points at the version it was given, so editing a template changes no task's checklist.
 */
export const checklistTemplateVersions = pgTable(
  'checklist_template_versions',
  {
    id: id(),
    organizationId: organizationId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => checklistTemplates.id),
    version: integer('version').notNull(),
    steps: jsonb('steps').$type<TChecklistStep[]>().notNull(),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('checklist_template_versions_version_check', sql`${t.version} >= 1`),
    uniqueIndex('checklist_template_versions_template_version_unique').on(
      t.templateId,
      t.version,
      t.organizationId,
    ),
  ],
);

/**
 * The answer to one step of a task's checklist (ADR 134): by its step key, with who did it and when
 * (the device's time, bounded). `flagged`: a failed check or a number outside the acceptable range.
 */
export const checklistResponses = pgTable(
  'checklist_responses',
  {
    organizationId: organizationId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => maintenanceEvents.id),
    stepKey: varchar('step_key', { length: 40 }).notNull(),
    outcome: varchar('outcome', { length: 4, enum: CHECK_OUTCOMES }),
    numberValue: numeric('number_value', { precision: 16, scale: 6, mode: 'number' }),
    textValue: varchar('text_value', { length: 2000 }),
    fileId: uuid('file_id').references(() => files.id),
    flagged: boolean('flagged').notNull().default(false),
    doneById: uuid('done_by_id').references(() => users.id),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // With the organization last, as every key of a table to distribute (ADR 142).
    primaryKey({ columns: [t.eventId, t.stepKey, t.organizationId] }),
    // The foreign key's own lookup when a file is deleted.
    index('checklist_responses_file_idx').on(t.fileId).where(sql`${t.fileId} is not null`),
  ],
);
