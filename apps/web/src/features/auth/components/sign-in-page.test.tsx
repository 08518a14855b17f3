import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '#web/lib/api-client.ts';
import { AUTH_STORAGE_KEY, authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

async function openSignIn(path = '/login') {
  const utils = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in' });
  return {
    ...utils,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('sign-in page', () => {
  beforeEach(() => {
    authStore.logout();
    mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser()),
      '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    });
  });

  it('shows the title, subtitle and a disabled button while the form is invalid', async () => {
    const { submit } = await openSignIn();
    expect(screen.getByText('Access the maintenance dashboard')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('returns to the page that sent the visitor here, and to the dashboard from anywhere else', async () => {
    for (const [next, landing] of [
      ['%2Fassets%3Fstatus%3Dretired', '/assets?status=retired'],
      ['https%3A%2F%2Fevil.example%2F', '/dashboard'],
      ['%2F%5Cevil.example', '/dashboard'],
    ] as const) {
      authStore.logout();
      mockFetch({
        'POST /api/auth/login': () => jsonResponse(loginResponse()),
        '/api/auth/me': () => jsonResponse(currentUser()),
        '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
        '/api/fields': () => jsonResponse([]),
        '/api/assets': () => jsonResponse([], 200, { 'X-Total-Count': '0' }),
      });
      const user = userEvent.setup();
      const { email, password, submit, router, unmount } = await openSignIn(`/login?next=${next}`);
      await user.type(email, 'sam@example.com');
      await user.type(password, 'secret');
      await user.click(submit);
      await waitFor(() =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(landing),
      );
      unmount();
    }
  });

  it('shows the validation messages', async () => {
    const user = userEvent.setup();
    const { email, password, submit } = await openSignIn();
    await user.type(email, 'not-an-email');
    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();
    await user.clear(email);
    await user.type(email, 'sam@example.com');
    await user.type(password, 'secret');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument();
  });

  it('shows "Signing in..." while busy, then stores auth and goes to /dashboard', async () => {
    let release: (r: Response) => void = () => {};
    const calls = mockFetch({
      'POST /api/auth/login': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
      '/api/auth/me': () => jsonResponse(currentUser({ email: 'sam@example.com' })),
      '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    });
    const user = userEvent.setup();
    const { email, password, router } = await openSignIn();
    await user.type(email, '  Sam@Example.com ');
    await user.type(password, 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    release(jsonResponse(loginResponse({ accessToken: 'fresh' })));
    expect(await screen.findByRole('heading', { name: 'Operations dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const loginCall = calls.find((c) => c.url.pathname === '/api/auth/login');
    expect(JSON.parse(String(loginCall?.init.body))).toEqual({
      email: 'sam@example.com',
      password: 'secret',
    });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({
      token: 'fresh',
      email: 'sam@example.com',
    });
  });

  it.each([
    [401, { code: 'UNAUTHORIZED', message: 'Invalid email or password.' }, 'Invalid email or password.'],
    [
      429,
      { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Try again in 15 minutes.' },
      'Too many sign-in attempts. Try again in 15 minutes.',
    ],
    [
      403,
      {
        code: 'FORBIDDEN',
        message: 'Your organization signs in with single sign-on: use "Sign in with Acme Login".',
      },
      'Your organization signs in with single sign-on: use "Sign in with Acme Login".',
    ],
  ])('shows the error of a %i answer as an alert', async (status, body, message) => {
    mockFetch({ 'POST /api/auth/login': () => jsonResponse(body, status) });
    const user = userEvent.setup();
    const { email, password, router } = await openSignIn();
    await user.type(email, 'sam@example.com');
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.getSnapshot().auth).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('explains a network failure', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const user = userEvent.setup();
    const { email, password } = await openSignIn();
    await user.type(email, 'sam@example.com');
    await user.type(password, 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
  });
});
