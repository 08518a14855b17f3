import { i18n } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboardKeys } from '#web/features/dashboard/api/dashboard-keys.ts';
import { analyticsResponse } from '#web/features/dashboard/dashboard-fixtures.ts';
import { DASHBOARD_PREFERENCES_KEY } from '#web/features/dashboard/lib/dashboard-preferences.ts';
import { DASHBOARD_TEXTS } from '#web/features/dashboard/texts.ts';
import { taskKeys } from '#web/features/events/api/task-keys.ts';
import { tasksPage } from '#web/features/events/task-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

describe('dashboard page', () => {
  beforeEach(() => {
    authStore.logout();
    mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser()),
      '/api/tasks/pending': () => tasksPage([]),
    });
    authStore.login(loginResponse(), 'alex@example.com');
  });

  it('shows the title, subtitle and header actions', async () => {
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Operations dashboard' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Monitor maintenance workload and analytics in one place.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create asset' })).toHaveAttribute('href', '/assets/new');
    expect(screen.getByRole('link', { name: 'View assets' })).toHaveAttribute('href', '/assets');
    expect(screen.getByRole('heading', { level: 2, name: 'Pending maintenance tasks' })).toBeInTheDocument();
  });

  it('"Refresh data" invalidates the dashboard queries', async () => {
    const { queryClient } = renderApp('/dashboard');
    queryClient.setQueryData(taskKeys.pending(), []);
    queryClient.setQueryData(dashboardKeys.allAnalytics(), {});
    queryClient.setQueryData(['other'], 1);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Refresh data' }));
    expect(queryClient.getQueryState(taskKeys.pending())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(dashboardKeys.allAnalytics())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['other'])?.isInvalidated).toBe(false);
  });
});

const ANALYTICS_PATH = '/api/admin/dashboard/analytics';

describe('dashboard page for a member', () => {
  beforeEach(() => {
    authStore.logout();
    window.localStorage.removeItem(DASHBOARD_PREFERENCES_KEY);
  });

  it('shows only the pending tasks and never asks for analytics, whatever the stored sections', async () => {
    window.localStorage.setItem(DASHBOARD_PREFERENCES_KEY, JSON.stringify({ sections: ['userPerformance'] }));
    const calls = mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser()),
      '/api/tasks/pending': () => tasksPage([]),
    });
    authStore.login(loginResponse(), 'alex@example.com');
    renderApp('/dashboard');
    expect(await screen.findByText('All caught up! No pending maintenance tasks.')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: i18n._(DASHBOARD_TEXTS.preferencesTitle) }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(i18n._(DASHBOARD_TEXTS.completedJobs))).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === ANALYTICS_PATH)).toBe(false);
  });
});

describe('dashboard page for an administrator', () => {
  let calls: ReturnType<typeof mockFetch>;
  let failAnalytics = false;

  beforeEach(() => {
    authStore.logout();
    window.localStorage.removeItem(DASHBOARD_PREFERENCES_KEY);
    failAnalytics = false;
    calls = mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser({ isAdmin: true })),
      '/api/tasks/pending': () => tasksPage([]),
      [ANALYTICS_PATH]: (url) =>
        failAnalytics
          ? jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500)
          : jsonResponse(analyticsResponse({ rangeDays: Number(url.searchParams.get('rangeDays')) })),
    });
    authStore.login(loginResponse({ isAdmin: true }), 'alex@example.com');
  });

  const analyticsCalls = () => calls.filter((call) => call.url.pathname === ANALYTICS_PATH);

  it('loads the analytics for the default range and window in the browser time zone', async () => {
    renderApp('/dashboard');
    expect(await screen.findByText(i18n._(DASHBOARD_TEXTS.lastDays(30)))).toBeInTheDocument();
    const query = analyticsCalls()[0]!.url.searchParams;
    expect(query.get('rangeDays')).toBe('30');
    expect(query.get('turnaroundDays')).toBe('14');
    expect(query.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    for (const title of [
      i18n._(DASHBOARD_TEXTS.tickerTitle),
      i18n._(DASHBOARD_TEXTS.historyTitle),
      i18n._(DASHBOARD_TEXTS.teamTitle),
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Pending maintenance tasks' })).toBeInTheDocument();
  });

  it('hides a section and reloads the analytics for a new range', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByText(i18n._(DASHBOARD_TEXTS.lastDays(30)));
    await user.click(screen.getByRole('checkbox', { name: 'Team performance' }));
    expect(
      screen.queryByRole('heading', { name: i18n._(DASHBOARD_TEXTS.teamTitle) }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pending maintenance tasks' }));
    expect(screen.queryByRole('heading', { name: 'Pending maintenance tasks' })).not.toBeInTheDocument();

    const range = screen.getByRole('spinbutton', { name: i18n._(DASHBOARD_TEXTS.rangeLabel) });
    await user.clear(range);
    await user.type(range, '7{Enter}');
    expect(await screen.findByText(i18n._(DASHBOARD_TEXTS.lastDays(7)))).toBeInTheDocument();
    expect(analyticsCalls().at(-1)!.url.searchParams.get('rangeDays')).toBe('7');
    expect(JSON.parse(window.localStorage.getItem(DASHBOARD_PREFERENCES_KEY)!)).toMatchObject({
      sections: ['maintenanceHistory', 'turnaroundTicker', 'pmCompliance'],
      rangeDays: 7,
    });
  });

  it('says so when the analytics cannot load, and clears them', async () => {
    failAnalytics = true;
    renderApp('/dashboard');
    expect(await screen.findByText(i18n._(DASHBOARD_TEXTS.loadFailed))).toBeInTheDocument();
    expect(screen.queryByText(i18n._(DASHBOARD_TEXTS.completedJobs))).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: i18n._(DASHBOARD_TEXTS.tickerTitle) }),
    ).not.toBeInTheDocument();
    failAnalytics = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(i18n._(DASHBOARD_TEXTS.lastDays(30)))).toBeInTheDocument();
  });
});

describe('the dashboard’s due cards and PM compliance', () => {
  beforeEach(() => {
    authStore.logout();
    window.localStorage.removeItem(DASHBOARD_PREFERENCES_KEY);
  });

  it('gives members the due counts as cards that open the filtered pending list', async () => {
    mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser()),
      '/api/tasks/pending': () => tasksPage([]),
      '/api/tasks/due-counts': () => jsonResponse({ today: '2026-02-04', overdue: 3, dueNext7Days: 12 }),
    });
    authStore.login(loginResponse(), 'alex@example.com');
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    const cards = await screen.findByRole('region', { name: 'Due tasks' });
    const overdue = await within(cards).findByRole('link', { name: /Overdue/ });
    expect(overdue).toHaveTextContent('Overdue3Open tasks past their due date');
    expect(overdue).toHaveAttribute('href', '/dashboard?due=overdue#pending-tasks');
    const soon = within(cards).getByRole('link', { name: /Due in the next 7 days/ });
    expect(soon).toHaveTextContent(
      `12${formatCalendarDate('2026-02-04')} to ${formatCalendarDate('2026-02-11')}`,
    );
    await user.click(soon);
    expect(router.state.location.search).toBe('?due=soon');
    expect(screen.getByRole('button', { name: 'Due soon' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives administrators the cards from their analytics, and PM compliance with its lowest assets', async () => {
    const calls = mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser({ isAdmin: true })),
      '/api/tasks/pending': () => tasksPage([]),
      '/api/admin/dashboard/analytics': () =>
        jsonResponse(
          analyticsResponse({
            dueTasks: { today: '2026-02-04', overdue: 5, dueNext7Days: 1 },
            pmCompliance: {
              from: '2026-01-05',
              to: '2026-02-03',
              scheduledTasks: 8,
              completedOnTime: 6,
              rate: 0.75,
              assets: [
                {
                  assetId: '0193f8a0-0000-7000-8000-0000000000b2',
                  assetName: 'Boiler 1',
                  assetSlug: 'boiler-1-cd34',
                  scheduledTasks: 4,
                  completedOnTime: 2,
                  rate: 0.5,
                },
              ],
            },
          }),
        ),
    });
    authStore.login(loginResponse({ isAdmin: true }), 'alex@example.com');
    renderApp('/dashboard');
    const cards = await screen.findByRole('region', { name: 'Due tasks' });
    expect(within(cards).getByRole('link', { name: /Overdue/ })).toHaveTextContent('5');
    expect(calls.some((call) => call.url.pathname === '/api/tasks/due-counts')).toBe(false);
    const pm = screen.getByRole('region', { name: i18n._(DASHBOARD_TEXTS.pmTitle) });
    expect(pm).toHaveAccessibleDescription(
      i18n._(DASHBOARD_TEXTS.pmSubtitle(formatCalendarDate('2026-01-05'), formatCalendarDate('2026-02-03'))),
    );
    expect(pm).toHaveTextContent('75%');
    expect(pm).toHaveTextContent('6 of 8 on time');
    const row = within(within(pm).getByRole('table', { name: i18n._(DASHBOARD_TEXTS.pmLowest) })).getByRole(
      'row',
      {
        name: /Boiler 1/,
      },
    );
    expect(row).toHaveTextContent('Boiler 1');
    expect(row).toHaveTextContent('4250%');
    expect(within(row).getByRole('link', { name: 'Boiler 1' })).toHaveAttribute(
      'href',
      '/assets/0193f8a0-0000-7000-8000-0000000000b2',
    );
  });

  it('says when no scheduled task fell due, and shows a hidden pending list when a link filters it', async () => {
    window.localStorage.setItem(
      DASHBOARD_PREFERENCES_KEY,
      JSON.stringify({ sections: ['pmCompliance'], known: ['pendingTasks', 'pmCompliance'] }),
    );
    mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser({ isAdmin: true })),
      '/api/tasks/pending': () => tasksPage([]),
      '/api/admin/dashboard/analytics': () => jsonResponse(analyticsResponse()),
    });
    authStore.login(loginResponse({ isAdmin: true }), 'alex@example.com');
    const first = renderApp('/dashboard');
    expect(await screen.findByText(i18n._(DASHBOARD_TEXTS.pmEmpty))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending maintenance tasks' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/dashboard?due=overdue');
    expect(await screen.findByRole('heading', { name: 'Pending maintenance tasks' })).toBeInTheDocument();
  });
});
