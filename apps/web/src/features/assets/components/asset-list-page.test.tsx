import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { ASSET_ID, asset, ORG_ID } from '../asset-fixtures.ts';

type THandler = (url: URL) => Response | Promise<Response>;

function setup(list: THandler) {
  authStore.login(loginResponse({ organizationId: ORG_ID }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG_ID })),
    '/api/auth/organization': () => jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null }),
    '/api/assets': list,
  });
}

function page(items: ReturnType<typeof asset>[], total = items.length, pageNo = 1) {
  const summaries = items.map(({ publicUrl, updatedAt, fields, events, files, ...summary }) => summary);
  return jsonResponse(summaries, 200, {
    'X-Total-Count': String(total),
    'X-Page': String(pageNo),
    'X-Page-Size': '50',
  });
}

describe('asset list', () => {
  beforeEach(() => authStore.logout());

  it('shows the loading state, then the table with Open and QR actions', async () => {
    let release: (response: Response) => void = () => {};
    setup(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    renderApp('/assets');
    expect(await screen.findByRole('heading', { name: 'Assets', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Loading assets...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create asset' })).toHaveAttribute('href', '/assets/new');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    release(page([asset()]));
    const table = await screen.findByRole('table', { name: 'Assets' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Slug', 'Created', 'Actions']);
    expect(within(table).getByText('Boiler 3')).toBeInTheDocument();
    expect(within(table).getByText('boiler-3-x7k2')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Open Boiler 3' })).toHaveAttribute(
      'href',
      `/assets/${ASSET_ID}`,
    );
    expect(within(table).getByRole('button', { name: 'QR code for Boiler 3' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says when no asset exists yet', async () => {
    setup(() => page([]));
    renderApp('/assets');
    expect(await screen.findByText('No assets have been created yet.')).toBeInTheDocument();
  });

  it('searches on the server after a pause, and says when nothing matches', async () => {
    const calls = setup((url) => (url.searchParams.get('search') ? page([]) : page([asset()])));
    const user = userEvent.setup();
    renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    const box = screen.getByLabelText('Search by name or slug');
    expect(box).toHaveAttribute('placeholder', 'Search by name or slug');
    await user.type(box, 'pump');
    expect(await screen.findByText('No assets match your search.')).toBeInTheDocument();
    const searches = calls
      .filter((c) => c.url.pathname === '/api/assets')
      .map((c) => c.url.searchParams.get('search'));
    // Debounced: one request for the whole word, none per keystroke.
    expect(searches).toEqual([null, 'pump']);
  });

  it('pages with Previous/Next when the total exceeds the page size', async () => {
    const calls = setup((url) =>
      page(
        [asset({ name: `Asset p${url.searchParams.get('page')}` })],
        120,
        Number(url.searchParams.get('page')),
      ),
    );
    const user = userEvent.setup();
    renderApp('/assets');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await screen.findByText('Asset p2')).toBeInTheDocument();
    const last = calls.filter((c) => c.url.pathname === '/api/assets').at(-1);
    expect(last?.url.searchParams.get('page')).toBe('2');
    expect(last?.url.searchParams.get('pageSize')).toBe('50');
  });

  it('explains a load failure', async () => {
    setup(() => jsonResponse({ code: 'FORBIDDEN', message: 'no' }, 403));
    renderApp('/assets');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Unable to load assets. Ensure the API is reachable.',
      ),
    );
  });
});
