import { IMPORT_MESSAGES, type TImportRun } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { historyRun, IMPORT_ID, importRun } from '../import-fixtures.ts';

// Matching existing assets, what the check says it will do, undo and discard (ADRs 092, 093).
const RUN_URL = `/api/admin/imports/${IMPORT_ID}`;
type THandlers = Parameters<typeof mockFetch>[0];

function setup(handlers: THandlers) {
  authStore.login(loginResponse({ isAdmin: true }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ isAdmin: true })),
    '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    '/api/fields': () => jsonResponse([]),
    ...handlers,
  });
}

const inAWeek = () => new Date(Date.now() + 6 * 24 * 3600_000).toISOString();

describe('matching existing assets', () => {
  beforeEach(() => authStore.logout());

  it('chooses how rows match assets above the columns, and sends it with the mapping', async () => {
    let body: unknown;
    let current = importRun({
      matchBy: 'externalId',
      mapping: [{ kind: 'externalId' }, ...importRun().mapping.slice(1)],
    });
    const calls = setup({
      [`GET ${RUN_URL}`]: () => jsonResponse(current),
      [`PUT ${RUN_URL}/mapping`]: (_url, init) => {
        body = JSON.parse(String(init.body));
        return jsonResponse(current);
      },
      [`POST ${RUN_URL}/check`]: () => {
        current = { ...current, status: 'Checking' };
        return jsonResponse({ ...current, preview: [] }, 202);
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    const matchBy = await screen.findByLabelText('Match existing assets by');
    expect(matchBy).toHaveValue('externalId');
    expect(
      within(matchBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Slug', 'External ID', 'Name', 'Nothing: always create new assets']);
    expect(matchBy).toHaveAccessibleDescription(
      'A row whose external ID an asset already has (in any case) updates that asset; the other rows create assets.',
    );
    await user.selectOptions(matchBy, 'Name');
    expect(matchBy).toHaveAccessibleDescription(
      'A row whose name exactly one asset in service has (in any case) updates that asset; the other rows create assets.',
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${RUN_URL}/check`)).toBe(true));
    expect(body).toMatchObject({ matchBy: 'name' });
  });

  it('offers no matching for a history file', async () => {
    setup({ [`GET ${RUN_URL}`]: () => jsonResponse(historyRun()) });
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByRole('table', { name: 'Column mapping' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Match existing assets by')).not.toBeInTheDocument();
  });

  it('lists the locations the commit will create, and how many more there are', async () => {
    setup({
      [`GET ${RUN_URL}`]: () =>
        jsonResponse(
          importRun({
            status: 'Checked',
            rowsDone: 3,
            matchBy: 'none',
            planned: {
              create: 3,
              update: 0,
              unchanged: 0,
              newLocations: ['Plant A', 'Plant A / Building 2'],
              newLocationCount: 5,
            },
          }),
        ),
    });
    renderApp(`/assets/import/${IMPORT_ID}`);
    const list = await screen.findByRole('list', { name: '5 new locations will be created:' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Plant A', 'Plant A / Building 2']);
    expect(screen.getByText('3 more will be created too, not listed here.')).toBeInTheDocument();
    // Two listed: nothing to unfold.
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it('shows the first ten new locations, the rest of those listed behind a button', async () => {
    const listed = Array.from(
      { length: 50 },
      (_, i) => `Plant ${i} / Northern distribution centre / Room ${i}`,
    );
    setup({
      [`GET ${RUN_URL}`]: () =>
        jsonResponse(
          importRun({
            status: 'Checked',
            rowsDone: 70,
            matchBy: 'none',
            planned: { create: 70, update: 0, unchanged: 0, newLocations: listed, newLocationCount: 97 },
          }),
        ),
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    const list = await screen.findByRole('list', { name: '97 new locations will be created:' });
    const items = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items()).toEqual(listed.slice(0, 10));
    const more = screen.getByRole('button', { name: 'Show 40 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(items()).toEqual(listed);
    const fewer = screen.getByRole('button', { name: 'Show fewer' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('47 more will be created too, not listed here.')).toBeInTheDocument();
    await user.click(fewer);
    expect(items()).toHaveLength(10);
  });

  it('says what the import will do, and lists the rows that add a name already in use', async () => {
    setup({
      [`GET ${RUN_URL}`]: () =>
        jsonResponse(
          importRun({
            status: 'Checked',
            rowsDone: 3,
            matchBy: 'none',
            warningCount: 1,
            planned: { create: 3, update: 0, unchanged: 0 },
          }),
        ),
      [`GET ${RUN_URL}/warnings`]: () =>
        jsonResponse([{ row: 2, column: 'Name', message: IMPORT_MESSAGES.nameExists }]),
    });
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(
      await screen.findByText('All 3 rows passed the check: 3 create, 0 update, 0 unchanged.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Every row creates a new asset, even where an asset has the same name.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '1 row adds an asset whose name an asset in service already has. Check it, or match by name to update that asset instead.',
      ),
    ).toBeInTheDocument();
    const warnings = await screen.findByRole('table', { name: 'Warnings' });
    expect(within(warnings).getByText(IMPORT_MESSAGES.nameExists)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download problems (CSV)' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Match existing assets by')).toHaveValue('none');
  });
});

describe('undoing an import', () => {
  beforeEach(() => authStore.logout());

  const done = (overrides: Partial<TImportRun> = {}) =>
    importRun({
      status: 'Done',
      rowsDone: 3,
      createdCount: 2,
      updatedCount: 1,
      preview: [],
      undoUntil: inAWeek(),
      ...overrides,
    });

  it('asks first, saying what it deletes and puts back, then undoes the import', async () => {
    let current = done();
    const calls = setup({
      [`GET ${RUN_URL}`]: () => jsonResponse(current),
      [`GET ${RUN_URL}/undo`]: () =>
        jsonResponse({
          undoUntil: inAWeek(),
          deleteCount: 2,
          revertCount: 1,
          moveBackCount: 0,
          blocked: [],
          blockedCount: 0,
        }),
      [`POST ${RUN_URL}/undo`]: () => {
        current = { ...current, status: 'Undone', undoUntil: null, undoneAt: '2026-11-28T10:00:00.000Z' };
        return jsonResponse(current);
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByText(/^It can be undone until /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this import?' });
    expect(
      await within(dialog).findByText(
        'Undoing deletes the 2 assets the import created and puts the asset it updated back as they were. It cannot be undone itself.',
      ),
    ).toBeInTheDocument();
    // Nothing moves back: no word of moves.
    expect(within(dialog).queryByText(/go(es)? back to the location/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText(/^This import was undone on /)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `${RUN_URL}/undo`,
    ]);
  });

  it('says how many assets go back to their locations before undoing', async () => {
    let undone = false;
    const calls = setup({
      [`GET ${RUN_URL}`]: () =>
        jsonResponse(undone ? { ...done(), status: 'Undone', undoUntil: null } : done()),
      [`GET ${RUN_URL}/undo`]: () =>
        jsonResponse({
          undoUntil: inAWeek(),
          deleteCount: 0,
          revertCount: 3,
          moveBackCount: 2,
          blocked: [],
          blockedCount: 0,
        }),
      [`POST ${RUN_URL}/undo`]: () => {
        undone = true;
        return jsonResponse({
          ...done(),
          status: 'Undone',
          undoUntil: null,
          undoneAt: '2026-11-28T10:00:00.000Z',
        });
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Undo import' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this import?' });
    expect(
      await within(dialog).findByText(
        '2 of them go back to the locations they were at: their histories will show the moves.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText(/^This import was undone on /)).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `${RUN_URL}/undo`,
    ]);
  });

  it('lists the assets that changed since, and offers no undo', async () => {
    setup({
      [`GET ${RUN_URL}`]: () => jsonResponse(done()),
      [`GET ${RUN_URL}/undo`]: () =>
        jsonResponse({
          undoUntil: inAWeek(),
          deleteCount: 2,
          revertCount: 1,
          moveBackCount: 1,
          blocked: [{ id: 'a-1', name: 'Boiler 3', slug: 'boiler-3' }],
          blockedCount: 3,
        }),
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Undo import' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this import?' });
    expect(await within(dialog).findByRole('link', { name: 'Boiler 3' })).toHaveAttribute(
      'href',
      '/assets/a-1',
    );
    expect(within(dialog).getByText('and 2 more')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Undo import' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no undo once its time is over, nor for history', async () => {
    setup({ [`GET ${RUN_URL}`]: () => jsonResponse(done({ undoUntil: '2026-01-01T00:00:00.000Z' })) });
    const { unmount } = renderApp(`/assets/import/${IMPORT_ID}`);
    expect(
      await screen.findByText('Import finished: 2 created, 1 updated, 0 unchanged.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo import' })).not.toBeInTheDocument();
    unmount();
  });
});

describe('discarding an import', () => {
  beforeEach(() => authStore.logout());

  it('discards an import from the recent ones, after asking', async () => {
    let listed = [importRun({ status: 'Done', createdCount: 3, preview: [], undoUntil: inAWeek() })];
    const calls = setup({
      'GET /api/admin/imports': () => jsonResponse(listed),
      [`DELETE ${RUN_URL}`]: () => {
        listed = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/assets/import');
    const table = await screen.findByRole('table', { name: 'Imports' });
    await user.click(within(table).getByRole('button', { name: 'Discard the import snipe-it.csv' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this import?' });
    expect(
      within(dialog).getByText(
        'It leaves the list of recent imports with its stored rows and problems. The assets it brought in stay as they are. It can then no longer be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('No imports yet. Upload a CSV file to start one.')).toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'DELETE' && c.url.pathname === RUN_URL)).toBe(true);
  });

  it('offers no discard while an import runs', async () => {
    setup({
      'GET /api/admin/imports': () => jsonResponse([importRun({ status: 'Importing', preview: [] })]),
    });
    renderApp('/assets/import');
    const table = await screen.findByRole('table', { name: 'Imports' });
    expect(within(table).queryByRole('button', { name: /^Discard/ })).not.toBeInTheDocument();
  });
});
