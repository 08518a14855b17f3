import { IMPORT_MESSAGES } from '@mqr/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { assetListItem } from '#web/features/assets/asset-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { historyRun, IMPORT_ID, importRun } from '../import-fixtures.ts';

type THandlers = Parameters<typeof mockFetch>[0];

function setup(extra: THandlers = {}, isAdmin = true) {
  authStore.login(loginResponse({ isAdmin }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ isAdmin })),
    '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    '/api/fields': () => jsonResponse([]),
    'GET /api/admin/imports': () => jsonResponse([]),
    ...extra,
  });
}

const csvFile = () => new File(['Name\nPump 1\n'], 'assets.csv', { type: 'text/csv' });

describe('import upload page', () => {
  beforeEach(() => authStore.logout());

  it('shows the upload form with its limits, and says when there is no import yet', async () => {
    setup();
    renderApp('/assets/import');
    expect(await screen.findByRole('heading', { name: 'Import from CSV', level: 1 })).toBeInTheDocument();
    const input = screen.getByLabelText('CSV file');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.csv,.tsv,text/csv,text/tab-separated-values');
    expect(input).toHaveAccessibleDescription(
      'Text with the column names in the first row, separated by commas, semicolons or tabs: UTF-8, UTF-16 or an older encoding such as Windows-1252 or Mac Roman, found from the file. At most 50 MB, 100,000 rows, 500 columns and 10,000 characters in a cell. Exports of Snipe-IT and HomeBox are recognised.',
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(await screen.findByText('No imports yet. Upload a CSV file to start one.')).toBeInTheDocument();
  });

  it('lists the recent imports, each a link to its page', async () => {
    setup({
      'GET /api/admin/imports': () =>
        jsonResponse([
          importRun({ status: 'Done', rowCount: 1200, createdCount: 1000, updatedCount: 200, preview: [] }),
          importRun({
            id: '0193f8a0-0000-7000-8000-00000000a002',
            fileName: 'homebox.csv',
            status: 'Checked',
            problemCount: 4,
            preview: [],
          }),
          historyRun({
            id: '0193f8a0-0000-7000-8000-00000000a003',
            status: 'Done',
            rowsDone: 3,
            createdCount: 2,
            skippedCount: 1,
            preview: [],
          }),
        ]),
    });
    renderApp('/assets/import');
    const table = await screen.findByRole('table', { name: 'Imports' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['File', 'Type', 'Status', 'Rows', 'Result', 'Uploaded', 'Actions']);
    expect(within(table).getByRole('link', { name: 'snipe-it.csv' })).toHaveAttribute(
      'href',
      `/assets/import/${IMPORT_ID}`,
    );
    expect(within(table).getByText('1,200')).toBeInTheDocument();
    expect(within(table).getByText('1,000 created, 200 updated, 0 unchanged')).toBeInTheDocument();
    expect(within(table).getByText('4 problems')).toBeInTheDocument();
    const history = within(table).getByRole('link', { name: 'logbook.csv' }).closest('tr') as HTMLElement;
    expect(within(history).getByText('Maintenance history')).toBeInTheDocument();
    expect(within(history).getByText('2 added, 1 skipped')).toBeInTheDocument();
    expect(within(table).getAllByText('Assets')).toHaveLength(2);
  });

  it('uploads the chosen file and opens its import', async () => {
    const calls = setup({
      'POST /api/admin/imports': () => jsonResponse(importRun(), 201),
      [`GET /api/admin/imports/${IMPORT_ID}`]: () => jsonResponse(importRun()),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/assets/import');
    await user.upload(await screen.findByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'Import snipe-it.csv', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/assets/import/${IMPORT_ID}`);
    const post = calls.find((c) => c.init.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/imports');
    const body = post?.init.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('assets.csv');
  });

  it('asks what the file holds, and uploads a maintenance history file as such', async () => {
    const calls = setup({
      'POST /api/admin/imports': () => jsonResponse(historyRun(), 201),
      [`GET /api/admin/imports/${IMPORT_ID}`]: () => jsonResponse(historyRun()),
      '/api/fields': () => jsonResponse([]),
    });
    const user = userEvent.setup();
    renderApp('/assets/import');
    const holds = await screen.findByRole('group', { name: 'The file holds' });
    expect(within(holds).getByRole('radio', { name: 'Assets' })).toBeChecked();
    const history = within(holds).getByRole('radio', { name: 'Maintenance history' });
    expect(history).toHaveAccessibleDescription(
      'One row per past maintenance event of an asset already here, found by its slug: from a paper logbook or another tool.',
    );
    await user.click(history);
    expect(screen.getByLabelText('CSV file')).toHaveAccessibleDescription(
      /The maintenance history export of Maintenance QR is recognised\.$/,
    );
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'Import logbook.csv', level: 1 })).toBeInTheDocument();
    const post = calls.find((c) => c.init.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/imports');
    expect(post?.url.searchParams.get('kind')).toBe('events');
  });

  it('shows why the server refused the file, and stays', async () => {
    setup({
      'POST /api/admin/imports': () =>
        jsonResponse({ code: 'VALIDATION', message: IMPORT_MESSAGES.binary }, 400),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/assets/import');
    await user.upload(await screen.findByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.binary);
    expect(router.state.location.pathname).toBe('/assets/import');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('asks for a file before uploading', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp('/assets/import');
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.noFile);
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
  });

  it('is offered on the asset list to administrators only', async () => {
    const assets = () => jsonResponse([assetListItem()]);
    setup({ '/api/assets': assets });
    const { unmount } = renderApp('/assets');
    expect(await screen.findByRole('link', { name: 'Import' })).toHaveAttribute('href', '/assets/import');
    unmount();
    authStore.logout();
    setup({ '/api/assets': assets }, false);
    renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  });
});
