import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { getThemeStore, THEME_STORAGE_KEY } from '#web/lib/theme-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

type TRole = { isAdmin: boolean; isSuperAdmin: boolean };
const MEMBER: TRole = { isAdmin: false, isSuperAdmin: false };
const ADMIN: TRole = { isAdmin: true, isSuperAdmin: false };
const SUPER: TRole = { isAdmin: true, isSuperAdmin: true };
/** The navigation's links each role sees, in order (docs/product/overview.md#navigation). */
const MEMBER_LINKS = [
  'Home',
  'Scan QR',
  'Dashboard',
  'Assets',
  'Requests',
  'Locations',
  'Calendar',
  'Activity',
];
const ADMIN_LINKS = [...MEMBER_LINKS, 'Admin Users', 'Admin Fields', 'Checklists'];

function signInAs(role: TRole, displayName = 'Jamie Rivera') {
  mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ ...role, displayName, email: 'jamie@example.com' })),
    '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme Facilities', logoUrl: null }),
    '/api/client-config': () =>
      jsonResponse({ supportEmail: 'help@example.com', publicBaseUrl: 'http://x', maxUploadBytes: 1024 }),
  });
  authStore.login(loginResponse({ ...role, displayName }), 'jamie@example.com');
}

async function openMenu(name: RegExp = /Jamie Rivera/) {
  const user = userEvent.setup();
  const trigger = await screen.findByRole('button', { name });
  await user.click(trigger);
  expect(trigger).toHaveAttribute('aria-expanded', 'true');
  return { user, trigger };
}

function navLinks() {
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('header', () => {
  beforeEach(() => {
    authStore.logout();
    mockFetch({
      '/api/client-config': () =>
        jsonResponse({ supportEmail: 'help@example.com', publicBaseUrl: 'http://x', maxUploadBytes: 1024 }),
    });
  });

  it('logged out: public links, "Log in", product name and footer', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Maintenance history at a glance' });
    expect(navLinks()).toEqual(['Home', 'Scan QR', 'Assets']);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Maintenance QR' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Maintenance QR`);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['member', MEMBER, MEMBER_LINKS, 'Member'],
    ['admin', ADMIN, ADMIN_LINKS, 'Administrator'],
    ['super admin', SUPER, [...ADMIN_LINKS, 'Organizations'], 'Super Administrator'],
  ])('%s: role-aware links and role label', async (_who, role, links, label) => {
    signInAs(role);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Operations dashboard' });
    expect(navLinks()).toEqual(links);
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    const trigger = screen.getByRole('button', { name: /Jamie Rivera/ });
    expect(trigger).toHaveTextContent('JR');
    expect(trigger).toHaveTextContent(label);
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('the menu has the account link, dark mode, sign out and support', async () => {
    signInAs(MEMBER);
    renderApp('/dashboard');
    await openMenu();
    expect(screen.getByRole('link', { name: 'Manage Your Account' })).toHaveAttribute('href', '/profile');
    const darkMode = screen.getByRole('switch', { name: 'Dark Mode' });
    expect(darkMode).toHaveAccessibleDescription(/Currently (enabled|disabled)/);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toHaveAccessibleDescription(
      'End your current session',
    );
    expect(await screen.findByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
  });

  it('closes on a click outside', async () => {
    signInAs(MEMBER);
    renderApp('/dashboard');
    const { user, trigger } = await openMenu();
    await user.click(screen.getByRole('heading', { name: 'Operations dashboard' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('switch', { name: 'Dark Mode' })).not.toBeInTheDocument();
  });

  it('closes after choosing a link', async () => {
    signInAs(MEMBER);
    renderApp('/dashboard');
    const { user, trigger } = await openMenu();
    await user.click(screen.getByRole('link', { name: 'Manage Your Account' }));
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
  });

  it('toggling the theme flips it, persists it and closes the menu', async () => {
    signInAs(MEMBER);
    renderApp('/dashboard');
    const before = getThemeStore().getTheme();
    const { user, trigger } = await openMenu();
    const darkMode = screen.getByRole('switch', { name: 'Dark Mode' });
    expect(darkMode).toHaveAttribute('aria-checked', String(before === 'dark'));
    expect(darkMode).toHaveAccessibleDescription(
      before === 'dark' ? 'Currently enabled' : 'Currently disabled',
    );
    await user.click(darkMode);
    const after = before === 'dark' ? 'light' : 'dark';
    expect(getThemeStore().getTheme()).toBe(after);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(after);
    expect(document.documentElement.dataset.theme).toBe(after);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(screen.getByRole('switch', { name: 'Dark Mode' })).toHaveAccessibleDescription(
      after === 'dark' ? 'Currently enabled' : 'Currently disabled',
    );
  });

  it('Escape closes the menu and returns focus to its button', async () => {
    signInAs(MEMBER);
    renderApp('/dashboard');
    const { user, trigger } = await openMenu();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('Sign Out logs out and goes to /login', async () => {
    signInAs(ADMIN);
    const { router } = renderApp('/dashboard');
    const { user } = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.getSnapshot()).toEqual({ auth: null, organization: null });
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows the email when there is no display name', async () => {
    signInAs(MEMBER, '');
    renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: /jamie@example.com/ });
    expect(trigger).toHaveTextContent('J');
  });

  it('the nav menu button toggles the navigation', async () => {
    renderApp('/');
    const user = userEvent.setup();
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Scan QR' }),
    );
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
  });
});
