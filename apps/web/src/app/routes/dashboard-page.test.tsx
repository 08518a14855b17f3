import { ANALYTICS_TEXTS } from '@mqr/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboardKeys } from '#web/features/dashboard/api/dashboard-keys.ts';
import { analyticsResponse } from '#web/features/dashboard/dashboard-fixtures.ts';
import { DASHBOARD_PREFERENCES_KEY } from '#web/features/dashboard/lib/dashboard-preferences.ts';
import { taskKeys } from '#web/features/events/api/task-keys.ts';
import { tasksPage } from '#web/features/events/task-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
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
    expect(screen.queryByRole('heading', { name: ANALYTICS_TEXTS.preferencesTitle })).not.toBeInTheDocument();
    expect(screen.queryByText(ANALYTICS_TEXTS.completedJobs)).not.toBeInTheDocument();
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
    expect(await screen.findByText(ANALYTICS_TEXTS.lastDays(30))).toBeInTheDocument();
    const query = analyticsCalls()[0]!.url.searchParams;
    expect(query.get('rangeDays')).toBe('30');
    expect(query.get('turnaroundDays')).toBe('14');
    expect(query.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    for (const title of [
      ANALYTICS_TEXTS.tickerTitle,
      ANALYTICS_TEXTS.historyTitle,
      ANALYTICS_TEXTS.teamTitle,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Pending maintenance tasks' })).toBeInTheDocument();
  });

  it('hides a section and reloads the analytics for a new range', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByText(ANALYTICS_TEXTS.lastDays(30));
    await user.click(screen.getByRole('checkbox', { name: 'Team performance' }));
    expect(screen.queryByRole('heading', { name: ANALYTICS_TEXTS.teamTitle })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pending maintenance tasks' }));
    expect(screen.queryByRole('heading', { name: 'Pending maintenance tasks' })).not.toBeInTheDocument();

    const range = screen.getByRole('spinbutton', { name: ANALYTICS_TEXTS.rangeLabel });
    await user.clear(range);
    await user.type(range, '7{Enter}');
    expect(await screen.findByText(ANALYTICS_TEXTS.lastDays(7))).toBeInTheDocument();
    expect(analyticsCalls().at(-1)!.url.searchParams.get('rangeDays')).toBe('7');
    expect(JSON.parse(window.localStorage.getItem(DASHBOARD_PREFERENCES_KEY)!)).toMatchObject({
      sections: ['maintenanceHistory', 'turnaroundTicker', 'pmCompliance'],
      rangeDays: 7,
    });
  });

  it('says so when the analytics cannot load, and clears them', async () => {
    failAnalytics = true;
    renderApp('/dashboard');
    expect(await screen.findByText(ANALYTICS_TEXTS.loadFailed)).toBeInTheDocument();
    expect(screen.queryByText(ANALYTICS_TEXTS.completedJobs)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: ANALYTICS_TEXTS.tickerTitle })).not.toBeInTheDocument();
    failAnalytics = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(ANALYTICS_TEXTS.lastDays(30))).toBeInTheDocument();
  });
});
