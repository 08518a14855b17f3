import { i18n } from '@lingui/core';
import { SCHEDULE_MESSAGES, type TSchedule } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ASSET_ID, asset, ORG_ID } from '#web/features/assets/asset-fixtures.ts';
import { EVENT_FIELDS } from '#web/features/events/event-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { DUE_MESSAGES } from '#web/lib/texts.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { schedule } from '../schedule-fixtures.ts';
import { SCHEDULE_TEXTS } from '../texts.ts';

type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const SAM = { id: '0193f8a0-0000-7000-8000-0000000000c1', displayName: 'Sam Rivera' };
const BOILER_CHECKLIST = {
  id: '0193f8a0-0000-7000-8000-0000000000d1',
  name: 'Boiler checklist',
  version: 2,
  stepCount: 6,
  archivedAt: null,
  updatedAt: '2026-02-01T00:00:00.000Z',
};

function setup(
  options: { isAdmin?: boolean; retired?: boolean; schedules?: TSchedule[] } = {},
  handlers: Record<string, THandler> = {},
) {
  const user = { organizationId: ORG_ID, isAdmin: options.isAdmin ?? true };
  authStore.login(loginResponse(user), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser(user)),
    '/api/auth/organization': () =>
      jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null, timeZone: 'UTC' }),
    [`GET /api/assets/${ASSET_ID}`]: () =>
      jsonResponse(
        asset({
          nextServiceDue: '2026-03-01',
          overdue: true,
          retiredAt: options.retired ? '2026-02-01T00:00:00.000Z' : null,
        }),
      ),
    [`/api/assets/${ASSET_ID}/qr.png`]: () =>
      new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    'GET /api/schedules': () => jsonResponse(options.schedules ?? []),
    '/api/fields': () => jsonResponse([EVENT_FIELDS.pressure]),
    '/api/users/assignable': () => jsonResponse([SAM]),
    'GET /api/checklists': () => jsonResponse([BOILER_CHECKLIST], 200, { 'X-Total-Count': '1' }),
    ...handlers,
  });
}

const card = () => screen.findByRole('region', { name: i18n._(SCHEDULE_TEXTS.cardTitle) });
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));

describe('the asset page’s planned maintenance', () => {
  beforeEach(() => authStore.logout());

  it('lists the schedules in words, with the next service due and the next due dates', async () => {
    setup({
      isAdmin: false,
      schedules: [
        schedule({ title: 'Monthly inspection', assigneeName: 'Sam Rivera' }),
        schedule({
          title: 'Hydrostatic test',
          recurrence: { pattern: 'interval', every: 2, unit: 'week' },
          mode: 'floating',
          leadDays: 0,
          status: 'paused',
          nextDueOn: null,
          upcoming: [],
        }),
      ],
    });
    renderApp(`/assets/${ASSET_ID}`);
    const region = await card();
    expect(region).toHaveTextContent(i18n._(DUE_MESSAGES.nextServiceDue(formatCalendarDate('2026-03-01'))));
    expect(within(region).getByText('Overdue')).toBeInTheDocument();
    const monthly = await within(region).findByRole('listitem', { name: 'Monthly inspection' });
    expect(monthly).toHaveTextContent('Every month on day 1');
    expect(monthly).toHaveTextContent('Fixed calendar');
    expect(monthly).toHaveTextContent('Appears 7 days before');
    expect(monthly).toHaveTextContent(`From ${formatCalendarDate('2026-02-01')} · Assigned to Sam Rivera`);
    expect(monthly).toHaveTextContent(`Next due ${formatCalendarDate('2026-03-01')}`);
    expect(monthly).toHaveTextContent(
      `Then ${formatCalendarDate('2026-04-01')}, ${formatCalendarDate('2026-05-01')}`,
    );
    expect(within(monthly).getByText('Active')).toBeInTheDocument();
    const floating = within(region).getByRole('listitem', { name: 'Hydrostatic test' });
    expect(floating).toHaveTextContent('Every 2 weeks');
    expect(floating).toHaveTextContent('From the last completion');
    expect(floating).toHaveTextContent('Appears on its due date');
    expect(floating).toHaveTextContent(i18n._(SCHEDULE_TEXTS.waitingForCompletion));
    expect(within(floating).getByText('Paused')).toBeInTheDocument();
    // Members read them only.
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows no change on a retired asset, even to administrators', async () => {
    setup({ retired: true, schedules: [schedule()] });
    renderApp(`/assets/${ASSET_ID}`);
    const region = await card();
    await within(region).findByRole('listitem', { name: 'Monthly inspection' });
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there is none yet', async () => {
    setup({ isAdmin: false });
    renderApp(`/assets/${ASSET_ID}`);
    expect(await within(await card()).findByText(i18n._(SCHEDULE_TEXTS.empty))).toBeInTheDocument();
  });

  it('adds a schedule from the form, checked before it is sent, and reloads the card and the asset', async () => {
    const posted: unknown[] = [];
    const calls = setup(
      {},
      {
        'POST /api/admin/schedules': (_url, init) => {
          posted.push(bodyOf(init));
          return jsonResponse(schedule(), 201);
        },
      },
    );
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const region = await card();
    await user.click(within(region).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.addSchedule) }));
    const dialog = await screen.findByRole('dialog', { name: i18n._(SCHEDULE_TEXTS.addTitle) });
    await within(dialog).findByRole('option', { name: 'Sam Rivera' });

    // Nothing typed: the title is required; weekdays need at least one.
    await user.selectOptions(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.repeats)), 'weekdays');
    await user.click(within(dialog).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.save) }));
    expect(await within(dialog).findByText(SCHEDULE_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('group', { name: i18n._(SCHEDULE_TEXTS.weekdays) }),
    ).toHaveAccessibleDescription(SCHEDULE_MESSAGES.weekdays);
    // Weekdays with "from the last completion": not allowed.
    await user.click(within(dialog).getByLabelText('Monday'));
    await user.click(within(dialog).getByLabelText('Thursday'));
    await user.click(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.modes.floating.label)));
    await user.type(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.title)), 'Weekly walk-round');
    await user.click(within(dialog).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.save) }));
    expect(
      within(dialog).getByRole('group', { name: i18n._(SCHEDULE_TEXTS.mode) }),
    ).toHaveAccessibleDescription(SCHEDULE_MESSAGES.floatingPattern);
    expect(posted).toEqual([]);

    await user.click(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.modes.fixed.label)));
    await user.clear(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.leadDays)));
    await user.type(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.leadDays)), '2');
    await user.selectOptions(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.assignee)), 'Sam Rivera');
    const priority = within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.priority));
    // Low, normal or high: urgent is a breakdown's.
    expect([...(priority as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      'low',
      'normal',
      'high',
    ]);
    await user.selectOptions(priority, 'High');
    await user.clear(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.startsOn)));
    await user.type(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.startsOn)), '2026-03-02');
    await user.type(within(dialog).getByLabelText('Pressure'), '4.5');
    await within(dialog).findByRole('option', { name: 'Boiler checklist' });
    await user.selectOptions(within(dialog).getByLabelText('Checklist'), 'Boiler checklist');
    const loads = () => calls.filter((call) => call.url.pathname === `/api/assets/${ASSET_ID}`).length;
    const before = loads();
    await user.click(within(dialog).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.save) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([
      {
        assetId: ASSET_ID,
        title: 'Weekly walk-round',
        notes: null,
        fields: [{ fieldId: EVENT_FIELDS.pressure.id, value: '4.5' }],
        recurrence: { pattern: 'weekdays', every: 1, weekdays: ['MO', 'TH'] },
        usage: null,
        mode: 'fixed',
        leadDays: 2,
        assigneeId: SAM.id,
        priority: 'high',
        startsOn: '2026-03-02',
        endsOn: null,
        checklistTemplateId: BOILER_CHECKLIST.id,
      },
    ]);
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
  });

  it('puts each server error under its input, and keeps what was typed', async () => {
    setup(
      {},
      {
        'POST /api/admin/schedules': () =>
          jsonResponse(
            {
              code: 'VALIDATION',
              message: SCHEDULE_MESSAGES.leadTooLong(28),
              fields: [
                { path: 'leadDays', message: SCHEDULE_MESSAGES.leadTooLong(28) },
                { path: 'recurrence', message: SCHEDULE_MESSAGES.noOccurrence },
              ],
            },
            400,
          ),
      },
    );
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    await user.click(within(await card()).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.addSchedule) }));
    const dialog = await screen.findByRole('dialog', { name: i18n._(SCHEDULE_TEXTS.addTitle) });
    await user.type(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.title)), 'Monthly check');
    await user.clear(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.leadDays)));
    await user.type(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.leadDays)), '40');
    await user.click(within(dialog).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.save) }));
    expect(await within(dialog).findByLabelText(i18n._(SCHEDULE_TEXTS.leadDays))).toHaveAccessibleDescription(
      `${i18n._(SCHEDULE_TEXTS.leadDaysHint)} ${SCHEDULE_MESSAGES.leadTooLong(28)}`,
    );
    expect(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.repeats))).toHaveAccessibleDescription(
      SCHEDULE_MESSAGES.noOccurrence,
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(i18n._(SCHEDULE_TEXTS.saveFailed));
    expect(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.title))).toHaveValue('Monthly check');
  });

  it('edits a schedule from its values, pauses it, and deletes it after asking', async () => {
    const existing = schedule({
      title: 'Filter change',
      recurrence: { pattern: 'interval', every: 3, unit: 'month' },
      fields: [{ fieldId: EVENT_FIELDS.pressure.id, label: 'Pressure', value: '2' }],
      assigneeId: SAM.id,
      assigneeName: 'Sam Rivera',
      endsOn: '2027-12-31',
    });
    const requests: string[] = [];
    const puts: unknown[] = [];
    setup(
      { schedules: [existing] },
      {
        [`PUT /api/admin/schedules/${existing.id}`]: (_url, init) => {
          puts.push(bodyOf(init));
          return jsonResponse(existing);
        },
        [`POST /api/admin/schedules/${existing.id}/pause`]: (url) => {
          requests.push(url.pathname);
          return jsonResponse({ ...existing, status: 'paused' });
        },
        [`DELETE /api/admin/schedules/${existing.id}`]: (url) => {
          requests.push(`DELETE ${url.pathname}`);
          return new Response(null, { status: 204 });
        },
      },
    );
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const item = await within(await card()).findByRole('listitem', { name: 'Filter change' });

    await user.click(within(item).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.edit) }));
    const dialog = await screen.findByRole('dialog', { name: i18n._(SCHEDULE_TEXTS.editTitle) });
    expect(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.title))).toHaveValue('Filter change');
    expect(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.every))).toHaveValue(3);
    expect(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.unit))).toHaveValue('month');
    expect(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.assignee))).toHaveValue(SAM.id);
    expect(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.endsOn))).toHaveValue('2027-12-31');
    expect(within(dialog).getByLabelText('Pressure')).toHaveValue('2');
    await user.clear(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.every)));
    await user.type(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.every)), '6');
    await user.click(within(dialog).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.save) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toMatchObject([
      {
        title: 'Filter change',
        recurrence: { pattern: 'interval', every: 6, unit: 'month' },
        endsOn: '2027-12-31',
      },
    ]);

    await user.click(within(item).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.pause) }));
    await waitFor(() => expect(requests).toEqual([`/api/admin/schedules/${existing.id}/pause`]));

    await user.click(within(item).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.delete) }));
    const ask = await screen.findByRole('dialog', { name: i18n._(SCHEDULE_TEXTS.deleteTitle) });
    expect(ask).toHaveTextContent(i18n._(SCHEDULE_TEXTS.deleteText));
    await user.click(within(ask).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.delete) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toContain(`DELETE /api/admin/schedules/${existing.id}`);
  });

  it('says why a pause was refused', async () => {
    const existing = schedule({ title: 'Filter change' });
    setup(
      { schedules: [existing] },
      {
        [`POST /api/admin/schedules/${existing.id}/pause`]: () =>
          jsonResponse({ code: 'CONFLICT', message: SCHEDULE_MESSAGES.alreadyPaused }, 409),
      },
    );
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const region = await card();
    const item = await within(region).findByRole('listitem', { name: 'Filter change' });
    await user.click(within(item).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.pause) }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      `${i18n._(SCHEDULE_TEXTS.changeFailed)} ${SCHEDULE_MESSAGES.alreadyPaused}`,
    );
  });

  it('makes a schedule due by use: the meter, every N units and where to count from; no calendar asked', async () => {
    const meter = {
      id: '0193f8a0-0000-7000-8000-0000000000d1',
      assetId: ASSET_ID,
      name: 'Engine hours',
      unit: 'h',
      lastValue: 1200,
      lastReadAt: '2026-03-01T08:00:00.000Z',
      dailyRate: 8,
      readingCount: 3,
      series: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const posted: unknown[] = [];
    setup(
      {},
      {
        [`/api/assets/${ASSET_ID}/meters`]: () => jsonResponse([meter]),
        'POST /api/admin/schedules': (_url, init) => {
          posted.push(bodyOf(init));
          return jsonResponse(schedule(), 201);
        },
      },
    );
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const region = await card();
    await user.click(within(region).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.addSchedule) }));
    const dialog = await screen.findByRole('dialog', { name: i18n._(SCHEDULE_TEXTS.addTitle) });
    await within(dialog).findByRole('option', { name: 'Sam Rivera' });
    await user.type(within(dialog).getByLabelText(i18n._(SCHEDULE_TEXTS.title)), 'Oil change');
    await waitFor(() => expect(within(dialog).getByLabelText('By use')).toBeEnabled());
    await user.click(within(dialog).getByLabelText('By use'));
    // By use alone: no recurrence, no due-date mode.
    expect(within(dialog).queryByLabelText(i18n._(SCHEDULE_TEXTS.repeats))).toBeNull();
    expect(within(dialog).queryByRole('group', { name: i18n._(SCHEDULE_TEXTS.mode) })).toBeNull();
    expect(within(dialog).queryByLabelText(i18n._(SCHEDULE_TEXTS.every))).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Meter'), 'Engine hours (h)');
    expect(within(dialog).getByLabelText('Count from reading (h, optional)')).toHaveAccessibleDescription(
      'Blank: from the meter’s latest reading (1,200 h).',
    );
    await user.type(within(dialog).getByLabelText('Every (h)'), '2,000');
    await user.click(within(dialog).getByRole('button', { name: i18n._(SCHEDULE_TEXTS.save) }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      title: 'Oil change',
      recurrence: null,
      usage: { meterId: meter.id, every: 2000, from: null, combine: 'first' },
    });
    expect(posted[0]).not.toHaveProperty('mode');
  });
});
