import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { jobs } from '#server/db/schema.ts';

/** A job taken by this runner: `attempts` counts this attempt. */
export interface ClaimedJob {
  id: string;
  queue: string;
  organizationId: string | null;
  data: Record<string, string>;
  attempts: number;
}

export interface ClaimOptions {
  /** The queues with a free slot on this instance, each with the organization whose job it took last. */
  queues: { name: string; turn: string | null }[];
  /** `queue organizationId` of each organization that holds its share of a queue's slots on this instance. */
  full: string[];
  /** The claimed job's lock, renewed by its runner while it runs. */
  lockSeconds: number;
}

/**
 * The organizations with due jobs a claim looks at per queue, in turn after the last one served.
 * More than a queue's slots: however many organizations hold their share, one in reach has room.
 */
const ORGANIZATIONS_PER_LOOK = 16;
/**
 * The oldest due jobs of each organization a claim considers: more than one, so that two instances
 * claiming at the same moment for a lone organization do not both find only its first, locked.
 */
const HEADS_PER_ORGANIZATION = 3;
/** The candidates tried in order until one is not locked by another instance's claim. */
const CANDIDATES_TO_TRY = 16;
/** Where the turns start when a queue has served no organization yet: before every id. */
const FIRST_TURN = '00000000-0000-0000-0000-000000000000';

/**
 * Claims one job of the queues, taking turns between organizations (ADR 087), in one statement:
 * - per queue, the organizations with due jobs, in id order from the one after the last served,
 *   wrapping around, one index probe each (a loose index scan on jobs_queued_idx), up to
 *   ORGANIZATIONS_PER_LOOK of them however many jobs each has waiting; an organization that holds
 *   its share of the queue's slots here (`full`) is passed over;
 * - of each, its oldest due jobs, and how many of its jobs the queue runs now on every instance;
 * - also the due jobs of no organization (the system's), and running jobs whose lock ran out (their
 *   instance stopped), which come first;
 * - the job of the organization with the fewest running goes next, the next in turn among equals,
 *   its oldest first (ids are time-ordered: two jobs sent within the clock's tick keep their order),
 *   locked `FOR UPDATE SKIP LOCKED` so that two instances never take the same job. The state is
 *   checked again on the locked row: a job another instance took meanwhile is not taken twice.
 */
export async function claimJob(db: Db, options: ClaimOptions): Promise<ClaimedJob | undefined> {
  const queues = sql.param(options.queues.map((queue) => queue.name));
  const turns = sql.param(options.queues.map((queue) => queue.turn ?? FIRST_TURN));
  const result = (await db.execute(sql`
    with recursive turn(queue, after, organization_id, wrapped, position) as (
      select q.queue, q.after, q.after, false, 0
      from unnest(${queues}::text[], ${turns}::uuid[]) as q(queue, after)
      union all
      select w.queue, w.after, n.organization_id, n.wrapped, w.position + 1
      from turn w
      cross join lateral (
        (select j.organization_id, w.wrapped as wrapped from ${jobs} j
          where j.queue = w.queue and j.state = 'queued' and j.organization_id > w.organization_id
            and j.run_after <= now()
          order by j.organization_id limit 1)
        union all
        (select j.organization_id, true from ${jobs} j
          where not w.wrapped and j.queue = w.queue and j.state = 'queued' and j.organization_id is not null
            and j.run_after <= now()
          order by j.organization_id limit 1)
        limit 1) n
      where w.position < ${ORGANIZATIONS_PER_LOOK} and not (n.wrapped and n.organization_id > w.after)
    ), candidate as (
      select head.id, head.run_after, t.position, (
          select count(*) from ${jobs} r
          where r.queue = t.queue and r.state = 'running' and r.organization_id = t.organization_id
        ) as running
      from turn t
      cross join lateral (
        select j.id, j.run_after from ${jobs} j
        where j.queue = t.queue and j.state = 'queued' and j.organization_id = t.organization_id
          and j.run_after <= now()
        order by j.run_after, j.id limit ${HEADS_PER_ORGANIZATION}) head
      where t.position > 0
        and t.queue || ' ' || t.organization_id::text <> all(${sql.param(options.full)}::text[])
      union all
      select head.id, head.run_after, 0, 0
      from unnest(${queues}::text[]) as q(queue)
      cross join lateral (
        select j.id, j.run_after from ${jobs} j
        where j.queue = q.queue and j.state = 'queued' and j.organization_id is null and j.run_after <= now()
        order by j.run_after, j.id limit ${HEADS_PER_ORGANIZATION}) head
      union all
      select j.id, j.run_after, 0, -1 from ${jobs} j
      where j.queue = any(${queues}::text[]) and j.state = 'running' and j.locked_until < now()
    )
    update ${jobs} set state = 'running', attempts = attempts + 1, updated_at = now(),
      locked_until = now() + make_interval(secs => ${options.lockSeconds})
    where id = (
      select j.id
      from (select * from candidate order by running, position, run_after, id limit ${CANDIDATES_TO_TRY}) c
      join ${jobs} j on j.id = c.id
      where (j.state = 'queued' and j.run_after <= now()) or (j.state = 'running' and j.locked_until < now())
      order by c.running, c.position, c.run_after, c.id
      limit 1
      for update of j skip locked)
    returning id, queue, organization_id as "organizationId", data, attempts`)) as unknown as {
    rows: ClaimedJob[];
  };
  return result.rows[0];
}
