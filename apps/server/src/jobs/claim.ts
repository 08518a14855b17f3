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
  /** The queues with a free slot on this instance. */
  queues: string[];
  /** `queue organizationId` of each organization that holds its share of a queue's slots on this instance. */
  full: string[];
  /** The claimed job's lock, renewed by its runner while it runs. */
  lockSeconds: number;
}

/**
 * The oldest due jobs of each organization a claim considers: more than one, so that two instances
 * claiming at the same moment for a lone organization do not both find only its first, locked.
 */
const HEADS_PER_ORGANIZATION = 3;

/**
 * Claims one job of `queues`, taking turns between organizations (ADR 087), in one statement:
 * - per queue, the organizations with queued jobs, found one index probe each (a loose index scan on
 *   jobs_queued_idx), however many jobs each has waiting; an organization that holds its share of
 *   the queue's slots here (`full`) is passed over;
 * - of each, its oldest due jobs, and how many of its jobs the queue runs now on every instance;
 * - also the due jobs of no organization (the system's), and running jobs whose lock ran out (their
 *   instance stopped), which come first;
 * - the job of the organization with the fewest running goes next, the oldest first among equals,
 *   locked `FOR UPDATE SKIP LOCKED` so that two instances never take the same job. The state is
 *   checked again on the locked row: a job another instance took meanwhile is not taken twice.
 */
export async function claimJob(db: Db, options: ClaimOptions): Promise<ClaimedJob | undefined> {
  const queues = sql.param(options.queues);
  const result = (await db.execute(sql`
    with recursive waiting(queue, organization_id) as (
      select q.queue, (
        select j.organization_id from ${jobs} j
        where j.queue = q.queue and j.state = 'queued' and j.organization_id is not null
        order by j.organization_id limit 1)
      from unnest(${queues}::text[]) as q(queue)
      union all
      select w.queue, (
        select j.organization_id from ${jobs} j
        where j.queue = w.queue and j.state = 'queued' and j.organization_id > w.organization_id
        order by j.organization_id limit 1)
      from waiting w where w.organization_id is not null
    ), candidate as (
      select head.id, head.run_after, (
          select count(*) from ${jobs} r
          where r.queue = w.queue and r.state = 'running' and r.organization_id = w.organization_id
        ) as running
      from waiting w
      cross join lateral (
        select j.id, j.run_after from ${jobs} j
        where j.queue = w.queue and j.state = 'queued' and j.organization_id = w.organization_id
          and j.run_after <= now()
        order by j.run_after limit ${HEADS_PER_ORGANIZATION}) head
      where w.organization_id is not null
        and w.queue || ' ' || w.organization_id::text <> all(${sql.param(options.full)}::text[])
      union all
      select head.id, head.run_after, 0
      from unnest(${queues}::text[]) as q(queue)
      cross join lateral (
        select j.id, j.run_after from ${jobs} j
        where j.queue = q.queue and j.state = 'queued' and j.organization_id is null and j.run_after <= now()
        order by j.run_after limit ${HEADS_PER_ORGANIZATION}) head
      union all
      select j.id, j.run_after, -1 from ${jobs} j
      where j.queue = any(${queues}::text[]) and j.state = 'running' and j.locked_until < now()
    )
    update ${jobs} set state = 'running', attempts = attempts + 1, updated_at = now(),
      locked_until = now() + make_interval(secs => ${options.lockSeconds})
    where id = (
      select j.id from candidate c join ${jobs} j on j.id = c.id
      where (j.state = 'queued' and j.run_after <= now()) or (j.state = 'running' and j.locked_until < now())
      order by c.running, c.run_after, c.id
      limit 1
      for update of j skip locked)
    returning id, queue, organization_id as "organizationId", data, attempts`)) as unknown as {
    rows: ClaimedJob[];
  };
  return result.rows[0];
}
