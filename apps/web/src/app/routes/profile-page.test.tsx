import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEntry, auditPage } from '#web/features/audit-logs/audit-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { avatarLetter } from './profile-page.tsx';

type THandlers = Parameters<typeof mockFetch>[0];

function setup(extra: THandlers = {}) {
  authStore.login(loginResponse(), 'alex@example.com');
  return mockFetch({
    'GET /api/auth/me': () => jsonResponse(currentUser()),
    '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    ...extra,
  });
}

function puts(calls: { url: URL; init: RequestInit }[]) {
  return calls.filter((call) => call.init.method === 'PUT').map((call) => JSON.parse(String(call.init.body)));
}

async function openProfile() {
  renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Manage Your Account' });
  return screen.getByRole('tabpanel', { name: 'Profile Information' });
}

describe('profile page (richer variant)', () => {
  beforeEach(() => authStore.logout());
  afterEach(() => vi.useRealTimers());

  it('shows the avatar letter and the saved values', async () => {
    setup();
    const panel = await openProfile();
    expect(within(panel).getByText('A', { selector: 'span' })).toBeInTheDocument();
    expect(within(panel).getByLabelText('Display name')).toHaveValue('Alex Admin');
    expect(within(panel).getByLabelText('Email')).toHaveValue('alex@example.com');
    expect(within(panel).getByText('Leave blank to keep current password')).toBeInTheDocument();
    expect(avatarLetter('  zoë ')).toBe('Z');
    expect(avatarLetter('')).toBe('?');
  });

  it('follows the startup refresh of the user where nothing was typed', async () => {
    setup({ 'GET /api/auth/me': () => jsonResponse(currentUser({ displayName: 'Alexandra' })) });
    const panel = await openProfile();
    await waitFor(() => expect(within(panel).getByLabelText('Display name')).toHaveValue('Alexandra'));
    expect(within(panel).getByLabelText('Email')).toHaveValue('alex@example.com');
  });

  it('checks the documented rules before sending anything', async () => {
    const calls = setup();
    const user = userEvent.setup();
    await openProfile();
    const save = screen.getByRole('button', { name: 'Save changes' });

    await user.clear(screen.getByLabelText('Display name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.click(save);
    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Display name'), 'Alex');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(save);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(save);
    expect(await screen.findByText('Current password is required to change email')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(save);
    expect(await screen.findByText('Current password is required to change password')).toBeInTheDocument();
    expect(screen.getByText('New password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('New passwords do not match')).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);
  });

  it('sends only the display name, shows it in the header and the banner for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = setup({
      'PUT /api/auth/me': () => jsonResponse(currentUser({ displayName: 'Alex Renamed' })),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openProfile();
    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), '  Alex Renamed ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const banner = await screen.findByText('Profile updated successfully!');
    expect(banner).toHaveAttribute('role', 'status');
    expect(puts(calls)).toEqual([{ displayName: 'Alex Renamed' }]);
    expect(screen.getByRole('button', { name: /Alex Renamed/, expanded: false })).toBeInTheDocument();
    expect(authStore.getSnapshot().auth?.displayName).toBe('Alex Renamed');
    expect(authStore.getToken()).toBe('token-1');

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
    expect(screen.queryByText('No changes to save.')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
    expect(screen.queryByText('No changes to save.')).not.toBeInTheDocument();
  });

  it('changes the password and email, then uses the new token and clears the password inputs', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const calls = setup({
      'PUT /api/auth/me': () =>
        jsonResponse({ ...currentUser({ email: 'new@example.com' }), accessToken: 'token-2', expiresAt }),
    });
    const user = userEvent.setup();
    await openProfile();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), ' New@Example.com');
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(puts(calls)).toEqual([
      { email: 'new@example.com', currentPassword: 'old-secret', newPassword: 'new-secret-1' },
    ]);
    expect(authStore.getToken()).toBe('token-2');
    expect(authStore.getSnapshot().auth).toMatchObject({ email: 'new@example.com', expiresAt });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');

    // Later requests carry the new token.
    await user.click(screen.getByRole('tab', { name: 'Activity History' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname.startsWith('/api/audit-logs'))).toBe(true),
    );
    const activity = calls.find((call) => call.url.pathname.startsWith('/api/audit-logs'));
    expect(new Headers(activity?.init.headers).get('Authorization')).toBe('Bearer token-2');
  });

  it("shows the server's message and its field errors", async () => {
    setup({
      'PUT /api/auth/me': () =>
        jsonResponse(
          {
            code: 'VALIDATION',
            message: 'Current password is incorrect.',
            fields: [{ path: 'currentPassword', message: 'Current password is incorrect.' }],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    await openProfile();
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect.');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(authStore.getToken()).toBe('token-1');
  });

  it('falls back to the generic failure without a server message', async () => {
    setup({ 'PUT /api/auth/me': () => new Response('oops', { status: 502 }) });
    const user = userEvent.setup();
    await openProfile();
    await user.type(screen.getByLabelText('Display name'), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile');
  });

  it('says so when nothing changed, without a request', async () => {
    const calls = setup();
    const user = userEvent.setup();
    await openProfile();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('No changes to save.')).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);
  });

  it('switches tabs with the arrow keys and lists the activity history', async () => {
    const calls = setup({
      '/api/audit-logs/my-activity': () =>
        auditPage(
          [
            auditEntry({ action: 'COMPLETE_TASK', entityType: 'MaintenanceEvent', entityName: 'Oil change' }),
            auditEntry({ action: 'UPDATE', changes: '{"changes":{"name":{"from":"A","to":null}}}' }),
          ],
          42,
          1,
          20,
        ),
    });
    const user = userEvent.setup();
    await openProfile();
    const profileTab = screen.getByRole('tab', { name: 'Profile Information' });
    expect(profileTab).toHaveAttribute('aria-selected', 'true');
    await user.click(profileTab);
    await user.keyboard('{ArrowRight}');
    const activityTab = screen.getByRole('tab', { name: 'Activity History' });
    expect(activityTab).toHaveFocus();
    expect(activityTab).toHaveAttribute('aria-selected', 'true');
    expect(profileTab).toHaveAttribute('tabindex', '-1');

    const panel = screen.getByRole('tabpanel', { name: 'Activity History' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Completed Task Maintenance Event · Oil change');
    expect(items[1]).toHaveTextContent('Updated Asset · Boiler');
    expect(items[1]).toHaveTextContent('name: A → (empty)');
    expect(within(panel).getByText('42 activities in total')).toBeInTheDocument();
    expect(within(panel).getByText('Page 1 of 3')).toBeInTheDocument();
    const request = calls.find((call) => call.url.pathname === '/api/audit-logs/my-activity');
    expect(request?.url.search).toBe('?page=1&pageSize=20');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Profile Information' })).toBeVisible();
  });

  it('explains an empty history and a failed one', async () => {
    let fail = false;
    setup({
      '/api/audit-logs/my-activity': () =>
        fail ? jsonResponse({ code: 'FORBIDDEN', message: 'no' }, 403) : auditPage([]),
    });
    const user = userEvent.setup();
    const view = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Activity History' }));
    expect(
      await screen.findByText(
        'No Activities Found - Your activity history will appear here as you use the system.',
      ),
    ).toBeInTheDocument();
    fail = true;
    await act(() => view.queryClient.resetQueries({ queryKey: ['audit-logs'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load activity logs');
  });
});
