import { i18n } from '@lingui/core';
import { API_TOKEN_MESSAGES, type TApiToken, type TCreatedApiToken } from '@mqr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { formatDate, formatDateTime } from '#web/lib/dates.ts';
import { jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { API_TOKEN_TEXTS } from '../texts.ts';
import { ApiTokensPanel } from './api-tokens-panel.tsx';

const DAY = 24 * 3600 * 1000;
const SECRET = `mqr_${'A'.repeat(43)}`;

function token(overrides: Partial<TApiToken> = {}): TApiToken {
  return {
    id: 'tok-1',
    name: 'Nightly export',
    scope: 'read',
    hint: 'mqr_AbCd',
    createdAt: '2026-11-01T09:00:00.000Z',
    expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
    lastUsedAt: null,
    ...overrides,
  };
}

function paged(items: TApiToken[]) {
  return jsonResponse(items, 200, {
    'X-Total-Count': String(items.length),
    'X-Page': '1',
    'X-Page-Size': '50',
  });
}

function renderPanel(isAdmin = false, isSuperAdmin = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiTokensPanel isAdmin={isAdmin} isSuperAdmin={isSuperAdmin} />
    </QueryClientProvider>,
  );
}

describe('API tokens tab', () => {
  beforeEach(() => authStore.login(loginResponse({}), 'alex@example.com'));

  it('lists the tokens with access, dates and last use; an expired one says so', async () => {
    mockFetch({
      'GET /api/api-tokens': () =>
        paged([
          token({ lastUsedAt: '2026-11-20T08:30:00.000Z', scope: 'write' }),
          token({ id: 'tok-2', name: 'Old script', expiresAt: new Date(Date.now() - DAY).toISOString() }),
        ]),
    });
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Your tokens' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Nightly export')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Read and write')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(formatDate('2026-11-01T09:00:00.000Z'))).toBeInTheDocument();
    expect(within(rows[0]!).getByText(formatDateTime('2026-11-20T08:30:00.000Z'))).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Read only')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Expired')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Never')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: "Your organization's tokens" })).not.toBeInTheDocument();
  });

  it('creates a token, shows its secret once with Copy, and forgets it after Done', async () => {
    const created: TCreatedApiToken = { token: token({ name: 'Backup', scope: 'write' }), secret: SECRET };
    let tokens: TApiToken[] = [];
    const calls = mockFetch({
      'GET /api/api-tokens': () => paged(tokens),
      'POST /api/api-tokens': () => {
        tokens = [created.token];
        return jsonResponse(created, 201);
      },
    });
    // user-event puts a clipboard of its own in place.
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByText(API_TOKEN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Token name'), 'Backup');
    await user.selectOptions(screen.getByLabelText('Access'), 'Read and write');
    await user.selectOptions(screen.getByLabelText('Expires after'), '1 year');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByLabelText('Token');
    expect(secret).toHaveValue(SECRET);
    expect(
      screen.getByText('Copy it now and keep it somewhere safe: it will not be shown again.'),
    ).toBeInTheDocument();
    const post = calls.find((call) => call.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      name: 'Backup',
      scope: 'write',
      expiresInDays: 365,
    });

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Your tokens' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Token name')).toHaveValue('');
  });

  it("shows the server's reason when a creation is refused", async () => {
    mockFetch({
      'GET /api/api-tokens': () => paged([]),
      'POST /api/api-tokens': () =>
        jsonResponse({ code: 'CONFLICT', message: API_TOKEN_MESSAGES.tooMany }, 409),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.type(await screen.findByLabelText('Token name'), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${i18n._(API_TOKEN_TEXTS.createFailed)} ${API_TOKEN_MESSAGES.tooMany}`,
    );
  });

  it('revokes a token after asking; Cancel keeps it', async () => {
    let tokens = [token()];
    const calls = mockFetch({
      'GET /api/api-tokens': () => paged(tokens),
      'DELETE /api/api-tokens/tok-1': () => {
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Revoke Nightly export' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this token?' });
    expect(
      within(dialog).getByText('Anything that uses it stops working at once. This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.init.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke Nightly export' }));
    await user.click(screen.getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
    expect(calls.filter((call) => call.init.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      '/api/api-tokens/tok-1',
    ]);
  });

  it("gives administrators their organization's tokens with their owners, revoked through the admin route", async () => {
    const someone = token({
      id: 'tok-9',
      name: 'Sync',
      owner: { id: 'u-2', email: 'sam@example.com', displayName: 'Sam' },
    });
    const calls = mockFetch({
      'GET /api/api-tokens': () => paged([]),
      'GET /api/admin/api-tokens': () => paged([someone]),
      'DELETE /api/admin/api-tokens/tok-9': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPanel(true);
    const table = await screen.findByRole('table', { name: "Your organization's tokens" });
    expect(within(table).getByText('Sam')).toBeInTheDocument();
    expect(within(table).getByText('sam@example.com')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Revoke Sync' }));
    await user.click(screen.getByRole('button', { name: 'Revoke token' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.init.method === 'DELETE' && call.url.pathname === '/api/admin/api-tokens/tok-9',
        ),
      ).toBe(true),
    );
  });

  it("tells an organization administrator that super administrators' tokens are not listed", async () => {
    mockFetch({
      'GET /api/api-tokens': () => paged([]),
      'GET /api/admin/api-tokens': () => paged([]),
    });
    const { unmount } = renderPanel(true);
    expect(
      await screen.findByText(
        "Every token of your organization except super administrators'. Revoke one that someone should no longer use.",
      ),
    ).toBeInTheDocument();
    unmount();
    renderPanel(true, true);
    expect(
      await screen.findByText(
        'Every token of your organization. Revoke one that someone should no longer use.',
      ),
    ).toBeInTheDocument();
  });
});
