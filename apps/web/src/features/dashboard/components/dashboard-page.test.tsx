import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { dashboardKeys } from '../api/dashboard-keys.ts';
import { tasksPage } from '../dashboard-fixtures.ts';

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
    queryClient.setQueryData(dashboardKeys.pendingTasks(), []);
    queryClient.setQueryData(['other'], 1);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Refresh data' }));
    expect(queryClient.getQueryState(dashboardKeys.pendingTasks())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['other'])?.isInvalidated).toBe(false);
  });
});
