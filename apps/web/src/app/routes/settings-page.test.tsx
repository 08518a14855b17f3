import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEntry, auditPage } from '#web/features/audit-logs/audit-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { formatDate } from '#web/lib/dates.ts';
import {
  currentUser,
  jsonResponse,
  loginResponse,
  mockFetch,
  organization,
  ssoSettings,
} from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

type THandlers = Parameters<typeof mockFetch>[0];

function setup(role: { isAdmin?: boolean } = {}, extra: THandlers = {}) {
  authStore.login(loginResponse(role), 'alex@example.com');
  return mockFetch({
    'GET /api/auth/me': () => jsonResponse({ ...currentUser(role), createdAt: '2024-03-05T10:00:00.000Z' }),
    '/api/auth/organization': () => jsonResponse(organization()),
    'GET /api/admin/organization/sso': () => jsonResponse(ssoSettings()),
    ...extra,
  });
}

describe('settings page (settings variant)', () => {
  beforeEach(() => authStore.logout());
  afterEach(() => vi.useRealTimers());

  it('shows the email and role, and edits the display name only', async () => {
    const calls = setup(
      { isAdmin: true },
      { 'PUT /api/auth/me': () => jsonResponse(currentUser({ isAdmin: true, displayName: 'Alex A.' })) },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Activity Logs',
      'API tokens',
      'Organization',
      'Webhooks',
    ]);
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(panel).getByText('alex@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('Admin')).toBeInTheDocument();
    expect(await within(panel).findByText('Member since')).toBeInTheDocument();
    expect(within(panel).getByText(formatDate('2024-03-05T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(panel).queryByLabelText('Email')).not.toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Change Password' })).toBeInTheDocument();
    expect(within(panel).getByText('Leave blank to keep current password')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Alex A.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const put = calls.find((call) => call.init.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toEqual({ displayName: 'Alex A.' });
  });

  it('lets an administrator choose the organization’s time zone, which the session takes at once', async () => {
    const calls = setup(
      { isAdmin: true },
      {
        'PUT /api/admin/organization/settings': () =>
          jsonResponse(organization({ timeZone: 'Europe/Paris' })),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Organization' }));
    const panel = screen.getByRole('tabpanel', { name: 'Organization' });
    const zone = within(panel).getByLabelText('Time zone');
    await waitFor(() => expect(zone).toHaveValue('UTC'));
    expect(
      within(panel).getByText('Due dates of planned maintenance follow the calendar of this time zone.'),
    ).toBeInTheDocument();
    await user.selectOptions(zone, 'Europe/Paris');
    await user.click(within(panel).getByRole('button', { name: 'Save settings' }));
    expect(await within(panel).findByText('Organization settings saved.')).toBeInTheDocument();
    const put = calls.find((call) => call.init.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toEqual({
      timeZone: 'Europe/Paris',
      defaultLanguage: 'en',
      currency: 'EUR',
    });
    expect(authStore.getSnapshot().organization?.timeZone).toBe('Europe/Paris');
  });

  it('turns the public location pages on, and the asset’s location on its public page: both off at first', async () => {
    const calls = setup(
      { isAdmin: true },
      {
        'PUT /api/admin/organization/settings': (_url, init) =>
          jsonResponse(organization(JSON.parse(String(init.body)))),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Organization' }));
    const panel = screen.getByRole('tabpanel', { name: 'Organization' });
    const section = within(panel).getByRole('region', { name: 'Public pages' });
    const pages = within(section).getByRole('switch', { name: 'Public location pages' });
    const assetLocation = within(section).getByRole('switch', {
      name: 'Show an asset’s location on its public page',
    });
    await waitFor(() => expect(pages).toHaveAttribute('aria-checked', 'false'));
    expect(assetLocation).toHaveAttribute('aria-checked', 'false');
    await user.click(pages);
    expect(await within(section).findByText('Locations’ public pages turned on.')).toBeInTheDocument();
    expect(authStore.getSnapshot().organization?.publicLocationPages).toBe(true);
    await user.click(assetLocation);
    expect(await within(section).findByText('Assets’ public pages show their location.')).toBeInTheDocument();
    const puts = calls
      .filter((call) => call.init.method === 'PUT')
      .map((call) => JSON.parse(String(call.init.body)));
    expect(puts).toEqual([{ publicLocationPages: true }, { publicAssetLocation: true }]);
  });

  it('turns problem reports off, hides open reports and leaves the triage to administrators', async () => {
    const calls = setup(
      { isAdmin: true },
      {
        'PUT /api/admin/organization/settings': (_url, init) =>
          jsonResponse(organization(JSON.parse(String(init.body)))),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Organization' }));
    const panel = screen.getByRole('tabpanel', { name: 'Organization' });
    const section = within(panel).getByRole('region', { name: 'Problem reports' });
    const reporting = within(section).getByRole('switch', {
      name: 'Offer "Report a problem" on public asset pages',
    });
    const shown = within(section).getByRole('switch', {
      name: 'Show open reports publicly ("being handled", with "me too")',
    });
    // On for a new organization.
    await waitFor(() => expect(reporting).toHaveAttribute('aria-checked', 'true'));
    expect(shown).toHaveAttribute('aria-checked', 'true');
    await user.click(reporting);
    await waitFor(() => expect(authStore.getSnapshot().organization?.reportingEnabled).toBe(false));
    await user.click(shown);
    await waitFor(() => expect(authStore.getSnapshot().organization?.showOpenReports).toBe(false));
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'Who triages requests' }),
      'admin',
    );
    await waitFor(() => expect(authStore.getSnapshot().organization?.requestTriageRole).toBe('admin'));
    const puts = calls
      .filter((call) => call.init.method === 'PUT')
      .map((call) => JSON.parse(String(call.init.body)));
    expect(puts).toEqual([
      { reportingEnabled: false },
      { showOpenReports: false },
      { requestTriageRole: 'admin' },
    ]);
  });

  it('says why the time zone was not saved', async () => {
    setup(
      { isAdmin: true },
      {
        'PUT /api/admin/organization/settings': () =>
          jsonResponse(
            { code: 'VALIDATION', message: 'Choose a time zone from the list, such as Europe/Paris.' },
            400,
          ),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Organization' }));
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to save the organization settings. Choose a time zone from the list, such as Europe/Paris.',
    );
  });

  it('shows members no Organization or Webhooks tab', async () => {
    setup();
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Activity Logs',
      'API tokens',
    ]);
  });

  it('lets an administrator set up single sign-on: the secret is write-only, the links are to copy', async () => {
    const calls = setup(
      { isAdmin: true },
      {
        'PUT /api/admin/organization/sso': (_url, init) => {
          const body = JSON.parse(String(init.body));
          const { clientSecret: _secret, currentPassword: _password, ...saved } = body;
          return jsonResponse(ssoSettings({ ...saved, configured: true, hasClientSecret: true }));
        },
      },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Organization' }));
    const sso = await screen.findByRole('form', { name: 'Single sign-on' });
    expect(within(sso).getByLabelText('Redirect URI')).toHaveValue('http://localhost:3000/login/sso');
    expect(within(sso).getByLabelText('Sign-in link')).toHaveValue(
      'http://localhost:3000/login?organization=org-1',
    );
    expect(within(sso).getByLabelText('Redirect URI')).toHaveAttribute('readonly');

    // Checked before sending: nothing is sent while a field is wrong.
    await user.click(within(sso).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(sso).findByText('Provider name is required.')).toBeInTheDocument();
    expect(within(sso).getByText('Enter the issuer URL, starting with https://.')).toBeInTheDocument();
    expect(within(sso).getByText('Client secret is required.')).toBeInTheDocument();
    expect(within(sso).getByText('Enter at least one email domain.')).toBeInTheDocument();
    expect(within(sso).getByLabelText('Client secret')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(sso).getByText('Enter your current password to change the single sign-on settings.'),
    ).toBeInTheDocument();
    expect(within(sso).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(
      calls.filter(
        (call) => call.url.pathname === '/api/admin/organization/sso' && call.init.method === 'PUT',
      ),
    ).toEqual([]);

    await user.click(within(sso).getByLabelText('Offer single sign-on'));
    await user.type(within(sso).getByLabelText('Provider name'), 'Acme Login');
    await user.type(within(sso).getByLabelText('Issuer URL'), 'https://login.acme.test');
    await user.type(within(sso).getByLabelText('Client ID'), 'mqr');
    await user.type(within(sso).getByLabelText('Client secret'), 's3cret');
    await user.type(within(sso).getByLabelText('Allowed email domains'), 'acme.test, Acme.example');
    await user.click(within(sso).getByLabelText('Create accounts on first sign-in'));
    await user.type(within(sso).getByLabelText('Current password'), 'my password');
    await user.click(within(sso).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(sso).findByText('Single sign-on settings saved.')).toBeInTheDocument();
    const put = calls.find(
      (call) => call.url.pathname === '/api/admin/organization/sso' && call.init.method === 'PUT',
    );
    expect(JSON.parse(String(put?.init.body))).toEqual({
      enabled: true,
      displayName: 'Acme Login',
      issuer: 'https://login.acme.test',
      clientId: 'mqr',
      clientSecret: 's3cret',
      allowedDomains: ['acme.test', 'Acme.example'],
      createUsers: true,
      requireSso: false,
      currentPassword: 'my password',
    });
    // Neither the secret nor the password stays; the secret's input says one is kept.
    expect(within(sso).getByLabelText('Client secret')).toHaveValue('');
    expect(within(sso).getByLabelText('Current password')).toHaveValue('');
    expect(
      within(sso).getByText('A client secret is saved; it is never shown. Leave this blank to keep it.'),
    ).toBeInTheDocument();
  });

  it("shows the server's reason under the field when the provider cannot be read", async () => {
    const message =
      "Could not read the provider's settings at this issuer URL. Check the address and that the provider can be reached from this server.";
    setup(
      { isAdmin: true },
      {
        'GET /api/admin/organization/sso': () =>
          jsonResponse(
            ssoSettings({
              configured: true,
              hasClientSecret: true,
              enabled: true,
              displayName: 'Acme',
              issuer: 'https://old.acme.test',
              clientId: 'mqr',
              allowedDomains: ['acme.test'],
            }),
          ),
        'PUT /api/admin/organization/sso': () =>
          jsonResponse({ code: 'VALIDATION', message, fields: [{ path: 'issuer', message }] }, 400),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Organization' }));
    const sso = await screen.findByRole('form', { name: 'Single sign-on' });
    expect(within(sso).getByLabelText('Allowed email domains')).toHaveValue('acme.test');
    await user.type(within(sso).getByLabelText('Current password'), 'my password');
    await user.click(within(sso).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(sso).findByRole('alert')).toHaveTextContent(
      `Unable to save the single sign-on settings. ${message}`,
    );
    expect(within(sso).getByLabelText('Issuer URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says under the password when it is wrong, and does not keep it', async () => {
    const message = 'Current password is incorrect.';
    setup(
      { isAdmin: true },
      {
        'GET /api/admin/organization/sso': () =>
          jsonResponse(
            ssoSettings({
              configured: true,
              hasClientSecret: true,
              enabled: true,
              displayName: 'Acme',
              issuer: 'https://login.acme.test',
              clientId: 'mqr',
              allowedDomains: ['acme.test'],
            }),
          ),
        'PUT /api/admin/organization/sso': () =>
          jsonResponse({ code: 'VALIDATION', message, fields: [{ path: 'currentPassword', message }] }, 400),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Organization' }));
    const sso = await screen.findByRole('form', { name: 'Single sign-on' });
    const password = within(sso).getByLabelText('Current password');
    await user.type(password, 'a guess');
    await user.click(within(sso).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(sso).findByRole('alert')).toHaveTextContent(
      `Unable to save the single sign-on settings. ${message}`,
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(password).toHaveValue('');
  });

  it('keeps the success message 3 seconds; "No changes to save." only for a submit without changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = setup(
      {},
      { 'PUT /api/auth/me': () => jsonResponse(currentUser({ displayName: 'Alex Renamed' })) },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/settings');
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Alex Renamed');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole('status')).toHaveTextContent('Profile updated successfully!');
    expect(screen.queryByText('No changes to save.')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No changes to save.');
    expect(calls.filter((call) => call.init.method === 'PUT')).toHaveLength(1);
  });

  it('lists the activity logs in a table with their own filters, 20 a page', async () => {
    const calls = setup(
      {},
      {
        '/api/audit-logs/my-activity': () =>
          auditPage(
            [auditEntry({ action: 'DELETE', changes: '{"deleted":true}', ipAddress: '10.0.0.1' })],
            1,
            1,
            20,
          ),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Activity Logs' }));
    const table = await screen.findByRole('table', { name: 'Activity Logs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date & Time', 'Action', 'Entity', 'Changes']);
    expect(within(table).getByText('Deleted')).toBeInTheDocument();
    expect(within(table).getByText('Record deleted')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Entity type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Types', 'Assets', 'Maintenance Events', 'User Profile', 'API Tokens']);
    expect(calls.find((call) => call.url.pathname === '/api/audit-logs/my-activity')?.url.search).toBe(
      '?page=1&pageSize=20',
    );

    await user.selectOptions(screen.getByLabelText('Entity type'), 'User Profile');
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname.startsWith('/api/audit-logs')).at(-1)?.url.search).toBe(
        '?entityType=AppUser&page=1&pageSize=20',
      ),
    );
    expect(calls.some((call) => call.url.pathname === '/api/audit-logs')).toBe(false);
  });

  it('explains a failed activity load', async () => {
    setup(
      {},
      { '/api/audit-logs/my-activity': () => jsonResponse({ code: 'FORBIDDEN', message: 'no' }, 403) },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Activity Logs' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load activity logs');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
