import { languageOf, type TLanguage } from '@mqr/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { assets, emailOutbox, maintenanceEvents, organizations, requests, users } from '#server/db/schema.ts';
import type { Digest, DigestContent, DigestRow, Triager, WaitingRequests } from './digest.ts';

/** The kind of the outbox rows of daily digests. */
export const DAILY_DIGEST = 'daily_digest';

export type OutboxRow = typeof emailOutbox.$inferSelect;

type Rows<T> = { rows: T[] };

/**
 * The organizations whose daily digests are due at `now`: digest on, the local time past `hour`, and
 * not composed yet on their local date. A scan of the organizations (a few rows each), once a minute.
 */
export async function findOrganizationsDueForDigest(
  db: DbOrTx,
  now: Date,
  hour: number,
): Promise<{ id: string; timeZone: string }[]> {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})`;
  const result = (await db.execute(sql`
    select ${organizations.id} as id, ${organizations.timeZone} as "timeZone" from ${organizations}
    where ${organizations.dailyDigest}
      and ${local}::time >= make_time(${hour}, 0, 0)
      and (${organizations.digestComposedOn} is null or ${organizations.digestComposedOn} < ${local}::date)
    order by ${organizations.id}`)) as unknown as Rows<{ id: string; timeZone: string }>;
  return result.rows;
}

/**
 * Takes the organization's digests of `localDate` for this transaction: marks it composed on that date
 * unless it is already (another instance, an earlier run) or the digest is off. Answers its name, or
 * undefined when there is nothing to compose. A concurrent transaction waits on the row, then sees the
 * date and takes nothing.
 */
export async function claimOrganizationDigest(
  tx: DbOrTx,
  organizationId: string,
  localDate: string,
): Promise<string | undefined> {
  const result = (await tx.execute(sql`
    update ${organizations} set digest_composed_on = ${localDate}
    where id = ${organizationId} and daily_digest
      and (digest_composed_on is null or digest_composed_on < ${localDate})
    returning name`)) as unknown as Rows<{ name: string }>;
  return result.rows[0]?.name;
}

/**
 * Every digest line of an organization in one statement: its open tasks due up to `soonUntil`
 * (the open-tasks index, a range of due dates), each for its assignee, or for every administrator when
 * nobody (or a deactivated user) is assigned; only to active people whose digest is on. Each share
 * (a person's own tasks, the unassigned ones) is capped at `limit` per section in SQL, with its count,
 * so the answer stays small whatever the organization's size; only those rows meet their assets.
 */
export async function findDigestRows(
  db: DbOrTx,
  organizationId: string,
  days: { today: string; soonUntil: string },
  limit: number,
): Promise<DigestRow[]> {
  const result = (await db.execute(sql`
    with due as (
      select e.id, e.asset_id, e.title, e.due_on, owner.id as owner_id,
        case when e.due_on < ${days.today} then 0 when e.due_on = ${days.today} then 1 else 2 end as section
      from ${maintenanceEvents} e
      left join ${users} owner on owner.id = e.assignee_id and owner.organization_id = ${organizationId}
        and owner.is_active
      where e.organization_id = ${organizationId} and e.task_status <> 'Completed'
        and e.due_on <= ${days.soonUntil}
    ),
    ranked as (
      select d.*, row_number() over (partition by d.owner_id, d.section order by d.due_on, d.id) as n,
        count(*) over (partition by d.owner_id, d.section) as section_total
      from due d
    ),
    capped as (
      select r.*, a.name as asset_name from ranked r
      join ${assets} a on a.organization_id = ${organizationId} and a.id = r.asset_id
      where r.n <= ${limit}
    ),
    recipients as (
      select u.id, u.email, u.display_name, (u.is_admin or u.is_super_admin) as admin from ${users} u
      where u.organization_id = ${organizationId} and u.is_active and u.daily_digest
    ),
    lines as (
      select r.id as user_id, r.email, r.display_name, false as unassigned, c.* from capped c
      join recipients r on r.id = c.owner_id
      union all
      select r.id as user_id, r.email, r.display_name, true as unassigned, c.* from capped c
      join recipients r on r.admin
      where c.owner_id is null
    )
    select user_id as "userId", email, display_name as "displayName", unassigned, id as "taskId",
      asset_id as "assetId", asset_name as "assetName", title, due_on::text as "dueOn", section,
      section_total::int as "sectionTotal"
    from lines
    order by user_id, section, due_on, id`)) as unknown as Rows<DigestRow>;
  return result.rows;
}

/**
 * The organization's requests waiting for triage (ADR 129): counted, and the first `limit` of them,
 * unsafe first then newest, by the staff list's index of new requests.
 */
export async function findWaitingRequests(
  db: DbOrTx,
  organizationId: string,
  limit: number,
): Promise<WaitingRequests> {
  const counts = (await db.execute(sql`
    select count(*)::int as total, count(*) filter (where priority = 1)::int as unsafe
    from ${requests} where organization_id = ${organizationId} and state = 'new'`)) as unknown as Rows<{
    total: number;
    unsafe: number;
  }>;
  const { total, unsafe } = counts.rows[0] ?? { total: 0, unsafe: 0 };
  if (total === 0) return { total, unsafe, items: [] };
  const items = (await db.execute(sql`
    select r.id as "requestId", a.name as "assetName", r.urgency, left(r.description, 200) as description
    from ${requests} r join ${assets} a on a.organization_id = r.organization_id and a.id = r.asset_id
    where r.organization_id = ${organizationId} and r.state = 'new'
    order by r.priority desc nulls last, r.created_at desc nulls last, r.id desc nulls last limit ${limit}`)) as unknown as Rows<
    WaitingRequests['items'][number]
  >;
  return { total, unsafe, items: items.rows };
}

/** Who triages the organization's requests and gets the digest: its administrators, and its members where they may. */
export async function findTriagers(db: DbOrTx, organizationId: string): Promise<Triager[]> {
  const result = (await db.execute(sql`
    select u.id as "userId", u.email, u.display_name as "displayName"
    from ${users} u join ${organizations} org on org.id = u.organization_id
    where u.organization_id = ${organizationId} and u.is_active and u.daily_digest
      and (u.is_admin or u.is_super_admin or org.request_triage_role = 'member')
    order by u.id`)) as unknown as Rows<Triager>;
  return result.rows;
}

/**
 * Writes the digests to the outbox in one statement. A person who has this date's digest already
 * (the unique index on person, kind and date) gets nothing more. Answers how many were written.
 */
export async function insertDigests(
  tx: DbOrTx,
  organizationId: string,
  localDate: string,
  digests: (Digest & { id: string })[],
): Promise<number> {
  if (digests.length === 0) return 0;
  const column = (values: string[]) => sql.param(values);
  const result = (await tx.execute(sql`
    insert into ${emailOutbox} (id, organization_id, user_id, kind, local_date, recipient, content)
    select d.id, ${organizationId}::uuid, d.user_id, ${DAILY_DIGEST}, ${localDate}::date, d.recipient, d.content::jsonb
    from unnest(${column(digests.map((d) => d.id))}::uuid[], ${column(digests.map((d) => d.userId))}::uuid[],
      ${column(digests.map((d) => d.email))}::text[], ${column(digests.map((d) => JSON.stringify(d.content)))}::text[])
      as d(id, user_id, recipient, content)
    on conflict (user_id, kind, local_date, organization_id) where kind = 'daily_digest' do nothing
    returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

/**
 * Writes one message of `kind` to every active administrator of the organization (super
 * administrators of it included) in one statement, each with `recipientName` and the
 * `organizationName` added to `content`. Answers how many were written.
 */
export async function insertAdministratorEmails(
  tx: DbOrTx,
  message: {
    organizationId: string;
    localDate: string;
    kind: string;
    content: Record<string, unknown>;
    /** Also the members when the organization lets members triage requests (ADR 133). */
    triagers?: boolean;
  },
): Promise<number> {
  const members = message.triagers ? sql`or org.request_triage_role = 'member'` : sql``;
  const result = (await tx.execute(sql`
    insert into ${emailOutbox} (id, organization_id, user_id, kind, local_date, recipient, content)
    select gen_random_uuid(), u.organization_id, u.id, ${message.kind}, ${message.localDate}::date, u.email,
      ${JSON.stringify(message.content)}::jsonb
        || jsonb_build_object('recipientName', u.display_name, 'organizationName', org.name)
    from ${users} u join ${organizations} org on org.id = u.organization_id
    where u.organization_id = ${message.organizationId} and u.is_active and (u.is_admin or u.is_super_admin ${members})
    returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

/** Writes one message to someone outside the organization (a request's reporter): no user, its own language. */
export async function insertReporterEmail(
  tx: DbOrTx,
  message: {
    organizationId: string;
    localDate: string;
    kind: string;
    recipient: string;
    language: TLanguage;
    content: Record<string, unknown>;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into ${emailOutbox} (id, organization_id, user_id, kind, local_date, recipient, language, content)
    values (gen_random_uuid(), ${message.organizationId}, null, ${message.kind}, ${message.localDate}::date,
      ${message.recipient}, ${message.language}, ${JSON.stringify(message.content)}::jsonb)`);
}

/**
 * One message to one active member of the organization (an urgent task's assignee, ADR 131), their
 * name and the organization's added to its content. Answers how many were written (0 or 1).
 */
export async function insertUserEmail(
  tx: DbOrTx,
  message: {
    organizationId: string;
    userId: string;
    localDate: string;
    kind: string;
    content: Record<string, unknown>;
  },
): Promise<number> {
  const result = (await tx.execute(sql`
    insert into ${emailOutbox} (id, organization_id, user_id, kind, local_date, recipient, content)
    select gen_random_uuid(), u.organization_id, u.id, ${message.kind}, ${message.localDate}::date, u.email,
      ${JSON.stringify(message.content)}::jsonb
        || jsonb_build_object('recipientName', u.display_name, 'organizationName', org.name)
    from ${users} u join ${organizations} org on org.id = u.organization_id
    where u.organization_id = ${message.organizationId} and u.id = ${message.userId} and u.is_active
    returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

/** Deletes the organization's finished outbox rows older than `before` (kept a while for inquiries). */
export async function deleteOldOutboxRows(tx: DbOrTx, organizationId: string, before: string): Promise<void> {
  await tx.execute(sql`
    delete from ${emailOutbox}
    where organization_id = ${organizationId} and local_date < ${before}
      and state in ('sent', 'failed', 'cancelled')`);
}

// Delivery.

/** The organization's messages of a date in these states: `{organizationId, localDate}` as a delivery names them. */
const ofDelivery = (delivery: Delivery, states: string) => sql`
  o.organization_id = ${delivery.organizationId} and o.local_date = ${delivery.localDate}
    and o.state in (${sql.raw(states)})`;

export interface Delivery {
  organizationId: string;
  localDate: string;
}

/**
 * Messages a previous run left while the mail server was answering (its instance stopped, or the
 * database failed once the server had answered): whether the server took them is unknown, so they
 * are not sent again. Answers how many.
 */
export async function failInterrupted(db: DbOrTx, delivery: Delivery, reason: string): Promise<number> {
  const result = (await db.execute(sql`
    update ${emailOutbox} o set state = 'failed', last_error = ${reason}, updated_at = now()
    where ${ofDelivery(delivery, "'sending'")}
    returning o.id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

/**
 * Cancels the queued messages of people deactivated since they were written, and the digests of
 * people or organizations that turned the digest off meanwhile.
 */
export async function cancelUnwanted(db: DbOrTx, delivery: Delivery): Promise<void> {
  await db.execute(sql`
    update ${emailOutbox} o set state = 'cancelled', updated_at = now()
    from ${users} u, ${organizations} org
    where ${ofDelivery(delivery, "'queued'")} and u.id = o.user_id and org.id = o.organization_id
      and not (u.is_active and (o.kind <> ${DAILY_DIGEST} or (u.daily_digest and org.daily_digest)))`);
}

/**
 * Takes the next queued message of the delivery: marked `sending` (and committed) before it goes to
 * the mail server, so a run that stops halfway never sends it a second time. It goes to the person's
 * address as it is now (they may have changed it since the morning), in their language as it is now
 * (theirs, else their organization's: languageOf).
 */
export async function claimNextMessage(
  db: DbOrTx,
  delivery: Delivery,
): Promise<(OutboxRow & { language: TLanguage }) | undefined> {
  // A message to someone outside the organization (a reporter, ADR 129) has no user: its address and
  // language are the row's own.
  const result = (await db.execute(sql`
    update ${emailOutbox} m set state = 'sending', attempts = m.attempts + 1,
      recipient = coalesce((select u.email from ${users} u where u.id = m.user_id), m.recipient), updated_at = now()
    from ${organizations} org
    where m.id = (
      select o.id from ${emailOutbox} o where ${ofDelivery(delivery, "'queued'")}
      order by o.id limit 1 for update skip locked)
      and org.id = m.organization_id
    returning m.id, m.user_id as "userId", m.kind, m.local_date::text as "localDate", m.recipient, m.content,
      m.language as "ownLanguage", (select u.language from ${users} u where u.id = m.user_id) as "userLanguage",
      org.default_language as "organizationLanguage"`)) as unknown as Rows<
    Pick<OutboxRow, 'id' | 'userId' | 'kind' | 'localDate' | 'recipient'> & {
      content: DigestContent;
      ownLanguage: TLanguage | null;
      userLanguage: TLanguage | null;
      organizationLanguage: TLanguage;
    }
  >;
  const row = result.rows[0];
  if (!row) return undefined;
  const { ownLanguage, userLanguage, organizationLanguage, ...message } = row;
  return {
    ...(message as unknown as OutboxRow),
    language: ownLanguage ?? languageOf({ language: userLanguage }, { language: organizationLanguage }),
  };
}

/** Records what became of a message: sent (the server's answer), back in the queue, or failed (the error). */
export async function settleMessage(
  db: DbOrTx,
  id: string,
  outcome: { state: 'sent'; response: string } | { state: 'queued' | 'failed'; error: string },
): Promise<void> {
  await db.execute(
    outcome.state === 'sent'
      ? sql`update ${emailOutbox} set state = 'sent', server_response = ${outcome.response.slice(0, 1000)},
          sent_at = now(), last_error = null, updated_at = now() where id = ${id}`
      : sql`update ${emailOutbox} set state = ${outcome.state}, last_error = ${outcome.error.slice(0, 1000)},
          updated_at = now() where id = ${id}`,
  );
}

/** Fails every message of the delivery still queued (its last try failed): answers how many. */
export async function failQueued(db: DbOrTx, delivery: Delivery, reason: string): Promise<number> {
  const result = (await db.execute(sql`
    update ${emailOutbox} o set state = 'failed', last_error = ${reason.slice(0, 1000)}, updated_at = now()
    where ${ofDelivery(delivery, "'queued'")}
    returning o.id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}
