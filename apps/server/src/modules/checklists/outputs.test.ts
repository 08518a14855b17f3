import {
  CHECKLIST_MESSAGES,
  type EVENT_CSV_COLUMNS,
  localDate,
  type TChecklistTemplate,
  type TOrganization,
  type TPublicAsset,
  type TSchedule,
} from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checklistTemplateVersions, maintenanceEvents } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createScheduleViaApi, scheduleBody, tasksOfSchedule } from '#server/test/schedule-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { createTaskWithChecklist, createTemplate, SIX_STEPS } from './checklist-fixtures.ts';

// Where a checklist goes beyond its task (ADR 134): schedules' tasks, the public page (opt-in), the
// history export.

const w = tenantWorld();
let asset: { id: string; slug: string };
let template: TChecklistTemplate;

const twoSteps = [
  { key: 'pin', kind: 'check' as const, label: 'Pin and seal', required: true },
  { key: 'gauge', kind: 'number' as const, label: 'Gauge', unit: 'bar', min: 1, max: 2 },
];

beforeAll(async () => {
  asset = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Extinguisher 12' });
  template = await createTemplate(w.app, w.headers.adminA, { name: 'Extinguisher check', steps: twoSteps });
});

/** The checklist version a task was given. */
const versionOf = async (eventId: string) => {
  const [row] = await w.db
    .select({ version: checklistTemplateVersions.version })
    .from(maintenanceEvents)
    .innerJoin(
      checklistTemplateVersions,
      eq(checklistTemplateVersions.id, maintenanceEvents.checklistVersionId),
    )
    .where(eq(maintenanceEvents.id, eventId));
  return row?.version ?? null;
};

describe('schedules with a checklist', () => {
  const today = () => localDate(new Date(), 'UTC');

  it('show it, and each task they create gets the template’s current version', async () => {
    const schedule = await createScheduleViaApi(
      w.app,
      w.headers.adminA,
      scheduleBody(asset.id, { startsOn: today(), checklistTemplateId: template.id }),
    );
    expect(schedule.checklist).toEqual({ id: template.id, name: 'Extinguisher check' });
    const [task] = await tasksOfSchedule(w.db, schedule.id);
    expect(await versionOf(task!.id)).toBe(1);
    const listed = await w.app.inject({
      method: 'GET',
      url: `/api/schedules/${schedule.id}`,
      headers: w.headers.memberA,
    });
    expect(listed.json<TSchedule>().checklist).toEqual({ id: template.id, name: 'Extinguisher check' });
  });

  it('refuse a template of another organization and an archived one (400 naming it)', async () => {
    const theirs = await createTemplate(w.app, w.headers.adminB, { name: 'B only', steps: SIX_STEPS });
    const archived = await createTemplate(w.app, w.headers.adminA, {
      name: 'Retired list',
      steps: SIX_STEPS,
    });
    await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/checklists/${archived.id}`,
      headers: w.headers.adminA,
    });
    for (const [id, message] of [
      [theirs.id, CHECKLIST_MESSAGES.unknownTemplate],
      [archived.id, CHECKLIST_MESSAGES.archived],
    ] as const) {
      const response = await w.app.inject({
        method: 'POST',
        url: '/api/admin/schedules',
        headers: w.headers.adminA,
        payload: scheduleBody(asset.id, { checklistTemplateId: id }),
      });
      expect(response.statusCode).toBe(400);
      expect(pathsAndMessages(response.json().fields)).toEqual([{ path: 'checklistTemplateId', message }]);
    }
  });

  it('keep an archived template on an edit that does not change it, and create their tasks without it', async () => {
    const soon = await createTemplate(w.app, w.headers.adminA, { name: 'Soon archived', steps: twoSteps });
    const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const schedule = await createScheduleViaApi(
      w.app,
      w.headers.adminA,
      scheduleBody(asset.id, { startsOn: start, checklistTemplateId: soon.id }),
    );
    await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/checklists/${soon.id}`,
      headers: w.headers.adminA,
    });
    // Moved to start today: the edit keeps the archived checklist, its task is created without it.
    const edited = await w.app.inject({
      method: 'PUT',
      url: `/api/admin/schedules/${schedule.id}`,
      headers: w.headers.adminA,
      payload: {
        ...scheduleBody(asset.id, { startsOn: today(), checklistTemplateId: soon.id }),
        assetId: undefined,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TSchedule>().checklist).toEqual({ id: soon.id, name: 'Soon archived' });
    const [task] = await tasksOfSchedule(w.db, schedule.id);
    expect(task).toBeDefined();
    expect(await versionOf(task!.id)).toBeNull();
  });
});

describe('the public page', () => {
  const publicEvents = async () => {
    const response = await w.app.inject({
      url: `/public/orgs/${w.orgA.organization.id}/assets/${asset.slug}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TPublicAsset>().events;
  };
  const setSummary = async (on: boolean) => {
    const response = await w.app.inject({
      method: 'PUT',
      url: '/api/admin/organization/settings',
      headers: w.headers.adminA,
      payload: { publicChecklistSummary: on },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TOrganization>().publicChecklistSummary).toBe(on);
  };

  it('shows a completed task’s checklist summary only where the organization allows it (off by default)', async () => {
    const task = await createTaskWithChecklist(
      w.app,
      w.headers.memberA,
      asset.id,
      template.id,
      'Yearly check',
    );
    const open = await createTaskWithChecklist(w.app, w.headers.memberA, asset.id, template.id, 'Still open');
    await w.app.inject({
      method: 'PUT',
      url: `/api/events/${task.id}/checklist/steps/pin`,
      headers: w.headers.memberA,
      payload: { outcome: 'pass' },
    });
    await w.app.inject({
      method: 'PUT',
      url: `/api/events/${task.id}/checklist/steps/gauge`,
      headers: w.headers.memberA,
      payload: { numberValue: 1.5 },
    });
    const completed = await w.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events/${task.id}/complete`,
      headers: w.headers.memberA,
    });
    expect(completed.statusCode, completed.body).toBe(200);

    const byTitle = async () => new Map((await publicEvents()).map((event) => [event.title, event]));
    expect((await byTitle()).get('Yearly check')?.checklistSummary).toBeNull();

    await setSummary(true);
    const shown = await byTitle();
    expect(shown.get('Yearly check')?.checklistSummary).toEqual({
      total: 2,
      done: 2,
      passed: 2,
      failed: 0,
      na: 0,
      flagged: 0,
    });
    expect(shown.get(open.title)?.checklistSummary).toBeNull();
    await setSummary(false);
    expect((await byTitle()).get('Yearly check')?.checklistSummary).toBeNull();
  });
});

describe('the history export', () => {
  it('has the checklist’s name and summary per event, empty for an event without one', async () => {
    const own = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Exported boiler' });
    const task = await createTaskWithChecklist(w.app, w.headers.memberA, own.id, template.id, 'Checked');
    await w.app.inject({
      method: 'PUT',
      url: `/api/events/${task.id}/checklist/steps/gauge`,
      headers: w.headers.memberA,
      payload: { numberValue: 7 },
    });
    await createTaskWithChecklist(w.app, w.headers.memberA, own.id, null, 'Unchecked');
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const response = await w.app.inject({
      url: `/api/exports/events.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      headers: w.headers.memberA,
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parse(response.body, { bom: true }) as string[][];
    const at = (name: (typeof EVENT_CSV_COLUMNS)[number]) => header!.indexOf(name);
    const pick = (row: string[]) =>
      [
        row[at('Title')],
        row[at('Checklist')],
        row[at('Checklist steps')],
        row[at('Checklist done')],
        row[at('Checklist passed')],
        row[at('Checklist flagged')],
      ].join('|');
    const ours = rows.filter((row) => row[at('Asset slug')] === own.slug).map(pick);
    expect(ours).toEqual(['Checked|Extinguisher check|2|1|0|1', 'Unchecked|||||']);
  });
});
