import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { auditEntry, auditPage } from '../audit-fixtures.ts';

type THandlers = Parameters<typeof mockFetch>[0];
type TRole = { isAdmin?: boolean; isSuperAdmin?: boolean };

function setup(role: TRole, extra: THandlers = {}) {
  authStore.login(loginResponse(role), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser(role)),
    '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    ...extra,
  });
}

function auditCalls(calls: { url: URL }[]) {
  return calls.filter((call) => call.url.pathname.startsWith('/api/audit-logs'));
}

function lastQuery(calls: { url: URL }[]) {
  const last = auditCalls(calls).at(-1);
  return Object.fromEntries(last?.url.searchParams ?? []);
}

const entries = [
  auditEntry({ action: 'CREATE', entityType: 'Asset', entityName: 'Boiler', ipAddress: '10.0.0.7' }),
  auditEntry({
    action: 'UPDATE',
    entityType: 'AppUser',
    entityName: 'Sam',
    userName: 'Sam',
    changes: '{"changes":{"displayName":{"from":"Sam","to":"Samuel"}}}',
    ipAddress: null,
  }),
  auditEntry({
    action: 'START_TASK',
    entityType: 'MaintenanceEvent',
    entityName: 'Replace filter',
    changes: '{"status":"InProgress"}',
  }),
  auditEntry({ action: 'ARCHIVE', entityType: 'Organization', entityName: null, changes: null }),
];

describe('audit log page', () => {
  beforeEach(() => authStore.logout());

  it('shows administrators the organization log with IP addresses', async () => {
    const calls = setup({ isAdmin: true }, { '/api/audit-logs': () => auditPage(entries) });
    renderApp('/settings/audit-logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Logs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit Logs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'User', 'Action', 'Entity', 'Details', 'IP Address']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      '10.0.0.7',
      'Unknown',
      'Unknown',
      'Unknown',
    ]);
    expect(screen.getByText('Showing 4 of 4 audit logs (Page 1 of 1)')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ page: '1', pageSize: '50' });
    expect(auditCalls(calls).every((call) => call.url.pathname === '/api/audit-logs')).toBe(true);
  });

  it('labels actions and entities and describes the changes', async () => {
    setup({ isSuperAdmin: true }, { '/api/audit-logs': () => auditPage(entries) });
    renderApp('/settings/audit-logs');
    const table = await screen.findByRole('table', { name: 'Audit Logs' });
    const cells = (index: number) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[index]?.textContent);
    expect(cells(2)).toEqual(['Created', 'Updated', 'Started Task', 'ARCHIVE']);
    expect(cells(3)).toEqual(['AssetBoiler', 'UserSam', 'Maintenance EventReplace filter', 'Organization']);
    expect(cells(4)).toEqual([
      'New record created',
      'displayName: Sam → Samuel',
      'Task inprogress',
      'No details available',
    ]);
    const badges = ['Created', 'Updated', 'Started Task', 'ARCHIVE'].map(
      (label) => within(table).getByText(label).className,
    );
    expect(new Set(badges).size).toBe(4);
  });

  it('shows members their own activity, without the IP column', async () => {
    const calls = setup({}, { '/api/audit-logs/my-activity': () => auditPage(entries.slice(0, 1)) });
    renderApp('/settings/audit-logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Activity' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My Activity' });
    expect(within(table).queryByRole('columnheader', { name: 'IP Address' })).not.toBeInTheDocument();
    expect(within(table).queryByText('10.0.0.7')).not.toBeInTheDocument();
    expect(auditCalls(calls).map((call) => call.url.pathname)).toEqual(['/api/audit-logs/my-activity']);
  });

  it('pages, and goes back to page 1 with ISO dates when a filter changes', async () => {
    const calls = setup(
      { isAdmin: true },
      {
        '/api/audit-logs': (url) =>
          auditPage(entries.slice(0, 2), 120, Number(url.searchParams.get('page') ?? 1)),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings/audit-logs');
    expect(await screen.findByText('Showing 2 of 120 audit logs (Page 1 of 3)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 2 of 120 audit logs (Page 2 of 3)')).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ page: '2', pageSize: '50' });

    await user.selectOptions(screen.getByLabelText('Entity type'), 'Users');
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({ entityType: 'AppUser', page: '1', pageSize: '50' }),
    );
    expect(
      within(screen.getByLabelText('Entity type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Assets', 'Users', 'Maintenance Events', 'Organizations', 'API Tokens']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(calls).page).toBe('2'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-01T08:00' } });
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({
        entityType: 'AppUser',
        fromDate: new Date('2026-05-01T08:00').toISOString(),
        page: '1',
        pageSize: '50',
      }),
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-02T18:30' } });
    await waitFor(() => expect(lastQuery(calls).toDate).toBe(new Date('2026-05-02T18:30').toISOString()));

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    // The unfiltered first page is cached from the start.
    expect(await screen.findByText('Showing 2 of 120 audit logs (Page 1 of 3)')).toBeInTheDocument();
    expect(screen.getByLabelText('Entity type')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('explains a start date after the end date instead of asking', async () => {
    const calls = setup({ isAdmin: true }, { '/api/audit-logs': () => auditPage(entries) });
    renderApp('/settings/audit-logs');
    await screen.findByRole('table');
    const before = auditCalls(calls).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-03T08:00' } });
    await waitFor(() => expect(auditCalls(calls).length).toBe(before + 1));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-02T08:00' } });
    expect(await screen.findByText('The start date must be before the end date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(auditCalls(calls).length).toBe(before + 1);
  });

  it('says when nothing matches', async () => {
    setup({ isAdmin: true }, { '/api/audit-logs': () => auditPage([]) });
    renderApp('/settings/audit-logs');
    expect(await screen.findByText('No audit logs found for the selected criteria.')).toBeInTheDocument();
  });

  it('offers Retry after a load failure', async () => {
    let failing = true;
    setup(
      { isAdmin: true },
      {
        '/api/audit-logs': () =>
          failing ? jsonResponse({ code: 'RATE_LIMITED', message: 'Slow down' }, 429) : auditPage(entries),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings/audit-logs');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load audit logs');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Audit Logs' })).toBeInTheDocument();
  });
});
