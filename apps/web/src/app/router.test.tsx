import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch, organization } from '../test/fixtures.ts';
import { renderApp, renderRoutes } from '../test/render-app.tsx';
import type { TRoute } from './route-table.ts';
import { buildRoutes } from './router.tsx';

function signIn(overrides: Parameters<typeof loginResponse>[0] = {}) {
  authStore.login(loginResponse(overrides), 'alex@example.com');
}

describe('router', () => {
  beforeEach(() => {
    authStore.logout();
    mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser()),
      '/api/auth/organization': () => jsonResponse(organization()),
    });
  });

  it('renders home at /', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Maintenance history at a glance' }),
    ).toBeInTheDocument();
  });

  it('sends a logged-out visitor of /dashboard to /login', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a logged-out visitor of a deep link to /login, naming the page to return to', async () => {
    const { router } = renderApp('/assets?status=retired&page=2#list');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/assets?status=retired&page=2#list',
    );
  });

  it('sends a signed-in visitor of /login to the page it names, if it is one of this site', async () => {
    signIn();
    const { router } = renderApp('/login?next=%2Fcalendar%3Fview%3Dagenda');
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(router.state.location.search).toBe('?view=agenda');
    await router.navigate('/login?next=%2F%2Fevil.example%2F');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends a signed-in visitor of /login to /dashboard', async () => {
    signIn();
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Operations dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends unknown paths, and admin pages once the refresh says the user is no administrator, home', async () => {
    // Signed in as an administrator, but /api/auth/me answers a member: the guard follows the refresh.
    signIn({ isAdmin: true, isSuperAdmin: true });
    const { router } = renderApp('/admin/users');
    expect(
      await screen.findByRole('heading', { name: 'Maintenance history at a glance' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await router.navigate('/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('logs out an expired session on navigation and sends it to /login', async () => {
    signIn({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Operations dashboard' })).toBeInTheDocument();
    const realNow = Date.now;
    Date.now = () => realNow() + 120_000;
    try {
      await router.navigate('/');
      // The first token read on the way logs the expired session out (long before its timer); the
      // home page may show for a moment first or not at all, as the machine's load has it.
      await waitFor(() => expect(authStore.getSnapshot().auth).toBeNull());
      await router.navigate('/dashboard');
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    } finally {
      Date.now = realNow;
    }
  });
});

describe('the guard while a screen is still loading', () => {
  beforeEach(() => authStore.logout());

  it('still sends a visitor to /login when a navigation interrupted its redirect to the unloaded sign-in page', async () => {
    let loadSignIn = () => {};
    const signInLoaded = new Promise<void>((resolve) => {
      loadSignIn = resolve;
    });
    const heading = (name: string) => () => <h1>{name}</h1>;
    const table: TRoute[] = [
      { path: '/', access: 'public', screen: async () => heading('Home') },
      {
        path: '/login',
        access: 'public',
        signedInRedirect: '/dashboard',
        screen: async () => {
          await signInLoaded;
          return heading('Sign in');
        },
      },
      { path: '/dashboard', access: 'signed-in', screen: async () => heading('Dashboard') },
    ];
    signIn();
    const { router } = renderRoutes(buildRoutes(table), '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    // The session ends: the guard redirects to the sign-in page, whose screen is still loading…
    act(() => authStore.logout());
    // …when the user opens the dashboard again, which cancels that redirect at the same address.
    await act(() => router.navigate('/dashboard'));
    loadSignIn();

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('startup when logged in', () => {
  beforeEach(() => authStore.logout());

  it('refreshes the stored user and shows the organization', async () => {
    mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser({ displayName: 'Renamed User', isAdmin: true })),
      '/api/auth/organization': () =>
        jsonResponse(organization({ name: 'Acme Facilities', logoUrl: '/logo.png' })),
    });
    authStore.login(loginResponse({ displayName: 'Old Name' }), 'alex@example.com');
    const { container } = renderApp('/');
    expect(await screen.findByText('Acme Facilities')).toBeInTheDocument();
    await waitFor(() => expect(authStore.getSnapshot().auth?.displayName).toBe('Renamed User'));
    expect(container.querySelector('header img')).toHaveAttribute('alt', '');
    expect(screen.getByRole('link', { name: 'Admin Users' })).toBeInTheDocument();
  });

  it('logs out when the current-user refresh fails', async () => {
    mockFetch({
      '/api/auth/me': () => jsonResponse({ code: 'UNAUTHORIZED', message: 'Token no longer valid' }, 401),
    });
    authStore.login(loginResponse(), 'alex@example.com');
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(authStore.getSnapshot().auth).toBeNull();
  });

  it('ignores an organization fetch failure', async () => {
    mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser()),
      '/api/auth/organization': () => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500),
    });
    authStore.login(loginResponse(), 'alex@example.com');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Operations dashboard' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(authStore.getSnapshot().auth).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Maintenance QR' })).toBeInTheDocument();
  });
});
