import {
  CHECKLIST_MESSAGES,
  CHECKLIST_STEPS_MAX,
  PAGING_HEADERS,
  type TChecklistTemplate,
  type TChecklistTemplateSummary,
} from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistTemplates, checklistTemplateVersions } from '#server/db/schema.ts';
import { auditEntriesOf } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { createTemplate, SIX_STEPS } from './checklist-fixtures.ts';

// Checklist templates (ADR 134): administrators write them, in versions; everyone signed in reads them.

const w = tenantWorld();

const templateCount = async (organizationId: string) =>
  (await w.db.select().from(checklistTemplates).where(eq(checklistTemplates.organizationId, organizationId)))
    .length;
const versionCount = async () => (await w.db.select().from(checklistTemplateVersions)).length;

describe('creating a template', () => {
  it('makes version 1 with the steps in order, keys kept or given, and audits it', async () => {
    const template = await createTemplate(w.app, w.headers.adminA, {
      name: '  Fire extinguisher  ',
      steps: [
        { kind: 'check', label: 'Pin and seal intact', required: true },
        ...SIX_STEPS.slice(1, 2),
        { kind: 'choice', label: 'Location', options: ['Hall', 'Kitchen'] },
      ],
    });
    expect(template).toMatchObject({ name: 'Fire extinguisher', version: 1, stepCount: 3, archivedAt: null });
    expect(template.steps.map((step) => step.kind)).toEqual(['check', 'number', 'choice']);
    expect(template.steps[0]!.key).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(template.steps[1]).toEqual({
      key: 'pressure',
      kind: 'number',
      label: 'Pressure',
      required: true,
      unit: 'bar',
      min: 2,
      max: 4,
      options: null,
    });
    expect(template.steps[2]).toMatchObject({ required: false, unit: null, options: ['Hall', 'Kitchen'] });
    expect(template.versions).toEqual([
      expect.objectContaining({ version: 1, stepCount: 3, createdBy: expect.any(String) }),
    ]);
    const [audit] = await auditEntriesOf(w.db, w.orgA.organization.id, template.id);
    expect(audit).toMatchObject({ action: 'CREATE', entityType: 'ChecklistTemplate' });
  });

  it.each([
    ['no name', { name: ' ', steps: SIX_STEPS }, 'name', CHECKLIST_MESSAGES.nameRequired],
    ['no steps', { name: 'Empty', steps: [] }, 'steps', CHECKLIST_MESSAGES.stepsRequired],
    [
      'too many steps',
      { name: 'Long', steps: Array.from({ length: CHECKLIST_STEPS_MAX + 1 }, () => SIX_STEPS[0]) },
      'steps',
      CHECKLIST_MESSAGES.tooManySteps,
    ],
    [
      'an unknown kind',
      { name: 'X', steps: [{ kind: 'colour', label: 'Paint' }] },
      'steps.0.kind',
      CHECKLIST_MESSAGES.stepKindInvalid,
    ],
    [
      'a step without a label',
      { name: 'X', steps: [{ kind: 'check', label: '' }] },
      'steps.0.label',
      CHECKLIST_MESSAGES.stepLabelRequired,
    ],
    [
      'a choice without options',
      { name: 'X', steps: [{ kind: 'choice', label: 'Colour' }] },
      'steps.0.options',
      CHECKLIST_MESSAGES.optionsCount,
    ],
    [
      'a choice with one option',
      { name: 'X', steps: [{ kind: 'choice', label: 'Colour', options: ['Red'] }] },
      'steps.0.options',
      CHECKLIST_MESSAGES.optionsCount,
    ],
    [
      'a choice with the same option twice',
      { name: 'X', steps: [{ kind: 'choice', label: 'Colour', options: ['Red', 'Red'] }] },
      'steps.0.options',
      CHECKLIST_MESSAGES.optionInvalid,
    ],
    [
      'options on a check',
      { name: 'X', steps: [{ kind: 'check', label: 'Seal', options: ['A', 'B'] }] },
      'steps.0.options',
      CHECKLIST_MESSAGES.choiceOnly,
    ],
    [
      'a unit on a check',
      { name: 'X', steps: [{ kind: 'check', label: 'Seal', unit: 'bar' }] },
      'steps.0.unit',
      CHECKLIST_MESSAGES.numberOnly,
    ],
    [
      'a reversed range',
      { name: 'X', steps: [{ kind: 'number', label: 'Pressure', min: 5, max: 1 }] },
      'steps.0.max',
      CHECKLIST_MESSAGES.rangeReversed,
    ],
    [
      'a range beyond the sane one',
      { name: 'X', steps: [{ kind: 'number', label: 'Pressure', max: 1e12 }] },
      'steps.0.max',
      CHECKLIST_MESSAGES.rangeOutOfBounds,
    ],
    [
      'a malformed key',
      { name: 'X', steps: [{ key: 'a b', kind: 'check', label: 'Seal' }] },
      'steps.0.key',
      CHECKLIST_MESSAGES.stepKeyInvalid,
    ],
    [
      'the same key twice',
      {
        name: 'X',
        steps: [
          { key: 'k', kind: 'check', label: 'One' },
          { key: 'k', kind: 'check', label: 'Two' },
        ],
      },
      'steps.1.key',
      CHECKLIST_MESSAGES.duplicateStepKey,
    ],
  ])('refuses %s with 400 naming the field, writing nothing', async (_case, payload, path, message) => {
    const before = [await templateCount(w.orgA.organization.id), await versionCount()];
    const response = await w.app.inject({
      method: 'POST',
      url: '/api/admin/checklists',
      headers: w.headers.adminA,
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsAndMessages(response.json().fields)).toContainEqual({ path, message });
    expect([await templateCount(w.orgA.organization.id), await versionCount()]).toEqual(before);
  });

  it('is for administrators: a member gets 403, and nothing is written', async () => {
    const before = await templateCount(w.orgA.organization.id);
    const response = await w.app.inject({
      method: 'POST',
      url: '/api/admin/checklists',
      headers: w.headers.memberA,
      payload: { name: 'Mine', steps: SIX_STEPS },
    });
    expect(response.statusCode).toBe(403);
    expect(await templateCount(w.orgA.organization.id)).toBe(before);
  });

  it('makes one template for a request retried with its Idempotency-Key', async () => {
    const before = await templateCount(w.orgA.organization.id);
    const send = () =>
      w.app.inject({
        method: 'POST',
        url: '/api/admin/checklists',
        headers: { ...w.headers.adminA, 'idempotency-key': 'checklist-create-1' },
        payload: { name: 'Retried', steps: SIX_STEPS },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<TChecklistTemplate>().id).toBe(first.json<TChecklistTemplate>().id);
    expect(await templateCount(w.orgA.organization.id)).toBe(before + 1);
  });
});

describe('editing a template', () => {
  it('makes a new version when the steps change, none when only the name does', async () => {
    const template = await createTemplate(w.app, w.headers.adminA, { name: 'Boiler', steps: SIX_STEPS });
    const put = (payload: object) =>
      w.app.inject({
        method: 'PUT',
        url: `/api/admin/checklists/${template.id}`,
        headers: w.headers.adminA,
        payload,
      });
    const renamed = await put({ name: 'Boiler service', steps: template.steps });
    expect(renamed.json<TChecklistTemplate>()).toMatchObject({ name: 'Boiler service', version: 1 });

    const changed = await put({
      name: 'Boiler service',
      steps: [...template.steps.slice(0, 2), { kind: 'check', label: 'Flue clear', required: true }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const v2 = changed.json<TChecklistTemplate>();
    expect(v2.version).toBe(2);
    expect(v2.steps.map((step) => step.key).slice(0, 2)).toEqual(['valve', 'pressure']);
    expect(v2.versions.map((v) => [v.version, v.stepCount])).toEqual([
      [2, 3],
      [1, 6],
    ]);

    const same = await put({ name: 'Boiler service', steps: v2.steps });
    expect(same.json<TChecklistTemplate>().version).toBe(2);
    const audits = await auditEntriesOf(w.db, w.orgA.organization.id, template.id);
    expect(audits.map((entry) => entry.action)).toEqual(['UPDATE', 'UPDATE', 'CREATE']);
  });

  it('refuses bad steps with 400 and keeps the version as it was', async () => {
    const template = await createTemplate(w.app, w.headers.adminA, { name: 'Pump', steps: SIX_STEPS });
    const response = await w.app.inject({
      method: 'PUT',
      url: `/api/admin/checklists/${template.id}`,
      headers: w.headers.adminA,
      payload: { name: 'Pump', steps: [{ kind: 'number', label: 'Flow', min: 10, max: 1 }] },
    });
    expect(response.statusCode).toBe(400);
    const read = await w.app.inject({
      method: 'GET',
      url: `/api/checklists/${template.id}`,
      headers: w.headers.memberA,
    });
    expect(read.json<TChecklistTemplate>()).toMatchObject({ version: 1, stepCount: 6 });
  });
});

describe('the list, archiving and restoring', () => {
  it('lists by name for members, narrows by q, hides archived ones until asked, and restores', async () => {
    const alpha = await createTemplate(w.app, w.headers.adminA, {
      name: 'Alpha ladder check',
      steps: SIX_STEPS,
    });
    await createTemplate(w.app, w.headers.adminA, { name: 'beta crane check', steps: SIX_STEPS });
    const list = async (query: string) => {
      const response = await w.app.inject({
        method: 'GET',
        url: `/api/checklists?${query}`,
        headers: w.headers.memberA,
      });
      expect(response.statusCode, response.body).toBe(200);
      return {
        names: response.json<TChecklistTemplateSummary[]>().map((t) => t.name),
        total: response.headers[PAGING_HEADERS.total.toLowerCase()],
      };
    };
    const found = await list('q=check');
    expect(found.names).toEqual(['Alpha ladder check', 'beta crane check']);
    expect(found.total).toBe('2');

    const archived = await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/checklists/${alpha.id}`,
      headers: w.headers.adminA,
    });
    expect(archived.statusCode).toBe(204);
    expect((await list('q=check')).names).toEqual(['beta crane check']);
    expect((await list('q=check&archived=true')).names).toEqual(['Alpha ladder check']);

    const restored = await w.app.inject({
      method: 'POST',
      url: `/api/admin/checklists/${alpha.id}/restore`,
      headers: w.headers.adminA,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<TChecklistTemplate>().archivedAt).toBeNull();
    expect((await list('q=check')).names).toEqual(['Alpha ladder check', 'beta crane check']);
  });

  it('archiving and restoring are for administrators', async () => {
    const template = await createTemplate(w.app, w.headers.adminA, { name: 'Hoist', steps: SIX_STEPS });
    for (const [method, url] of [
      ['DELETE', `/api/admin/checklists/${template.id}`],
      ['POST', `/api/admin/checklists/${template.id}/restore`],
      ['PUT', `/api/admin/checklists/${template.id}`],
    ] as const) {
      const response = await w.app.inject({
        method,
        url,
        headers: w.headers.memberA,
        payload: method === 'PUT' ? { name: 'Mine', steps: SIX_STEPS } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('another organization', () => {
  it('never sees nor changes a template: 404 for its id, absent from its list', async () => {
    const template = await createTemplate(w.app, w.headers.adminA, {
      name: 'Secret check',
      steps: SIX_STEPS,
    });
    const requests = [
      { method: 'GET', url: `/api/checklists/${template.id}`, headers: w.headers.memberB },
      {
        method: 'PUT',
        url: `/api/admin/checklists/${template.id}`,
        headers: w.headers.adminB,
        payload: { name: 'Taken', steps: SIX_STEPS },
      },
      { method: 'DELETE', url: `/api/admin/checklists/${template.id}`, headers: w.headers.adminB },
      { method: 'POST', url: `/api/admin/checklists/${template.id}/restore`, headers: w.headers.adminB },
      { method: 'GET', url: '/api/checklists/not-a-uuid', headers: w.headers.memberB },
    ] as const;
    for (const request of requests) {
      const response = await w.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json().message).toBe(CHECKLIST_MESSAGES.notFound);
    }
    const list = await w.app.inject({
      method: 'GET',
      url: '/api/checklists?q=Secret',
      headers: w.headers.memberB,
    });
    expect(list.json()).toEqual([]);
    const read = await w.app.inject({
      method: 'GET',
      url: `/api/checklists/${template.id}`,
      headers: w.headers.memberA,
    });
    expect(read.json<TChecklistTemplate>()).toMatchObject({ name: 'Secret check', archivedAt: null });
  });
});
