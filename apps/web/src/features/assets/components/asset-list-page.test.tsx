import { i18n, type MessageDescriptor } from '@lingui/core';
import type { TAssetListItem, TFieldDefinition } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { ASSET_ID, assetListItem, ORG_ID } from '../asset-fixtures.ts';
import { LIST_TEXTS } from '../texts.ts';

const t = (message: MessageDescriptor) => i18n._(message);

type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const POWER = '0193f8a0-0000-7000-8000-0000000000f1';
const LOCATION = '0193f8a0-0000-7000-8000-0000000000f2';

function field(overrides: Partial<TFieldDefinition>): TFieldDefinition {
  return {
    id: POWER,
    target: 'Asset',
    label: 'Power',
    key: 'power',
    dataType: 'Number',
    isRequired: false,
    isActive: true,
    isPublic: true,
    maxLength: null,
    optionsJson: null,
    displayOrder: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const FIELDS = [
  field({}),
  field({
    id: LOCATION,
    label: 'Location',
    key: 'location',
    dataType: 'Select',
    optionsJson: '["Roof","Yard"]',
    displayOrder: 1,
  }),
];

function setup(list: THandler, extra: Record<string, THandler> = {}, user: { isAdmin?: boolean } = {}) {
  authStore.login(loginResponse({ organizationId: ORG_ID, ...user }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG_ID, ...user })),
    '/api/auth/organization': () => jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null }),
    '/api/fields': () => jsonResponse(FIELDS),
    '/api/assets': list,
    ...extra,
  });
}

function page(items: TAssetListItem[], total = items.length, pageNo = 1) {
  return jsonResponse(items, 200, {
    'X-Total-Count': String(total),
    'X-Page': String(pageNo),
    'X-Page-Size': '50',
  });
}

const TWO = [
  assetListItem(),
  assetListItem({ id: '0193f8a0-0000-7000-8000-0000000000a2', name: 'Chiller 7', slug: 'chiller-7-abc123' }),
];

/** The asset list requests made, as their query strings. */
const listCalls = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/assets').map((call) => call.url.searchParams);

describe('asset list', () => {
  beforeEach(() => authStore.logout());
  afterEach(() => localStorage.clear());

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
    release(page([assetListItem()]));
    const table = await screen.findByRole('table', { name: 'Assets' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    // The sorted column shows its order (newest first).
    expect(headers).toEqual(['Select', 'Name', 'Slug', 'Location', 'Created▼', 'Actions']);
    expect(within(table).getByText('Boiler 3')).toBeInTheDocument();
    expect(within(table).getByText('boiler-3-x7k2')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Open Boiler 3' })).toHaveAttribute(
      'href',
      `/assets/${ASSET_ID}`,
    );
    expect(within(table).getByRole('button', { name: 'QR code for Boiler 3' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says when no asset exists yet, and when no asset matches the filters', async () => {
    setup(() => page([]));
    renderApp('/assets');
    expect(await screen.findByText('No assets have been created yet.')).toBeInTheDocument();
  });

  it('searches on the server after a pause, and says when nothing matches', async () => {
    const calls = setup((url) => (url.searchParams.get('search') ? page([]) : page([assetListItem()])));
    const user = userEvent.setup();
    renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    const box = screen.getByLabelText('Search by name or slug');
    expect(box).toHaveAttribute('placeholder', 'Search by name or slug');
    await user.type(box, 'pump');
    expect(await screen.findByText('No assets match your search.')).toBeInTheDocument();
    // Debounced: one request for the whole word, none per keystroke.
    expect(listCalls(calls).map((params) => params.get('search'))).toEqual([null, 'pump']);
  });

  it('pages with Previous/Next when the total exceeds the page size', async () => {
    const calls = setup((url) =>
      page(
        [assetListItem({ name: `Asset p${url.searchParams.get('page')}` })],
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
    const last = listCalls(calls).at(-1);
    expect(last?.get('page')).toBe('2');
    expect(last?.get('pageSize')).toBe('50');
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

describe('asset list view', () => {
  beforeEach(() => authStore.logout());
  afterEach(() => localStorage.clear());

  it('says why the server refuses a view, and offers the plain list', async () => {
    setup((url) =>
      url.searchParams.get('filter')
        ? jsonResponse({ code: 'NOT_FOUND', message: 'Field not found.' }, 404)
        : page(TWO),
    );
    const user = userEvent.setup();
    renderApp(`/assets?filter=${POWER}:min:1`);
    expect(await screen.findByRole('alert')).toHaveTextContent(t(LIST_TEXTS.viewRefused('Field not found.')));
    await user.click(screen.getByRole('link', { name: t(LIST_TEXTS.showAll) }));
    expect(await screen.findByRole('table', { name: 'Assets' })).toBeInTheDocument();
  });

  it('reads its view from the URL: the request, the controls and the filters in words', async () => {
    const calls = setup(() => page([]));
    const { router } = renderApp(
      `/assets?status=all&sort=field:${POWER}&order=desc&openTasks=true&filter=${LOCATION}:any:Roof&filter=${POWER}:min:5`,
    );
    expect(await screen.findByText(t(LIST_TEXTS.noFilterMatch))).toBeInTheDocument();
    const params = listCalls(calls).at(-1)!;
    expect(params.get('status')).toBe('all');
    expect(params.get('sort')).toBe(`field:${POWER}`);
    expect(params.get('order')).toBe('desc');
    expect(params.get('openTasks')).toBe('true');
    expect(params.getAll('filter')).toEqual([`${LOCATION}:any:Roof`, `${POWER}:min:5`]);
    expect(screen.getByLabelText(t(LIST_TEXTS.status))).toHaveValue('all');
    await waitFor(() => expect(screen.getByLabelText(t(LIST_TEXTS.sortBy))).toHaveValue(`field:${POWER}`));
    expect(screen.getByLabelText(t(LIST_TEXTS.order))).toHaveValue('desc');
    const chips = screen.getByRole('list', { name: t(LIST_TEXTS.activeFilters) });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Location: Roof×', 'Power: at least 5×', 'With open tasks×']);
    // A chip takes its filter away, from the URL too.
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter Power: at least 5' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('min'));
    expect(listCalls(calls).at(-1)?.getAll('filter')).toEqual([`${LOCATION}:any:Roof`]);
  });

  it('sorts by a column header, then the other way round, into the URL', async () => {
    const calls = setup(() => page(TWO));
    const user = userEvent.setup();
    const { router } = renderApp('/assets');
    const table = await screen.findByRole('table', { name: 'Assets' });
    expect(within(table).getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(within(table).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&order=desc'));
    expect(listCalls(calls).at(-1)?.get('order')).toBe('desc');
  });

  it('keeps a change made while the search box waits for the typing to stop', async () => {
    setup(() => page(TWO));
    const user = userEvent.setup();
    const { router } = renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    await user.type(screen.getByLabelText('Search by name or slug'), 'boiler');
    await user.selectOptions(screen.getByLabelText(t(LIST_TEXTS.sortBy)), 'name');
    await waitFor(() => expect(router.state.location.search).toBe('?search=boiler&sort=name'));
  });

  it('filters from the panel: options ticked, a range typed, applied together', async () => {
    const calls = setup(() => page(TWO));
    const user = userEvent.setup();
    const { router } = renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    const toggle = screen.getByRole('button', { name: t(LIST_TEXTS.filters) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const panel = await screen.findByRole('form', { name: t(LIST_TEXTS.filterPanel) });
    const location = within(panel).getByRole('group', { name: 'Location' });
    await user.click(within(location).getByLabelText('Roof'));
    await user.click(within(location).getByLabelText('Yard'));
    await user.type(
      within(within(panel).getByRole('group', { name: 'Power' })).getByLabelText('Max'),
      '12.5',
    );
    await user.selectOptions(within(panel).getByLabelText(t(LIST_TEXTS.openTasks)), 'false');
    await user.click(within(panel).getByRole('button', { name: t(LIST_TEXTS.applyFilters) }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.getAll('filter')).toEqual([
        `${LOCATION}:any:Roof`,
        `${LOCATION}:any:Yard`,
        `${POWER}:max:12.5`,
      ]),
    );
    expect(listCalls(calls).at(-1)?.get('openTasks')).toBe('false');
    expect(new URLSearchParams(router.state.location.search).getAll('filter')).toHaveLength(3);
    expect(screen.getByRole('button', { name: t(LIST_TEXTS.filtersCount(3)) })).toBeInTheDocument();
    // The panel stays open, focus on Apply, its form filled from the URL.
    expect(within(panel).getByRole('button', { name: t(LIST_TEXTS.applyFilters) })).toHaveFocus();
    expect(within(location).getByLabelText('Roof')).toBeChecked();
    await user.click(within(panel).getByRole('button', { name: t(LIST_TEXTS.clearFilters) }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the custom field columns chosen, remembered in this browser', async () => {
    const calls = setup((url) =>
      page(
        url.searchParams.getAll('columns').includes(POWER)
          ? [assetListItem({ values: { [POWER]: '7.5' } })]
          : [assetListItem()],
      ),
    );
    const user = userEvent.setup();
    const first = renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByRole('button', { name: t(LIST_TEXTS.columns) }));
    const dialog = await screen.findByRole('dialog', { name: t(LIST_TEXTS.columns) });
    await user.click(within(dialog).getByLabelText('Power'));
    await user.click(within(dialog).getByLabelText(t(LIST_TEXTS.updatedColumn)));
    await user.click(within(dialog).getByRole('button', { name: t(LIST_TEXTS.done) }));
    const table = screen.getByRole('table', { name: 'Assets' });
    expect(await within(table).findByText('7.5')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Select', 'Name', 'Slug', 'Location', 'Power', 'Created▼', 'Updated', 'Actions']);
    expect(listCalls(calls).at(-1)?.getAll('columns')).toEqual([POWER]);
    first.unmount();
    renderApp('/assets');
    expect(await screen.findByText('7.5')).toBeInTheDocument();
  });
});

describe('asset list selection', () => {
  beforeEach(() => authStore.logout());
  afterEach(() => localStorage.clear());

  it('ticks rows, then every asset of the view, and sets a field value on them', async () => {
    const bodies: unknown[] = [];
    setup(() => page(TWO, 120), {
      'POST /api/assets/bulk/field-value': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ selected: 120, changed: 118 });
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets?filter=${LOCATION}:any:Roof`);
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectRow('Boiler 3'))));
    const bar = screen.getByRole('region', { name: t(LIST_TEXTS.selectionActions) });
    expect(bar).toHaveTextContent(t(LIST_TEXTS.selected(1)));
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectPage)));
    expect(bar).toHaveTextContent(t(LIST_TEXTS.selected(2)));
    expect(screen.getByText(t(LIST_TEXTS.pageSelected(2)), { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t(LIST_TEXTS.selectAllMatching('120')) }));
    expect(bar).toHaveTextContent(t(LIST_TEXTS.allMatchingSelected('120')));
    expect(screen.getByLabelText(t(LIST_TEXTS.selectRow('Chiller 7')))).toBeChecked();
    // Members have no Retire.
    expect(within(bar).queryByRole('button', { name: t(LIST_TEXTS.retire) })).not.toBeInTheDocument();
    // Labels of every asset the view shows.
    await user.click(within(bar).getByRole('button', { name: t(LIST_TEXTS.printLabels) }));
    const labels = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(labels).toHaveTextContent('120 labels on 6 sheets.');
    await user.click(within(labels).getByRole('button', { name: 'Close' }));

    await user.click(within(bar).getByRole('button', { name: t(LIST_TEXTS.setValue) }));
    const dialog = await screen.findByRole('dialog', { name: t(LIST_TEXTS.setValueTitle) });
    expect(dialog).toHaveTextContent(t(LIST_TEXTS.forAllMatching('120')));
    await user.click(within(dialog).getByRole('button', { name: t(LIST_TEXTS.apply) }));
    expect(within(dialog).getByText(t(LIST_TEXTS.fieldRequired))).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(t(LIST_TEXTS.field)), 'Power');
    await user.type(within(dialog).getByLabelText('Power'), 'ten');
    await user.click(within(dialog).getByRole('button', { name: t(LIST_TEXTS.apply) }));
    expect(within(dialog).getByText('Please provide a valid value.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Power'));
    await user.type(within(dialog).getByLabelText('Power'), '42');
    await user.click(within(dialog).getByRole('button', { name: t(LIST_TEXTS.apply) }));
    expect(await screen.findByText(t(LIST_TEXTS.setDone(118, '120')))).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        query: { status: 'active', sort: 'created', order: 'desc', filter: [`${LOCATION}:any:Roof`] },
        fieldId: POWER,
        value: '42',
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets administrators retire the ticked assets, and says what happened', async () => {
    const bodies: unknown[] = [];
    setup(
      () => page(TWO),
      {
        'POST /api/admin/assets/bulk/retire': (_url, init) => {
          bodies.push(JSON.parse(String(init.body)));
          return jsonResponse({ selected: 2, changed: 1, withOpenTasks: 1 });
        },
      },
      { isAdmin: true },
    );
    const user = userEvent.setup();
    renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectPage)));
    const bar = screen.getByRole('region', { name: t(LIST_TEXTS.selectionActions) });
    await user.click(within(bar).getByRole('button', { name: t(LIST_TEXTS.retire) }));
    const dialog = await screen.findByRole('dialog', {
      name: t(LIST_TEXTS.retireTitle({ count: 2, more: false }, '2')),
    });
    await user.click(within(dialog).getByRole('button', { name: t(LIST_TEXTS.retire) }));
    expect(await screen.findByText(t(LIST_TEXTS.retireDone(1, 1)))).toBeInTheDocument();
    expect(bodies).toEqual([{ assetIds: [ASSET_ID, TWO[1]!.id] }]);
    // The retired assets left the view: the selection is gone.
    expect(screen.queryByRole('region', { name: t(LIST_TEXTS.selectionActions) })).not.toBeInTheDocument();
  });

  it('lets administrators restore the ticked retired assets, and offers neither action in service', async () => {
    const bodies: unknown[] = [];
    setup(
      () => page(TWO),
      {
        'POST /api/admin/assets/bulk/restore': (_url, init) => {
          bodies.push(JSON.parse(String(init.body)));
          return jsonResponse({ selected: 2, changed: 2 });
        },
      },
      { isAdmin: true },
    );
    const user = userEvent.setup();
    const { unmount } = renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectPage)));
    let bar = screen.getByRole('region', { name: t(LIST_TEXTS.selectionActions) });
    expect(within(bar).queryByRole('button', { name: t(LIST_TEXTS.restore) })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: t(LIST_TEXTS.delete) })).not.toBeInTheDocument();
    unmount();

    renderApp('/assets?status=retired');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectPage)));
    bar = screen.getByRole('region', { name: t(LIST_TEXTS.selectionActions) });
    expect(within(bar).queryByRole('button', { name: t(LIST_TEXTS.retire) })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: t(LIST_TEXTS.restore) }));
    const dialog = await screen.findByRole('dialog', {
      name: t(LIST_TEXTS.restoreTitle({ count: 2, more: false }, '2')),
    });
    await user.click(within(dialog).getByRole('button', { name: t(LIST_TEXTS.restore) }));
    expect(await screen.findByText(t(LIST_TEXTS.restoreDone(2)))).toBeInTheDocument();
    expect(bodies).toEqual([{ assetIds: [ASSET_ID, TWO[1]!.id] }]);
    expect(screen.queryByRole('region', { name: t(LIST_TEXTS.selectionActions) })).not.toBeInTheDocument();
  });

  it('deletes the retired selection once its number is typed, and shows the server’s refusal', async () => {
    const bodies: unknown[] = [];
    let answer = jsonResponse(
      {
        code: 'CONFLICT',
        message: 'Only retired assets can be deleted: 1 asset of this selection is in service.',
      },
      409,
    );
    setup(
      () => page(TWO),
      {
        'POST /api/admin/assets/bulk/delete': (_url, init) => {
          bodies.push(JSON.parse(String(init.body)));
          return answer;
        },
      },
      { isAdmin: true },
    );
    const user = userEvent.setup();
    renderApp('/assets?status=retired');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectPage)));
    const bar = screen.getByRole('region', { name: t(LIST_TEXTS.selectionActions) });
    await user.click(within(bar).getByRole('button', { name: t(LIST_TEXTS.delete) }));
    const dialog = await screen.findByRole('dialog', {
      name: t(LIST_TEXTS.deleteTitle({ count: 2, more: false }, '2')),
    });
    const button = within(dialog).getByRole('button', { name: t(LIST_TEXTS.delete) });
    expect(within(dialog).getByText(t(LIST_TEXTS.deleteHint('2')))).toBeInTheDocument();
    expect(button).toBeDisabled();
    const input = within(dialog).getByLabelText(t(LIST_TEXTS.deleteLabel));
    await user.type(input, '3');
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, '2');
    await user.click(button);
    expect(await within(dialog).findByText(/1 asset of this selection is in service/)).toBeInTheDocument();
    answer = jsonResponse({ selected: 2, changed: 2 });
    await user.click(button);
    expect(await screen.findByText(t(LIST_TEXTS.deleteDone(2)))).toBeInTheDocument();
    expect(bodies).toEqual([
      { assetIds: [ASSET_ID, TWO[1]!.id], confirmCount: 2 },
      { assetIds: [ASSET_ID, TWO[1]!.id], confirmCount: 2 },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('prints the labels of every asset a view shows that is longer than it counted', async () => {
    const bodies: unknown[] = [];
    setup(
      () =>
        jsonResponse(TWO, 200, {
          'X-Total-Count': '200',
          'X-Total-Count-Capped': 'true',
          'X-Page-Size': '50',
        }),
      {
        'POST /api/labels': (_url, init) => {
          bodies.push(JSON.parse(String(init.body)));
          return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
        },
      },
    );
    URL.createObjectURL = () => 'blob:labels';
    URL.revokeObjectURL = () => {};
    const user = userEvent.setup();
    renderApp('/assets?search=pump');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectPage)));
    await user.click(screen.getByRole('button', { name: t(LIST_TEXTS.selectAllMatching('200+')) }));
    await user.click(screen.getByRole('button', { name: t(LIST_TEXTS.printLabels) }));
    const labels = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(labels).toHaveTextContent(
      'More than 200 labels: one for every asset the list shows, at most 5,000.',
    );
    await user.click(within(labels).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      query: { search: 'pump', status: 'active', sort: 'created', order: 'desc' },
    });
  });

  it('starts a new view with nothing selected', async () => {
    setup(() => page(TWO));
    const user = userEvent.setup();
    renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectRow('Boiler 3'))));
    expect(screen.getByRole('region', { name: t(LIST_TEXTS.selectionActions) })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(t(LIST_TEXTS.sortBy)), 'name');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: t(LIST_TEXTS.selectionActions) })).not.toBeInTheDocument(),
    );
  });

  it('lets administrators schedule maintenance on every asset a view shows, one schedule each', async () => {
    const bodies: unknown[] = [];
    const calls = setup(
      () => page(TWO, 20),
      {
        '/api/users/assignable': () => jsonResponse([]),
        'POST /api/admin/schedules/apply': (_url, init) => {
          bodies.push(JSON.parse(String(init.body)));
          return jsonResponse({ created: 20, scheduleIds: [], tasksCreated: 3 }, 201);
        },
      },
      { isAdmin: true },
    );
    const user = userEvent.setup();
    renderApp('/assets?search=extinguisher');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectPage)));
    await user.click(screen.getByRole('button', { name: t(LIST_TEXTS.selectAllMatching('20')) }));
    const bar = screen.getByRole('region', { name: t(LIST_TEXTS.selectionActions) });
    await user.click(within(bar).getByRole('button', { name: 'Schedule maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule maintenance' });
    expect(dialog).toHaveTextContent(t(LIST_TEXTS.forAllMatching('20')));
    await user.type(within(dialog).getByLabelText('Title'), 'Monthly inspection');
    await user.clear(within(dialog).getByLabelText('Starts on'));
    await user.type(within(dialog).getByLabelText('Starts on'), '2026-04-01');
    const listLoads = listCalls(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(
      await screen.findByText('Schedules created on 20 assets. 3 tasks already due created.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        query: { search: 'extinguisher', status: 'active', sort: 'created', order: 'desc' },
        title: 'Monthly inspection',
        notes: null,
        fields: [],
        recurrence: { pattern: 'interval', every: 1, unit: 'month' },
        usage: null,
        mode: 'fixed',
        leadDays: 0,
        assigneeId: null,
        priority: 'normal',
        startsOn: '2026-04-01',
        endsOn: null,
        checklistTemplateId: null,
      },
    ]);
    // The list reloads: its due filter and next service dates follow the new schedules.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listLoads));
  });

  it('offers members no schedule action, nor anyone on the retired list', async () => {
    setup(() => page(TWO));
    const user = userEvent.setup();
    const { unmount } = renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectPage)));
    const bar = screen.getByRole('region', { name: t(LIST_TEXTS.selectionActions) });
    expect(within(bar).queryByRole('button', { name: 'Schedule maintenance' })).not.toBeInTheDocument();
    unmount();
    authStore.logout();
    setup(() => page(TWO), {}, { isAdmin: true });
    renderApp('/assets?status=retired');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByLabelText(t(LIST_TEXTS.selectPage)));
    expect(screen.queryByRole('button', { name: 'Schedule maintenance' })).not.toBeInTheDocument();
  });
});

describe('asset list due filter', () => {
  beforeEach(() => authStore.logout());

  it('filters the overdue assets from the panel, says so in words, and removes it', async () => {
    const calls = setup(() => page(TWO));
    const user = userEvent.setup();
    const { router } = renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByRole('button', { name: t(LIST_TEXTS.filters) }));
    const panel = await screen.findByRole('form', { name: t(LIST_TEXTS.filterPanel) });
    const due = within(panel).getByLabelText(t(LIST_TEXTS.due));
    expect(due).toHaveAccessibleDescription(t(LIST_TEXTS.dueHint));
    await user.selectOptions(due, 'overdue');
    await user.click(within(panel).getByRole('button', { name: t(LIST_TEXTS.applyFilters) }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('due')).toBe('overdue'));
    expect(new URLSearchParams(router.state.location.search).get('due')).toBe('overdue');
    expect(screen.getByRole('button', { name: t(LIST_TEXTS.filtersCount(1)) })).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: t(LIST_TEXTS.activeFilters) });
    await user.click(within(chips).getByRole('button', { name: t(LIST_TEXTS.removeFilter('Overdue')) }));
    // Back to the plain list (answered from the cache).
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads "due soon" from the URL and says when nothing is due', async () => {
    const calls = setup(() => page([]));
    renderApp('/assets?due=soon');
    expect(await screen.findByText(t(LIST_TEXTS.noFilterMatch))).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.get('due')).toBe('soon');
    expect(
      screen.getByRole('button', { name: t(LIST_TEXTS.removeFilter(t(LIST_TEXTS.dueChoices.soon))) }),
    ).toBeInTheDocument();
  });
});
