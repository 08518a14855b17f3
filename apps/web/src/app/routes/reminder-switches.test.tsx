import { i18n } from '@lingui/core';
import type { TOrganization } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { REMINDER_TEXTS } from '#web/lib/texts.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch, organization } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

type THandlers = Parameters<typeof mockFetch>[0];

const ACME = organization();

function setup(
  options: { isAdmin?: boolean; organization?: Partial<TOrganization>; emailReminders?: boolean },
  extra: THandlers = {},
) {
  const role = { isAdmin: options.isAdmin ?? false };
  authStore.login(loginResponse(role), 'alex@example.com');
  const calls = mockFetch({
    'GET /api/auth/me': () => jsonResponse(currentUser(role)),
    '/api/auth/organization': () => jsonResponse({ ...ACME, ...options.organization }),
    '/api/client-config': () =>
      jsonResponse({
        supportEmail: 'support@example.com',
        publicBaseUrl: 'http://localhost:3000',
        maxUploadBytes: 1024,
        emailReminders: options.emailReminders ?? true,
      }),
    ...extra,
  });
  const puts = (path: string) =>
    calls
      .filter((call) => call.init.method === 'PUT' && call.url.pathname === path)
      .map((call) => JSON.parse(String(call.init.body)));
  return { puts };
}

const userSwitch = () => screen.findByRole('switch', { name: i18n._(REMINDER_TEXTS.userSwitch) });

describe('the daily digest switches', () => {
  beforeEach(() => authStore.logout());

  it('turn a person’s digest off on /settings at once, saying so', async () => {
    const { puts } = setup(
      {},
      { 'PUT /api/auth/me': () => jsonResponse(currentUser({ dailyDigest: false })) },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const panel = await screen.findByRole('tabpanel', { name: 'Profile' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'Email reminders' })).toBeInTheDocument();
    const toggle = await userSwitch();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).toHaveAccessibleDescription(i18n._(REMINDER_TEXTS.userHint));
    await user.click(toggle);
    expect(await screen.findByRole('status')).toHaveTextContent(i18n._(REMINDER_TEXTS.userOff));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(puts('/api/auth/me')).toEqual([{ dailyDigest: false }]);
  });

  it('are reached and switched from the keyboard on /profile, keeping the focus while they save', async () => {
    let answer: (response: Response) => void = () => {};
    const { puts } = setup(
      {},
      {
        'GET /api/auth/me': () => jsonResponse(currentUser({ dailyDigest: false })),
        'PUT /api/auth/me': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    );
    const user = userEvent.setup();
    renderApp('/profile');
    const toggle = await userSwitch();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    toggle.focus();
    await user.keyboard(' ');
    // Saving: unavailable, yet not disabled (a disabled button would drop the keyboard's focus).
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'true'));
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    answer(jsonResponse(currentUser({ dailyDigest: true })));
    expect(await screen.findByRole('status')).toHaveTextContent(i18n._(REMINDER_TEXTS.userOn));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).not.toHaveAttribute('aria-disabled');
    expect(puts('/api/auth/me')).toEqual([{ dailyDigest: true }]);
  });

  it('keep the saved state and say why when the save fails', async () => {
    setup(
      {},
      {
        'PUT /api/auth/me': () =>
          jsonResponse({ code: 'VALIDATION', message: 'Invalid request body.', fields: [] }, 400),
      },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const toggle = await userSwitch();
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${i18n._(REMINDER_TEXTS.failed)} Invalid request body.`,
    );
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('tell a person when the organization or the server sends no email', async () => {
    setup({ organization: { dailyDigest: false }, emailReminders: false });
    renderApp('/settings');
    const toggle = await userSwitch();
    await waitFor(() =>
      expect(toggle).toHaveAccessibleDescription(expect.stringContaining(i18n._(REMINDER_TEXTS.serverOff))),
    );
    await waitFor(() =>
      expect(toggle).toHaveAccessibleDescription(
        expect.stringContaining(i18n._(REMINDER_TEXTS.organizationOffForUsers)),
      ),
    );
  });

  it('let an administrator turn the organization’s digest off on the Organization tab', async () => {
    const { puts } = setup(
      { isAdmin: true },
      { 'PUT /api/admin/organization/settings': () => jsonResponse({ ...ACME, dailyDigest: false }) },
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Organization' }));
    const panel = screen.getByRole('tabpanel', { name: 'Organization' });
    const toggle = within(panel).getByRole('switch', { name: i18n._(REMINDER_TEXTS.organizationSwitch) });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).toHaveAccessibleDescription(i18n._(REMINDER_TEXTS.organizationHint));
    await user.click(toggle);
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      i18n._(REMINDER_TEXTS.organizationOff),
    );
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(puts('/api/admin/organization/settings')).toEqual([{ dailyDigest: false }]);
    expect(authStore.getSnapshot().organization?.dailyDigest).toBe(false);
  });
});
