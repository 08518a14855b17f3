import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

/**
 * The day (or hour, ADR 107) roll-ups as the events say they should be, next to what the trigger kept.
 * Sums are compared to 6 decimals: the kept ones are added a statement at a time.
 */
async function rollupsAndTruth(unit: 'day' | 'hour' = 'day') {
  const [table, slot, truthSlot] =
    unit === 'day'
      ? [sql`completion_rollups`, sql`day::text`, sql`(task_completed_at at time zone 'UTC')::date::text`]
      : [
          sql`completion_hour_rollups`,
          sql`hour`,
          sql`date_bin('1 hour', task_completed_at, timestamptz '2000-01-01Z')`,
        ];
  const kept = (await t.db.execute(sql`
    select organization_id::text, ${slot} as slot, completed_by_key::text, completions,
           round(turnaround_hours::numeric, 6)::text as turnaround, round(lead_hours::numeric, 6)::text as lead, lead_count
    from ${table} where completions <> 0 or lead_count <> 0
    order by 1, 2, 3`)) as unknown as { rows: unknown[] };
  const truth = (await t.db.execute(sql`
    select organization_id::text, ${truthSlot} as slot,
           coalesce(task_completed_by_id, '00000000-0000-0000-0000-000000000000')::text as completed_by_key,
           count(*)::int as completions,
           round(sum(date_part('epoch', task_completed_at - created_at) / 3600)::numeric, 6)::text as turnaround,
           round(coalesce(sum(date_part('epoch', task_completed_at - task_started_at) / 3600), 0)::numeric, 6)::text as lead,
           count(task_started_at)::int as lead_count
    from maintenance_events where task_status = 'Completed' and task_completed_at is not null
    group by 1, 2, 3 order by 1, 2, 3`)) as unknown as { rows: unknown[] };
  return { kept: kept.rows, truth: truth.rows };
}

/** The quarter-hour and active-job tallies as the events say they should be, next to what the trigger kept. */
async function talliesAndTruth() {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    kept: {
      quarterHours: await rows(sql`
        select organization_id::text, quarter_hour, completions from completion_quarter_hours
        where completions <> 0 order by 1, 2`),
      activeJobs: await rows(sql`
        select organization_id::text, started_by_key::text, jobs from active_job_tallies where jobs <> 0 order by 1, 2`),
    },
    truth: {
      quarterHours: await rows(sql`
        select organization_id::text, date_bin('15 minutes', task_completed_at, timestamptz '2000-01-01Z') as quarter_hour,
               count(*)::int as completions
        from maintenance_events where task_status = 'Completed' and task_completed_at is not null
        group by 1, 2 order by 1, 2`),
      activeJobs: await rows(sql`
        select organization_id::text, coalesce(task_started_by_id, '00000000-0000-0000-0000-000000000000')::text as started_by_key,
               count(*)::int as jobs
        from maintenance_events where task_status = 'InProgress' group by 1, 2 order by 1, 2`),
    },
  };
}

describe('completion roll-ups (by day and by hour) and task tallies', () => {
  it('follow every change of the events: completions, edits of their stamps, reopening, deletion', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Chiller' });
    const org = asset.organizationId;
    const [admin, member] = [t.orgA.admin.id, t.orgA.member.id];
    // 40 events over 10 days, some completed by someone, some by no one, some never started.
    await t.db.execute(sql`
      insert into maintenance_events (id, organization_id, asset_id, title, performed_at, created_at, updated_at,
        task_status, task_started_at, task_completed_at, task_completed_by_id)
      select gen_random_uuid(), ${org}::uuid, ${asset.id}::uuid, 'Job ' || i,
        timestamptz '2026-03-01' + i * interval '6 hours', timestamptz '2026-03-01' + i * interval '6 hours', now(),
        case when i % 4 = 0 then 'Pending' else 'Completed' end,
        case when i % 3 = 0 then null else timestamptz '2026-03-01' + i * interval '6 hours' + interval '1 hour' end,
        case when i % 4 = 0 then null else timestamptz '2026-03-01' + i * interval '6 hours' + interval '5 hours' end,
        case when i % 5 = 0 then null when i % 2 = 0 then ${admin}::uuid else ${member}::uuid end
      from generate_series(1, 40) as i`);
    let state = await rollupsAndTruth();
    expect(state.kept.length).toBeGreaterThan(5);
    expect(state.kept).toEqual(state.truth);
    let hours = await rollupsAndTruth('hour');
    expect(hours.kept.length).toBeGreaterThan(state.kept.length);
    expect(hours.kept).toEqual(hours.truth);
    let tallies = await talliesAndTruth();
    expect(tallies.kept.quarterHours.length).toBeGreaterThan(5);
    expect(tallies.kept).toEqual(tallies.truth);

    // A task completed through the API, and a pending one completed by SQL across midnight.
    const event = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events`,
      headers: t.headers.memberA,
      payload: { title: 'Now' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events/${event.json().id}/complete`,
      headers: t.headers.memberA,
    });
    // Two tasks started through the API, one of them completed afterwards.
    for (const title of ['Started', 'Started then completed']) {
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/assets/${asset.id}/events`,
        headers: t.headers.adminA,
        payload: { title },
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/assets/${asset.id}/events/${started.json().id}/start`,
        headers: t.headers.memberA,
      });
    }
    expect((await talliesAndTruth()).kept.activeJobs).toEqual([
      { organization_id: org, started_by_key: member, jobs: 2 },
    ]);
    const completedLater = await t.db.execute(
      sql`select id from maintenance_events where title = 'Started then completed'`,
    );
    await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events/${(completedLater as unknown as { rows: { id: string }[] }).rows[0]!.id}/complete`,
      headers: t.headers.adminA,
    });
    await t.db.execute(sql`
      update maintenance_events set task_status = 'Completed', task_completed_at = timestamptz '2026-03-05 23:59:59Z',
        task_completed_by_id = ${admin}::uuid where title = 'Job 4'`);
    // A completion moved to another day and another person; one reopened; one deleted.
    await t.db.execute(sql`
      update maintenance_events set task_completed_at = task_completed_at + interval '3 days',
        task_completed_by_id = ${member}::uuid where title = 'Job 7'`);
    await t.db.execute(
      sql`update maintenance_events set task_status = 'InProgress', task_completed_at = null where title = 'Job 9'`,
    );
    await t.db.execute(sql`delete from maintenance_events where title = 'Job 10'`);
    // An edit that changes nothing the roll-ups read.
    await t.db.execute(sql`update maintenance_events set notes = 'checked' where title = 'Job 11'`);

    state = await rollupsAndTruth();
    expect(state.kept).toEqual(state.truth);
    hours = await rollupsAndTruth('hour');
    expect(hours.kept).toEqual(hours.truth);
    tallies = await talliesAndTruth();
    expect(tallies.kept).toEqual(tallies.truth);
    // Job 9, reopened without a starter, counts for no one in particular.
    expect(tallies.kept.activeJobs).toHaveLength(2);
  });
});
