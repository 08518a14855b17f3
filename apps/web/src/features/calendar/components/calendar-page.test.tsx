import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { agendaPage, calendarDay, calendarDays, calendarItem } from '../calendar-fixtures.ts';

type THandlers = Parameters<typeof mockFetch>[0];

const PEOPLE = [
  { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', displayName: 'Sam Rivera' },
  { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c', displayName: 'Alex Admin' },
];

function setup(handlers: THandlers) {
  authStore.login(loginResponse(), 'alex@example.com');
  return mockFetch({
    'GET /api/auth/me': () => jsonResponse(currentUser()),
    '/api/auth/organization': () =>
      jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null, timeZone: 'UTC' }),
    '/api/calendar/assignees': () => jsonResponse(PEOPLE),
    ...handlers,
  });
}

const queryOf = (calls: { url: URL }[], path: string) =>
  calls.filter((call) => call.url.pathname === path).map((call) => Object.fromEntries(call.url.searchParams));

/** Answers the days view from a list of days, whatever the range asked. */
const daysAnswer =
  (days: ReturnType<typeof calendarDay>[], today = '2026-03-02') =>
  (url: URL) =>
    jsonResponse(
      calendarDays(days, { from: url.searchParams.get('from')!, to: url.searchParams.get('to')! }, today),
    );

describe('the calendar page', () => {
  beforeEach(() => authStore.logout());
  afterEach(() => vi.restoreAllMocks());

  it('shows a month in weeks: each day’s first items linking to their asset, “+N more” and today', async () => {
    const overdue = calendarItem({ title: 'Filter change', assetName: 'Boiler', dueState: 'overdue' });
    const planned = calendarItem({ kind: 'planned', eventId: null, taskStatus: null, assetName: 'Pump 7' });
    const calls = setup({
      '/api/calendar/days': daysAnswer([
        calendarDay('2026-03-02', [overdue, planned], 5),
        calendarDay('2026-03-20', [calendarItem({ taskStatus: 'Completed' })]),
      ]),
    });
    renderApp('/calendar?view=month&date=2026-03-15');
    const month = await screen.findByRole('table', { name: 'March 2026' });
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(queryOf(calls, '/api/calendar/days').at(-1)).toEqual({
      from: '2026-02-23',
      to: '2026-04-05',
      assignee: 'all',
      perDay: '3',
    });
    expect(within(month).getAllByRole('columnheader')).toHaveLength(7);
    expect(within(month).getAllByRole('row')).toHaveLength(7); // the weekdays and six weeks
    const today = month.querySelector('[aria-current="date"]') as HTMLElement;
    expect(today).toHaveTextContent('Monday, March 2');
    const link = within(today).getByRole('link', { name: /^Filter change · Boiler\s?, Overdue$/ });
    expect(link).toHaveAttribute('href', `/assets/${overdue.assetId}`);
    expect(
      within(today).getByRole('link', { name: /^Monthly inspection · Pump 7\s?, Planned$/ }),
    ).toBeInTheDocument();
    expect(within(today).getByRole('link', { name: '+3 more on Monday, March 2' })).toHaveAttribute(
      'href',
      '/calendar?view=agenda&date=2026-03-02',
    );
    expect(within(today).getByRole('link', { name: '5 items on Monday, March 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Completed/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent(/Overdue.*Due today.*Due soon/);
  });

  it('moves to the previous and next month and back to today, and keeps the view in the address', async () => {
    const calls = setup({ '/api/calendar/days': daysAnswer([]) });
    const user = userEvent.setup();
    const { router } = renderApp('/calendar?view=month&date=2026-03-15');
    await screen.findByRole('table', { name: 'March 2026' });
    await user.click(screen.getByRole('link', { name: 'Next month' }));
    await screen.findByRole('table', { name: 'April 2026' });
    expect(router.state.location.search).toBe('?view=month&date=2026-04-01');
    await user.click(screen.getByRole('link', { name: 'Previous month' }));
    await user.click(screen.getByRole('link', { name: 'Previous month' }));
    await screen.findByRole('table', { name: 'February 2026' });
    expect(queryOf(calls, '/api/calendar/days').at(-1)).toMatchObject({
      from: '2026-01-26',
      to: '2026-03-01',
    });
    await user.click(screen.getByRole('link', { name: 'Today' }));
    expect(new URLSearchParams(router.state.location.search).get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows a week day by day, with each item’s state in words and planned work marked', async () => {
    setup({
      '/api/calendar/days': daysAnswer([
        calendarDay('2026-03-03', [
          calendarItem({
            title: 'Weekly walk-round',
            dueState: 'dueSoon',
            kind: 'planned',
            taskStatus: null,
            eventId: null,
            assigneeName: 'Sam Rivera',
          }),
          calendarItem({ title: 'Leak check', dueState: 'dueToday' }),
        ]),
      ]),
    });
    renderApp('/calendar?view=week&date=2026-03-04');
    const day = await screen.findByRole('listitem', { name: /Tue, Mar 3/ });
    expect(screen.getByRole('heading', { level: 2, name: 'Mar 2, 2026 – Mar 8, 2026' })).toBeInTheDocument();
    const walk = within(day).getByRole('link', { name: /Weekly walk-round/ });
    expect(walk).toHaveTextContent('Sam Rivera');
    expect(within(walk).getByText('Due soon')).toBeInTheDocument();
    expect(within(walk).getByText('Planned')).toBeInTheDocument();
    expect(within(day).getByRole('link', { name: /Leak check/ })).toHaveTextContent('Due today');
    expect(screen.getByRole('listitem', { name: /Mon, Mar 2/ })).toHaveTextContent('Nothing due.');
    expect(screen.getByRole('listitem', { name: /Mon, Mar 2/ })).toHaveAttribute('aria-current', 'date');
  });

  it('reads the agenda a page at a time', async () => {
    const first = [
      calendarItem({ date: '2026-03-02', title: 'A' }),
      calendarItem({ date: '2026-03-05', title: 'B' }),
    ];
    const second = [
      calendarItem({ date: '2026-03-05', title: 'C', kind: 'planned', taskStatus: null, eventId: null }),
    ];
    const calls = setup({
      '/api/calendar/agenda': (url) =>
        jsonResponse(
          url.searchParams.get('after') ? agendaPage(second, null) : agendaPage(first, 'position-1'),
        ),
    });
    const user = userEvent.setup();
    renderApp('/calendar?view=agenda&date=2026-03-02');
    const today = await screen.findByRole('region', { name: /Monday, March 2/ });
    expect(within(today).getByText('Today')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const thursday = await screen.findByRole('region', { name: 'Thursday, March 5' });
    await waitFor(() =>
      expect(
        within(thursday)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([expect.stringContaining('B'), expect.stringContaining('C')]),
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(queryOf(calls, '/api/calendar/agenda')).toEqual([
      { from: '2026-03-02', to: '2026-03-29', assignee: 'all' },
      { from: '2026-03-02', to: '2026-03-29', assignee: 'all', after: 'position-1' },
    ]);
  });

  it('says when nothing is due, and when the calendar cannot be loaded', async () => {
    setup({ '/api/calendar/agenda': () => jsonResponse(agendaPage([], null)) });
    renderApp('/calendar?view=agenda&date=2026-03-02');
    expect(await screen.findByText('Nothing is due in these days.')).toBeInTheDocument();
    authStore.logout();
    setup({ '/api/calendar/days': () => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500) });
    renderApp('/calendar?view=week&date=2026-03-02');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the calendar.');
  });

  it('narrows to one person’s work, kept in the address', async () => {
    const calls = setup({ '/api/calendar/days': daysAnswer([]) });
    const user = userEvent.setup();
    const { router } = renderApp('/calendar?view=week&date=2026-03-02');
    const filter = await screen.findByRole('combobox', { name: 'Assigned to' });
    await screen.findByRole('option', { name: 'Sam Rivera' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Me', 'Unassigned', 'Sam Rivera', 'Alex Admin']);
    await user.selectOptions(filter, 'Sam Rivera');
    await waitFor(() => expect(queryOf(calls, '/api/calendar/days').at(-1)?.assignee).toBe(PEOPLE[0]!.id));
    expect(router.state.location.search).toContain(`assignee=${PEOPLE[0]!.id}`);
    await user.selectOptions(filter, 'Me');
    await waitFor(() => expect(queryOf(calls, '/api/calendar/days').at(-1)?.assignee).toBe('me'));
  });

  it('keeps a person chosen by address who is not in the list', async () => {
    const gone = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aff';
    const calls = setup({ '/api/calendar/days': daysAnswer([]) });
    renderApp(`/calendar?view=week&date=2026-03-02&assignee=${gone}`);
    await screen.findByRole('option', { name: 'Sam Rivera' });
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveDisplayValue(
      'Someone not in this list',
    );
    expect(queryOf(calls, '/api/calendar/days').at(-1)?.assignee).toBe(gone);
  });

  it('opens the agenda by default on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query === '(max-width: 600px)', media: query }) as MediaQueryList,
    );
    const calls = setup({
      '/api/calendar/agenda': () => jsonResponse(agendaPage([], null)),
      '/api/calendar/overdue': () => jsonResponse(agendaPage([], null)),
    });
    renderApp('/calendar');
    expect(await screen.findByText('Nothing is due in these days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'true');
    expect(queryOf(calls, '/api/calendar/agenda')).toHaveLength(1);
  });

  it('opens the agenda on the overdue tasks first, each with its due date, then today’s work', async () => {
    const late = calendarItem({
      title: 'Hose test',
      date: '2025-10-01',
      dueState: 'overdue',
      assetName: 'Hose 2',
    });
    const later = calendarItem({ title: 'Valve check', date: '2026-02-27', dueState: 'overdue' });
    const calls = setup({
      '/api/calendar/agenda': () => jsonResponse(agendaPage([calendarItem({ title: 'Walk-round' })], null)),
      '/api/calendar/overdue': (url) =>
        url.searchParams.get('after')
          ? jsonResponse(agendaPage([later], null))
          : jsonResponse(agendaPage([late], 'position-1')),
    });
    const user = userEvent.setup();
    renderApp('/calendar?view=agenda&assignee=me');
    const group = (await screen.findByRole('heading', { level: 3, name: 'Overdue' })).closest('section')!;
    expect(within(group).getByText('Open tasks past their due date')).toBeInTheDocument();
    const first = within(group).getByRole('link', { name: /Hose test/ });
    expect(first).toHaveTextContent(`Due ${formatCalendarDate('2025-10-01')}`);
    // The overdue group comes before the days of the agenda.
    const walk = await screen.findByRole('link', { name: /Walk-round/ });
    expect(first.compareDocumentPosition(walk) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(group).getByRole('button', { name: 'Show more overdue tasks' }));
    expect(await within(group).findByRole('link', { name: /Valve check/ })).toBeInTheDocument();
    expect(queryOf(calls, '/api/calendar/overdue')).toEqual([
      { assignee: 'me' },
      { assignee: 'me', after: 'position-1' },
    ]);

    // Another four weeks, not holding today: no overdue group.
    await user.click(screen.getByRole('link', { name: 'Next 4 weeks' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Overdue' })).not.toBeInTheDocument());
  });
});

describe('the feed dialog', () => {
  beforeEach(() => authStore.logout());
  afterEach(() => vi.restoreAllMocks());

  const URL_1 = 'http://localhost:3000/public/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
  const URL_2 = 'http://localhost:3000/public/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

  function feedSetup() {
    let feed = { active: false, createdAt: null as string | null };
    const urls = [URL_1, URL_2];
    const calls = setup({
      '/api/calendar/agenda': () => jsonResponse(agendaPage([], null)),
      'GET /api/calendar/feed': () => jsonResponse(feed),
      'POST /api/calendar/feed': () => {
        feed = { active: true, createdAt: '2026-03-02T09:00:00.000Z' };
        return jsonResponse({ url: urls.shift(), createdAt: feed.createdAt }, 201);
      },
      'DELETE /api/calendar/feed': () => {
        feed = { active: false, createdAt: null };
        return new Response(null, { status: 204 });
      },
    });
    return calls;
  }

  it('creates an address, shows it once to copy, regenerates it and stops it', async () => {
    const calls = feedSetup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/calendar?view=agenda&date=2026-03-02');
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe from a calendar app' });
    expect(await within(dialog).findByText('You have no feed address yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create feed address' }));
    const address = await within(dialog).findByRole('textbox', { name: 'Feed address' });
    expect(address).toHaveValue(URL_1);
    expect(within(dialog).getByText(/it is shown only once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(URL_1);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate address' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.stringContaining('The current address stops working at once'),
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Feed address' })).toHaveValue(URL_2),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Stop the feed' }));
    expect(
      await within(dialog).findByText('The feed is stopped: its address no longer works.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.url.pathname === '/api/calendar/feed')
        .map((call) => call.init.method ?? 'GET'),
    ).toEqual(expect.arrayContaining(['POST', 'POST', 'DELETE']));
  });

  it('never shows an existing address again, and asks before regenerating it', async () => {
    feedSetup();
    const user = userEvent.setup();
    renderApp('/calendar?view=agenda&date=2026-03-02');
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Create feed address' }));
    await within(dialog).findByRole('textbox', { name: 'Feed address' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByText(/Your feed address was created on/)).toBeInTheDocument();
    expect(within(again).queryByRole('textbox')).not.toBeInTheDocument();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(within(again).getByRole('button', { name: 'Regenerate address' }));
    expect(within(again).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
