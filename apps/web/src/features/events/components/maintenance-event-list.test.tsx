import { i18n } from '@lingui/core';
import { EVENT_MESSAGES, type TMaintenanceEvent } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_ID, asset, ORG_ID } from '#web/features/assets/asset-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { eventFile, maintenanceEvent } from '../event-fixtures.ts';
import { EVENT_TEXTS } from '../texts.ts';

const pending = maintenanceEvent({ id: 'e-pending', title: 'Leak check' });
const inProgress = maintenanceEvent({
  id: 'e-progress',
  title: 'Belt change',
  taskStatus: 'InProgress',
  taskStartedAt: '2026-03-01T08:00:00.000Z',
  taskStartedBy: 'Kim Lead',
});
const completed = maintenanceEvent({
  id: 'e-done',
  title: 'Annual service',
  taskStatus: 'Completed',
  taskStartedAt: '2026-02-01T08:00:00.000Z',
  taskStartedBy: 'Sam Tech',
  taskCompletedAt: '2026-02-01T11:00:00.000Z',
  taskCompletedBy: 'Kim Lead',
  updatedAt: '2026-02-02T10:00:00.000Z',
  updatedBy: 'Alex Admin',
  fields: [{ fieldId: 'f1', label: 'Pressure', value: '1.5 bar' }],
  files: [
    eventFile({ id: 'file-1', fileName: 'after.png', contentType: 'image/png', publicUrl: '/f/after.png' }),
    eventFile({ id: 'file-2', fileName: 'report.pdf', contentType: 'application/pdf' }),
  ],
  changeLog: [
    {
      id: 'c1',
      changedAt: '2026-02-02T10:00:00.000Z',
      changedBy: 'Alex Admin',
      changes: ['Title updated', 'Notes cleared'],
    },
  ],
});

type THandlers = Parameters<typeof mockFetch>[0];

/** The first render loads the lazy route, which takes a while on a busy machine. */
const LOAD_TIMEOUT = 5000;

function setup(events: TMaintenanceEvent[], handlers: THandlers = {}, canEdit = false) {
  authStore.login(
    loginResponse({ organizationId: ORG_ID, canEditCompletedMaintenanceEvents: canEdit }),
    'alex@example.com',
  );
  let current = events;
  const calls = mockFetch({
    '/api/auth/me': () =>
      jsonResponse(currentUser({ organizationId: ORG_ID, canEditCompletedMaintenanceEvents: canEdit })),
    '/api/auth/organization': () => jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null }),
    [`GET /api/assets/${ASSET_ID}`]: () => jsonResponse(asset({ events: current })),
    [`/api/assets/${ASSET_ID}/qr.png`]: () =>
      new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    '/api/schedules': () => jsonResponse([]),
    [`/api/assets/${ASSET_ID}/moves`]: () => jsonResponse([]),
    [`/api/assets/${ASSET_ID}/meters`]: () => jsonResponse([]),
    ...handlers,
  });
  return {
    calls,
    setEvents: (next: TMaintenanceEvent[]) => {
      current = next;
    },
    assetLoads: () =>
      calls.filter((c) => c.url.pathname === `/api/assets/${ASSET_ID}` && (c.init.method ?? 'GET') === 'GET')
        .length,
  };
}

async function item(title: string) {
  const heading = await screen.findByRole('heading', { name: title, level: 3 }, { timeout: LOAD_TIMEOUT });
  const article = heading.closest('article');
  if (!article) throw new Error(`no article for ${title}`);
  return article;
}

/** A response the test releases when it wants. */
function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('maintenance event list', () => {
  beforeEach(() => {
    authStore.logout();
    URL.createObjectURL = vi.fn(() => 'blob:qr');
    URL.revokeObjectURL = vi.fn();
  });

  it('shows each event in the server order with its status, stamps, values, files and change history', async () => {
    setup([pending, inProgress, completed]);
    renderApp(`/assets/${ASSET_ID}`);
    const section = await screen.findByRole(
      'region',
      { name: 'Maintenance events' },
      { timeout: LOAD_TIMEOUT },
    );
    expect(within(section).getByRole('button', { name: 'Add maintenance event' })).toBeInTheDocument();
    const titles = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Leak check', 'Belt change', 'Annual service']);

    const done = await item('Annual service');
    expect(within(done).getByText('Completed')).toBeInTheDocument();
    expect(within(done).getByText(formatDateTime(completed.performedAt))).toBeInTheDocument();
    expect(within(done).getByText('Replaced the filter.')).toBeInTheDocument();
    expect(within(done).getByText('Recorded by Sam Tech')).toBeInTheDocument();
    expect(
      within(done).getByText(`Started ${formatDateTime('2026-02-01T08:00:00.000Z')} by Sam Tech`),
    ).toBeInTheDocument();
    expect(
      within(done).getByText(`Completed ${formatDateTime('2026-02-01T11:00:00.000Z')} by Kim Lead`),
    ).toBeInTheDocument();
    expect(
      within(done).getByText(`Last updated ${formatDateTime('2026-02-02T10:00:00.000Z')} by Alex Admin`),
    ).toBeInTheDocument();
    expect(within(done).getByText('Pressure')).toBeInTheDocument();
    expect(within(done).getByText('1.5 bar')).toBeInTheDocument();
    expect(
      within(done)
        .getByRole('link', { name: /after\.png/ })
        .querySelector('img'),
    ).toHaveAttribute('src', '/f/after.png');
    expect(within(done).getByText('PDF')).toBeInTheDocument();
    const history = within(done).getByRole('region', { name: 'Change history' });
    expect(within(history).getByText(/by Alex Admin/)).toHaveTextContent(
      `${formatDateTime('2026-02-02T10:00:00.000Z')} by Alex Admin`,
    );
    expect(within(history).getByText('Title updated')).toBeInTheDocument();
    expect(within(history).getByText('Notes cleared')).toBeInTheDocument();

    const waiting = await item('Leak check');
    expect(
      within(waiting).getByText(`Last updated ${formatDateTime(pending.updatedAt)}`),
    ).toBeInTheDocument();
    expect(within(waiting).queryByRole('region', { name: 'Change history' })).toBeNull();
  });

  it('offers Start task only when Pending and Mark complete unless Completed', async () => {
    setup([pending, inProgress, completed], {}, true);
    renderApp(`/assets/${ASSET_ID}`);
    const buttons = async (title: string) =>
      within(await item(title))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(await buttons('Leak check')).toEqual([
      'Edit event',
      'Start task',
      'Start timer',
      'Mark complete',
      'Complete with time and costs',
    ]);
    expect(await buttons('Belt change')).toEqual([
      'Edit event',
      'Start timer',
      'Mark complete',
      'Complete with time and costs',
    ]);
    expect(await buttons('Annual service')).toEqual(['Edit event']);
    expect(within(await item('Annual service')).getByRole('button', { name: 'Edit event' })).toBeEnabled();
    expect(screen.queryByText(EVENT_MESSAGES.editCompletedForbidden)).toBeNull();
  });

  it('shows a planned task its due date until it is completed, and the performed date once it is', async () => {
    const planned = maintenanceEvent({
      id: 'e-planned',
      title: 'Quarterly check',
      dueOn: '2026-04-01',
      performedAt: '2026-03-31T22:00:00.000Z',
    });
    const done = maintenanceEvent({
      ...completed,
      id: 'e-planned-done',
      title: 'Monthly check',
      dueOn: '2026-03-01',
      performedAt: '2026-02-01T11:00:00.000Z',
    });
    setup([planned, done], {}, true);
    renderApp(`/assets/${ASSET_ID}`);
    const open = await item('Quarterly check');
    expect(open).toHaveTextContent('Due');
    expect(open).not.toHaveTextContent('Performed');
    expect(await item('Monthly check')).toHaveTextContent(
      `Performed ${formatDateTime('2026-02-01T11:00:00.000Z')}`,
    );
  });

  it('disables editing a Completed event without the permission, and says why', async () => {
    setup([pending, completed]);
    renderApp(`/assets/${ASSET_ID}`);
    const edit = within(await item('Annual service')).getByRole('button', { name: 'Edit event' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(EVENT_MESSAGES.editCompletedForbidden);
    expect(within(await item('Leak check')).getByRole('button', { name: 'Edit event' })).toBeEnabled();
    expect(screen.getAllByText(EVENT_MESSAGES.editCompletedForbidden)).toHaveLength(1);
  });

  it('starts a task after the confirm, with every action button disabled until the asset has reloaded', async () => {
    const answer = deferred();
    const state = setup([pending, inProgress], {
      [`POST /api/assets/${ASSET_ID}/events/e-pending/start`]: () => answer.promise,
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const leak = await item('Leak check');

    await user.click(within(leak).getByRole('button', { name: 'Start task' }));
    expect(confirm).toHaveBeenLastCalledWith(i18n._(EVENT_TEXTS.confirmStart));
    expect(state.calls.some((c) => c.init.method === 'POST')).toBe(false);

    await user.click(within(leak).getByRole('button', { name: 'Start task' }));
    expect(await within(leak).findByRole('button', { name: 'Starting...' })).toBeDisabled();
    const section = screen.getByRole('region', { name: 'Maintenance events' });
    for (const button of within(section).getAllByRole('button')) {
      if (button.textContent !== 'Add maintenance event') expect(button).toBeDisabled();
    }
    const loadsBefore = state.assetLoads();
    const started = {
      ...pending,
      taskStatus: 'InProgress' as const,
      taskStartedAt: '2026-03-05T10:00:00.000Z',
      taskStartedBy: 'Alex Admin',
    };
    state.setEvents([started, inProgress]);
    answer.release(jsonResponse(started));

    expect(await within(leak).findByText('In progress')).toBeInTheDocument();
    expect(state.assetLoads()).toBe(loadsBefore + 1);
    expect(within(leak).queryByRole('button', { name: 'Start task' })).toBeNull();
    expect(within(leak).getByText(/^Started .* by Alex Admin$/)).toBeInTheDocument();
    await waitFor(() => expect(within(leak).getByRole('button', { name: 'Mark complete' })).toBeEnabled());
    // The clicked button is gone: focus is on the event, not lost at the top of the page.
    expect(within(leak).getByRole('heading', { name: 'Leak check' })).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks the right question before completing a Pending or an InProgress task', async () => {
    setup([pending, inProgress]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    await user.click(within(await item('Leak check')).getByRole('button', { name: 'Mark complete' }));
    expect(confirm).toHaveBeenLastCalledWith(i18n._(EVENT_TEXTS.confirmCompletePending));
    await user.click(within(await item('Belt change')).getByRole('button', { name: 'Mark complete' }));
    expect(confirm).toHaveBeenLastCalledWith(i18n._(EVENT_TEXTS.confirmComplete));
  });

  it('shows the failure message of each action', async () => {
    const fail = () => jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    setup([pending, inProgress], {
      [`POST /api/assets/${ASSET_ID}/events/e-pending/start`]: fail,
      [`POST /api/assets/${ASSET_ID}/events/e-progress/complete`]: fail,
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    await user.click(within(await item('Leak check')).getByRole('button', { name: 'Start task' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n._(EVENT_TEXTS.startFailed));
    await user.click(within(await item('Belt change')).getByRole('button', { name: 'Mark complete' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(i18n._(EVENT_TEXTS.completeFailed)),
    );
    expect(within(await item('Belt change')).getByRole('button', { name: 'Mark complete' })).toBeEnabled();
  });

  it('times the work with the timer, and a quick completion records what it counted as the person’s time', async () => {
    const completions: unknown[] = [];
    setup([pending, inProgress], {
      [`POST /api/assets/${ASSET_ID}/events/e-progress/complete`]: (_url, init) => {
        completions.push(JSON.parse(String(init.body)));
        return jsonResponse({ ...inProgress, taskStatus: 'Completed' });
      },
    });
    // 25 minutes and a second counted earlier on this device, stopped.
    const key = `mqr:task-timer:${ORG_ID}:alex@example.com:e-progress`;
    localStorage.setItem(key, JSON.stringify({ runningSince: null, countedMs: 25 * 60_000 + 1000 }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const leak = await item('Leak check');
    await user.click(within(leak).getByRole('button', { name: 'Start timer' }));
    const running = within(leak).getByRole('button', { name: /^Stop timer 0:0\d$/ });
    expect(running).toHaveAttribute('aria-pressed', 'true');
    await user.click(running);
    expect(within(leak).getByRole('button', { name: /^Resume timer 0:0\d$/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    const belt = await item('Belt change');
    await user.click(within(belt).getByRole('button', { name: 'Resume timer 25:01' }));
    await user.click(within(belt).getByRole('button', { name: 'Mark complete' }));
    await waitFor(() => expect(completions).toHaveLength(1));
    // A started minute counts: 25:01 or more is 26 minutes.
    expect(completions[0]).toEqual({ timeSpent: [{ minutes: 26 }] });
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
    localStorage.clear();
  });

  it('shows a task’s checklist and, when completing it is refused for empty required steps, names them', async () => {
    const withChecklist = maintenanceEvent({
      ...inProgress,
      checklist: {
        templateId: 't1',
        name: 'Belt inspection',
        version: 3,
        summary: { total: 4, done: 2, passed: 1, failed: 1, na: 0, flagged: 1 },
      },
    });
    setup([withChecklist], {
      [`POST /api/assets/${ASSET_ID}/events/e-progress/complete`]: () =>
        jsonResponse(
          {
            code: 'CHECKLIST_INCOMPLETE',
            message: 'The checklist is not finished: 2 required steps are empty: Tension, Signed.',
            messageId: 'checklist.incomplete',
            values: { count: 2, steps: 'Tension, Signed' },
            fields: [
              { path: 'checklist.tension', message: 'Step “Tension” is required.' },
              { path: 'checklist.signed', message: 'Step “Signed” is required.' },
            ],
          },
          422,
        ),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const card = await item('Belt change');
    const box = within(card).getByRole('region', { name: /^Checklist/ });
    expect(box).toHaveTextContent('Belt inspection, version 3');
    expect(box).toHaveTextContent('2 of 4 steps done');
    expect(box).toHaveTextContent('1 failed');
    expect(within(box).getByRole('link', { name: 'Work through the checklist' })).toHaveAttribute(
      'href',
      '/tasks/e-progress/checklist',
    );
    expect(within(box).queryByRole('button', { name: 'Download report (PDF)' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Mark complete' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The checklist is not finished: 2 required steps are empty: Tension, Signed.',
      ),
    );
  });

  it('writes typed values the German reader’s way, and a value without its type as before (ADR 118)', async () => {
    const typed = maintenanceEvent({
      id: 'e-typed',
      title: 'Generator run',
      fields: [
        { fieldId: 'f1', label: 'Hours run', value: '4323', dataType: 'Number' },
        { fieldId: 'f2', label: 'Passed', value: 'true', dataType: 'Boolean' },
        { fieldId: 'f3', label: 'Leaking', value: 'false', dataType: 'Boolean' },
        { fieldId: 'f4', label: 'Checked on', value: '2026-03-01', dataType: 'Date' },
        { fieldId: 'f5', label: 'Serial', value: '1234', dataType: 'Text' },
      ],
    });
    // Kept offline before values carried their type (or from an older server): shown as stored.
    const untyped = maintenanceEvent({
      id: 'e-untyped',
      title: 'Old run',
      fields: [
        { fieldId: 'f1', label: 'Hours run', value: '4323' },
        { fieldId: 'f4', label: 'Checked on', value: '2026-03-01T00:00:00.000Z' },
      ],
    });
    setup([typed, untyped], {
      '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG_ID, language: 'de' })),
    });
    renderApp(`/assets/${ASSET_ID}`);
    const run = await item('Generator run');
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    await waitFor(() => expect(within(run).getByText('4.323')).toBeInTheDocument());
    expect(within(run).getByText('Ja')).toBeInTheDocument();
    expect(within(run).getByText('Nein')).toBeInTheDocument();
    expect(within(run).getByText('01.03.2026')).toBeInTheDocument();
    expect(within(run).getByText('1234')).toBeInTheDocument();
    const old = await item('Old run');
    expect(within(old).getByText('4323')).toBeInTheDocument();
    expect(within(old).getByText('2026-03-01')).toBeInTheDocument();
  });

  it('says when there are no events yet', async () => {
    setup([]);
    renderApp(`/assets/${ASSET_ID}`);
    expect(
      await screen.findByText('No recorded maintenance yet.', {}, { timeout: LOAD_TIMEOUT }),
    ).toBeInTheDocument();
  });
});
