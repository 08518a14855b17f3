import { i18n } from '@lingui/core';
import { SSO_MESSAGES } from '@mqr/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { SSO_ORGANIZATION_KEY } from '../lib/sso-organization.ts';
import { SSO_SIGN_IN_TEXTS } from '../texts.ts';

const PROVIDER = { organizationId: 'org-1', organizationName: 'Acme Works', displayName: 'Acme Login' };
const signedInHandlers = {
  '/api/auth/me': () => jsonResponse(currentUser({ email: 'ada@acme.test' })),
  '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme Works', logoUrl: null }),
};

describe('sign-in page with single sign-on', () => {
  beforeEach(() => {
    authStore.logout();
    localStorage.clear();
  });

  it("offers the linked organization's provider above the password form, and starts the sign-in there", async () => {
    let release: (response: Response) => void = () => {};
    const calls = mockFetch({
      'GET /api/auth/sso/org-1': () => jsonResponse(PROVIDER),
      'POST /api/auth/sso/org-1/start': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    const user = userEvent.setup();
    renderApp('/login?organization=org-1');
    const button = await screen.findByRole('button', { name: 'Sign in with Acme Login' });
    expect(screen.getByText('Acme Works')).toBeInTheDocument();
    expect(screen.getByText('or with your email and password')).toBeInTheDocument();
    // The password form stays, as it was.
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();

    await user.click(button);
    expect(await screen.findByRole('button', { name: i18n._(SSO_SIGN_IN_TEXTS.redirecting) })).toBeDisabled();
    release(jsonResponse({ authorizationUrl: 'http://idp.test/auth?state=s' }));
    await waitFor(() => expect(localStorage.getItem(SSO_ORGANIZATION_KEY)).toBe('org-1'));
    expect(calls.filter((call) => call.url.pathname === '/api/auth/sso/org-1/start')).toHaveLength(1);
  });

  it('says so when the linked organization offers no single sign-on, and keeps the password form', async () => {
    mockFetch({
      'GET /api/auth/sso/nope': () =>
        jsonResponse({ code: 'NOT_FOUND', message: SSO_MESSAGES.notSetUp }, 404),
    });
    renderApp('/login?organization=nope');
    expect(await screen.findByText(SSO_MESSAGES.notSetUp)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('offers the provider this browser last signed in with, and forgets one that is gone', async () => {
    localStorage.setItem(SSO_ORGANIZATION_KEY, 'org-1');
    mockFetch({ 'GET /api/auth/sso/org-1': () => jsonResponse(PROVIDER) });
    const first = renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Acme Login' })).toBeInTheDocument();
    first.unmount();

    mockFetch({
      'GET /api/auth/sso/org-1': () =>
        jsonResponse({ code: 'NOT_FOUND', message: SSO_MESSAGES.notSetUp }, 404),
    });
    renderApp('/login');
    await waitFor(() => expect(localStorage.getItem(SSO_ORGANIZATION_KEY)).toBeNull());
    expect(screen.queryByText(SSO_MESSAGES.notSetUp)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Sign in with/ })).not.toBeInTheDocument();
  });

  it('shows why the provider cannot be opened', async () => {
    mockFetch({
      'GET /api/auth/sso/org-1': () => jsonResponse(PROVIDER),
      'POST /api/auth/sso/org-1/start': () =>
        jsonResponse({ code: 'UNAVAILABLE', message: SSO_MESSAGES.providerUnreachable }, 503),
    });
    const user = userEvent.setup();
    renderApp('/login?organization=org-1');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Acme Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.providerUnreachable);
    expect(screen.getByRole('button', { name: 'Sign in with Acme Login' })).toBeEnabled();
  });
});

describe('coming back from the provider (/login/sso)', () => {
  beforeEach(() => {
    authStore.logout();
    localStorage.clear();
  });

  it("sends the provider's answer once, signs in and opens the dashboard", async () => {
    window.history.replaceState(
      null,
      '',
      '/login/sso?code=the-code&state=the-state&iss=http%3A%2F%2Fidp.test',
    );
    const calls = mockFetch({
      'POST /api/auth/sso/callback': () =>
        jsonResponse({ ...loginResponse({ accessToken: 'sso-token' }), email: 'ada@acme.test' }),
      ...signedInHandlers,
    });
    const { router } = renderApp('/login/sso');
    expect(await screen.findByRole('heading', { name: 'Operations dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const posts = calls.filter((call) => call.url.pathname === '/api/auth/sso/callback');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual({
      code: 'the-code',
      state: 'the-state',
      iss: 'http://idp.test',
    });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({
      token: 'sso-token',
      email: 'ada@acme.test',
    });
  });

  it('opens the page the sign-in started from, kept in this tab across the provider’s pages', async () => {
    mockFetch({
      'GET /api/auth/sso/org-1': () => jsonResponse(PROVIDER),
      'POST /api/auth/sso/org-1/start': () =>
        jsonResponse({ authorizationUrl: 'http://idp.test/auth?state=s' }),
    });
    const user = userEvent.setup();
    const start = renderApp('/login?organization=org-1&next=%2Fcalendar%3Fview%3Dagenda');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Acme Login' }));
    await waitFor(() => expect(localStorage.getItem(SSO_ORGANIZATION_KEY)).toBe('org-1'));
    start.unmount();

    window.history.replaceState(null, '', '/login/sso?code=the-code&state=the-state');
    mockFetch({
      'POST /api/auth/sso/callback': () =>
        jsonResponse({ ...loginResponse({ accessToken: 'sso-token' }), email: 'ada@acme.test' }),
      '/api/calendar/assignees': () => jsonResponse([]),
      '/api/calendar/agenda': () => jsonResponse({ today: '2026-03-02', items: [], nextAfter: null }),
      '/api/calendar/overdue': () => jsonResponse({ today: '2026-03-02', items: [], nextAfter: null }),
      ...signedInHandlers,
    });
    const { router } = renderApp('/login/sso');
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(router.state.location.search).toBe('?view=agenda');
  });

  it('says plainly why not, takes the code out of the address and leads back to the sign-in page', async () => {
    localStorage.setItem(SSO_ORGANIZATION_KEY, 'org-1');
    window.history.replaceState(null, '', '/login/sso?code=c&state=s');
    const message = SSO_MESSAGES.domainNotAllowed('evil.test', 'Acme Works');
    mockFetch({
      'POST /api/auth/sso/callback': () => jsonResponse({ code: 'FORBIDDEN', message }, 403),
      'GET /api/auth/sso/org-1': () => jsonResponse(PROVIDER),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login/sso');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(window.location.search).toBe('');
    expect(authStore.getSnapshot().auth).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?organization=org-1');
    expect(await screen.findByRole('button', { name: 'Sign in with Acme Login' })).toBeInTheDocument();
  });

  it('asks an account that never signed in with the provider for its password once, then signs in', async () => {
    window.history.replaceState(null, '', '/login/sso?code=c&state=s');
    const link = {
      linkRequired: true,
      email: 'ada@acme.test',
      organizationName: 'Acme Works',
      providerName: 'Acme Login',
    };
    const wrong = SSO_MESSAGES.linkPasswordWrong;
    let tries = 0;
    const calls = mockFetch({
      'POST /api/auth/sso/callback': () => jsonResponse(link),
      'POST /api/auth/sso/link': () =>
        ++tries === 1
          ? jsonResponse(
              { code: 'VALIDATION', message: wrong, fields: [{ path: 'password', message: wrong }] },
              400,
            )
          : jsonResponse({ ...loginResponse({ accessToken: 'linked-token' }), email: 'ada@acme.test' }),
      ...signedInHandlers,
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login/sso');
    const form = await screen.findByRole('form', { name: 'Link your account' });
    expect(form).toHaveTextContent(
      i18n._(SSO_SIGN_IN_TEXTS.linkIntro('ada@acme.test', 'Acme Works', 'Acme Login')),
    );
    expect(authStore.getSnapshot().auth).toBeNull();

    // Checked before sending.
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText(SSO_MESSAGES.linkPasswordRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/auth/sso/link')).toHaveLength(0);

    const password = screen.getByLabelText('Password');
    await user.type(password, 'a guess');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password);
    await user.type(password, 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Operations dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const posts = calls.filter((call) => call.url.pathname === '/api/auth/sso/link');
    expect(JSON.parse(String(posts.at(-1)!.init.body))).toEqual({ password: 'correct horse battery' });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({
      token: 'linked-token',
    });
  });

  it('says why a link was refused for another reason, above the form', async () => {
    window.history.replaceState(null, '', '/login/sso?code=c&state=s');
    mockFetch({
      'POST /api/auth/sso/callback': () =>
        jsonResponse({
          linkRequired: true,
          email: 'ada@acme.test',
          organizationName: 'Acme Works',
          providerName: 'Acme Login',
        }),
      'POST /api/auth/sso/link': () =>
        jsonResponse({ code: 'VALIDATION', message: SSO_MESSAGES.attemptExpired }, 400),
    });
    const user = userEvent.setup();
    renderApp('/login/sso');
    await user.type(await screen.findByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.attemptExpired);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });
});
