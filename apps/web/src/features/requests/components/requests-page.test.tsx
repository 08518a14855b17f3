import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingTask, tasksPage } from '#web/features/events/task-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch, organization } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { REQUEST_ASSET, requestDetail, requestItem } from '../request-fixtures.ts';

type THandlers = Parameters<typeof mockFetch>[0];

function setup(handlers: THandlers, options: { isAdmin?: boolean; triageRole?: 'member' | 'admin' } = {}) {
  authStore.login(loginResponse({ isAdmin: options.isAdmin ?? false }), 'alex@example.com');
  return mockFetch({
    'GET /api/auth/me': () => jsonResponse(currentUser({ isAdmin: options.isAdmin ?? false })),
    '/api/auth/organization': () =>
      jsonResponse(organization({ requestTriageRole: options.triageRole ?? 'member' })),
    '/api/requests/waiting-count': () => jsonResponse({ count: 2, unsafe: 1 }),
    ...handlers,
  });
}

const listQueries = (calls: { url: URL }[]) =>
  calls
    .filter((call) => call.url.pathname === '/api/requests')
    .map((call) => Object.fromEntries(call.url.searchParams));

describe('the requests screen', () => {
  beforeEach(() => authStore.logout());

  it('shows the first photo of a request as a thumbnail, fetched signed in, none without photos', async () => {
    const realCreate = URL.createObjectURL;
    URL.createObjectURL = vi.fn(() => 'blob:thumbnail');
    URL.revokeObjectURL = vi.fn();
    try {
      const calls = setup({
        '/api/requests': () =>
          jsonResponse({
            items: [
              requestItem({ id: 'req-p', description: 'Leak', photoCount: 2, firstPhotoId: 'ph-1' }),
              requestItem({ id: 'req-n', description: 'Noise' }),
            ],
            nextCursor: null,
          }),
        '/api/requests/req-p/photos/ph-1': () => new Response(new Blob(['png']), { status: 200 }),
      });
      renderApp('/requests');
      const table = await screen.findByRole('table', { name: 'Requests' });
      const [withPhoto, without] = within(table).getAllByRole('row').slice(1);
      await waitFor(() => expect(withPhoto!.querySelector('img')).toHaveAttribute('src', 'blob:thumbnail'));
      expect(without!.querySelector('img')).toBeNull();
      const photoCall = calls.find((call) => call.url.pathname === '/api/requests/req-p/photos/ph-1');
      expect(new Headers(photoCall!.init?.headers).get('authorization')).toMatch(/^Bearer /);
    } finally {
      URL.createObjectURL = realCreate;
    }
  });

  it('lists the new requests, unsafe flagged, with asset, urgency, photos, me too and age; the navigation counts them in red', async () => {
    const calls = setup({
      '/api/requests': () =>
        jsonResponse({
          items: [
            requestItem({
              id: 'req-u',
              urgency: 'unsafe',
              description: 'Sparks from the socket',
              photoCount: 2,
              meTooCount: 3,
            }),
            requestItem({ id: 'req-s' }),
          ],
          nextCursor: null,
        }),
    });
    renderApp('/requests');
    const table = await screen.findByRole('table', { name: 'Requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('It is unsafe')).toHaveAttribute('data-urgency', 'unsafe');
    expect(within(rows[0]!).getByRole('link', { name: 'Sparks from the socket' })).toHaveAttribute(
      'href',
      '/requests/req-u',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Boiler 3' })).toHaveAttribute(
      'href',
      `/assets/${REQUEST_ASSET.id}`,
    );
    expect(within(rows[0]!).getByText('2 photos')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+3')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('3 hours ago')).toBeInTheDocument();
    expect(listQueries(calls)[0]).toMatchObject({ state: 'new', limit: '25' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: /Requests/ });
    // The count is read with its meaning, not as a bare number.
    expect(link).toHaveAccessibleName(/^Requests ?\(2 waiting, 1 unsafe\)$/);
    expect(link.querySelector('[data-unsafe="true"]')).not.toBeNull();
  });

  it('filters by state, urgency and search, and pages on with the cursor', async () => {
    const calls = setup({
      '/api/requests': (url) =>
        jsonResponse(
          url.searchParams.get('cursor') === 'c2'
            ? { items: [requestItem({ id: 'req-older', description: 'Older one' })], nextCursor: null }
            : { items: [requestItem()], nextCursor: 'c2' },
        ),
    });
    renderApp('/requests');
    await screen.findByRole('table', { name: 'Requests' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'open');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Urgency' }), 'unsafe');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'noise');
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toMatchObject({ state: 'open', urgency: 'unsafe', q: 'noise' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Older one' })).toBeInTheDocument();
    expect(listQueries(calls).at(-1)).toMatchObject({ cursor: 'c2', state: 'open' });
  });

  it('says when nothing waits', async () => {
    setup({ '/api/requests': () => jsonResponse({ items: [], nextCursor: null }) });
    renderApp('/requests');
    expect(
      await screen.findByText('No requests are waiting. Reports made from the QR codes appear here.'),
    ).toBeInTheDocument();
  });
});

describe('a request and its triage', () => {
  beforeEach(() => authStore.logout());

  it('accepts it into a task with an assignee and a due date, in a dialog', async () => {
    let accepted: { body: unknown; key: string | null } | null = null;
    setup({
      '/api/requests/req-1': () =>
        jsonResponse(
          requestDetail({
            reporterName: 'Kim',
            hasEmail: true,
            photos: [{ id: 'p1', url: '/api/requests/req-1/photos/p1' }],
          }),
        ),
      '/api/requests/req-1/photos/p1': () => new Response(new Blob(['jpeg'], { type: 'image/jpeg' })),
      '/api/users/assignable': () =>
        jsonResponse([{ id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', displayName: 'Sam Rivera' }]),
      'POST /api/requests/req-1/accept': (_url, init) => {
        accepted = {
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('Idempotency-Key'),
        };
        return jsonResponse({
          request: requestDetail({ state: 'accepted', taskId: 'task-9' }),
          taskId: 'task-9',
        });
      },
    });
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    renderApp('/requests/req-1');
    expect(await screen.findByText('The boiler makes a loud noise')).toBeInTheDocument();
    expect(screen.getByText(/Kim/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Photo 1 of the report' })).toHaveAttribute(
      'src',
      'blob:photo',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept into a new task' });
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Assignee (optional)' }),
      'Sam Rivera',
    );
    await userEvent.type(within(dialog).getByLabelText('Due date (optional)'), '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the task' }));

    expect(await screen.findByText('Accepted: a task was created.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(accepted!.body).toEqual({
      assigneeId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      dueDate: '2026-12-01',
    });
    expect(accepted!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('link', { name: 'Open the task' })).toHaveAttribute(
      'href',
      `/assets/${REQUEST_ASSET.id}`,
    );
    // Triaged: no more triage buttons.
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('merges it into one of the asset’s open tasks, searched and read a page at a time', async () => {
    let merged: unknown = null;
    const task = (n: number) =>
      pendingTask({ eventId: `ev-${n}`, title: `Check ${n}`, assetId: REQUEST_ASSET.id, dueOn: null });
    const calls = setup({
      '/api/requests/req-1': () => jsonResponse(requestDetail()),
      '/api/tasks/pending': (url) => {
        const query = Object.fromEntries(url.searchParams);
        if (query.q === 'pump') {
          return tasksPage(
            [pendingTask({ eventId: 'ev-pump', title: 'Replace the pump', dueOn: null })],
            1,
            1,
            20,
          );
        }
        const page = Number(query.page ?? 1);
        return tasksPage(
          Array.from({ length: page === 1 ? 20 : 5 }, (_, i) => task((page - 1) * 20 + i)),
          25,
          page,
          20,
        );
      },
      'POST /api/requests/req-1/merge': (_url, init) => {
        merged = JSON.parse(String(init.body));
        return jsonResponse({ request: requestDetail({ state: 'accepted', taskId: 'ev-pump' }) });
      },
    });
    renderApp('/requests/req-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Merge into a task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge into an open task' });
    const options = async () =>
      within(await within(dialog).findByRole('combobox', { name: 'Open task' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await waitFor(async () => expect(await options()).toHaveLength(20));
    await userEvent.click(within(dialog).getByRole('button', { name: 'More tasks' }));
    await waitFor(async () => expect(await options()).toHaveLength(25));
    expect(within(dialog).queryByRole('button', { name: 'More tasks' })).not.toBeInTheDocument();
    const asked = calls
      .filter((call) => call.url.pathname === '/api/tasks/pending')
      .map((call) => Object.fromEntries(call.url.searchParams));
    expect(asked[0]).toMatchObject({ assetId: REQUEST_ASSET.id, page: '1', pageSize: '20' });
    expect(asked[1]).toMatchObject({ assetId: REQUEST_ASSET.id, page: '2' });

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search the open tasks' }), 'pump');
    await waitFor(async () => expect(await options()).toEqual(['Replace the pump · Pending']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Merged into the task.')).toBeInTheDocument();
    expect(merged).toEqual({ taskId: 'ev-pump' });
  });

  it('closes it as spam, blocking the sender only when asked', async () => {
    const closes: unknown[] = [];
    setup({
      '/api/requests/req-1': () => jsonResponse(requestDetail()),
      'POST /api/requests/req-1/close': (_url, init) => {
        closes.push(JSON.parse(String(init.body)));
        return jsonResponse({ request: requestDetail({ state: 'closed', closedReason: 'spam' }) });
      },
    });
    renderApp('/requests/req-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the request' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Block this sender for 30 days' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the request' }));
    expect(await screen.findByText('The request was closed.')).toBeInTheDocument();
    expect(closes).toEqual([{ reason: 'spam', blockSender: true }]);
    expect(screen.getByText('Closed: Spam')).toBeInTheDocument();
  });

  it('shows the server’s reason when a triage is refused, and keeps the dialog open', async () => {
    setup({
      '/api/requests/req-1': () => jsonResponse(requestDetail()),
      'POST /api/requests/req-1/close': () =>
        jsonResponse(
          { code: 'CONFLICT', message: 'This request was already triaged.', messageId: 'request.notNew' },
          409,
        ),
    });
    renderApp('/requests/req-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Unable to close the request. This request was already triaged.',
    );
  });

  it('leaves the triage to administrators where the organization says so', async () => {
    setup({ '/api/requests/req-1': () => jsonResponse(requestDetail()) }, { triageRole: 'admin' });
    renderApp('/requests/req-1');
    expect(
      await screen.findByText('Only administrators triage requests in this organization.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
