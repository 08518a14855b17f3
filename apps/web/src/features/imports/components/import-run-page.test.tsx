import { i18n } from '@lingui/core';
import {
  EVENT_CSV_COLUMNS,
  IMPORT_MESSAGES,
  IMPORT_SAID,
  type TImportColumnTarget,
  type TImportRun,
} from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldDefinition } from '#web/features/fields/field-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { activateLocale } from '#web/lib/i18n.ts';
import {
  captureDownloads,
  currentUser,
  jsonResponse,
  loginResponse,
  mockFetch,
  pdfResponse,
} from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { historyRun, IMPORT_ID, importRun } from '../import-fixtures.ts';
import { IMPORT_TEXTS } from '../texts.ts';

const location = fieldDefinition({ label: 'Location', key: 'location' });
const retired = fieldDefinition({ label: 'Cost centre', key: 'cost_centre', isActive: false });
const RUN_URL = `/api/admin/imports/${IMPORT_ID}`;

type THandlers = Parameters<typeof mockFetch>[0];

/** The import's GET answers each of `runs` in turn, then keeps answering the last. */
function setup(runs: TImportRun[], extra: THandlers = {}) {
  authStore.login(loginResponse({ isAdmin: true }), 'alex@example.com');
  let served = 0;
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ isAdmin: true })),
    '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    '/api/fields': () => jsonResponse([location, retired]),
    [`GET ${RUN_URL}`]: () => {
      const run = runs[Math.min(served, runs.length - 1)];
      served += 1;
      return jsonResponse(run);
    },
    ...extra,
  });
}

function row(column: string) {
  const header = screen.getByRole('rowheader', { name: column });
  return within(header.closest('tr') as HTMLElement);
}

function problems(count: number, page = 1) {
  return Array.from({ length: count }, (_, index) => ({
    row: (page - 1) * 50 + index + 1,
    column: 'Name',
    message: `Problem ${(page - 1) * 50 + index + 1}`,
  }));
}

describe('import page', () => {
  beforeEach(() => authStore.logout());
  afterEach(() => vi.restoreAllMocks());

  it('shows how the file was read, and reads it again in another encoding and format', async () => {
    const european = importRun({
      encoding: 'windows-1252',
      numberFormat: 'comma',
      dateOrder: 'DMY',
      headers: ['Name', 'GrÃ¶ÃŸe'],
      preview: [['Pumpe', '12,5']],
      mapping: [
        { kind: 'name' },
        { kind: 'newField', label: 'GrÃ¶ÃŸe', key: 'gr_e', dataType: 'Text', isPublic: false },
      ],
    });
    const reread = importRun({
      ...european,
      encoding: 'utf-8',
      headers: ['Name', 'Größe'],
      mapping: [
        { kind: 'name' },
        { kind: 'newField', label: 'Größe', key: 'grosse', dataType: 'Text', isPublic: false },
      ],
    });
    let sent: unknown;
    setup([european, reread], {
      [`PUT ${RUN_URL}/reading`]: (_url, init) => {
        sent = JSON.parse(String(init.body));
        return jsonResponse(reread);
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Reading the file' })).toBeInTheDocument();
    expect(screen.getByLabelText('Encoding')).toHaveValue('windows-1252');
    expect(screen.getByLabelText('Numbers')).toHaveValue('comma');
    expect(screen.getByLabelText('Dates')).toHaveValue('DMY');
    const readAgain = screen.getByRole('button', { name: 'Read the file again' });
    expect(readAgain).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Encoding'), 'utf-8');
    await user.click(readAgain);
    await waitFor(() => expect(sent).toEqual({ encoding: 'utf-8', numberFormat: 'comma', dateOrder: 'DMY' }));
    expect(await screen.findByRole('rowheader', { name: 'Größe' })).toBeInTheDocument();
    expect(screen.getByLabelText('Field label')).toHaveValue('Größe');
  });

  it('shows a UTF-16 file’s encoding as told by the file, and asks no formats of plain ones', async () => {
    setup([importRun({ encoding: 'utf-16le', encodingChangeable: false })]);
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(
      await screen.findByText('Encoding: UTF-16 LE, told by the byte order mark at the start of the file.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Numbers')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read the file again' })).not.toBeInTheDocument();
  });

  it('shows the file and the proposed mapping, with sample values', async () => {
    const proposed = importRun().mapping.map(
      (target, column): TImportColumnTarget =>
        column === 3 ? { kind: 'field', fieldId: location.id } : target,
    );
    setup([importRun({ mapping: proposed })]);
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Import snipe-it.csv', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Recognised as a Snipe-IT export.')).toBeInTheDocument();
    expect(screen.getByText('3 rows, separated by commas.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Column mapping' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Column', 'Sample values', 'Import as']);
    expect(screen.getByLabelText('Import Asset Tag as')).toHaveValue('slug');
    expect(screen.getByLabelText('Import Name as')).toHaveValue('name');
    expect(screen.getByLabelText('Import Serial as')).toHaveValue('newField');
    expect(screen.getByLabelText('Import Location as')).toHaveValue(`field:${location.id}`);
    expect(screen.getByLabelText('Import Notes as')).toHaveValue('description');
    expect(
      row('Asset Tag')
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['pump-1', 'pump-2', 'boiler-3']);
    expect(
      row('Location')
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Plant A', 'Plant B']);
    // The built-in places, then active custom fields only (a field named Location among them, in
    // its group); the proposal's new field keeps its label and type.
    const options = within(screen.getByLabelText('Import Location as'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      "Don't import",
      'Name',
      'Description',
      'Slug',
      'External ID',
      'Location',
      'Parent asset',
      'Location',
      'New custom field',
    ]);
    const customFields = within(screen.getByLabelText('Import Location as')).getByRole('group', {
      name: 'Custom fields',
    });
    expect(within(customFields).getByRole('option', { name: 'Location' })).toBeInTheDocument();
    expect(row('Serial').getByLabelText('Field label')).toHaveValue('Serial');
    expect(row('Serial').getByLabelText('Type')).toHaveValue('Text');
    expect(row('Serial').getByLabelText('Key')).toHaveValue('serial');
    expect(row('Serial').getByRole('group', { name: 'New custom field for Serial' })).toBeInTheDocument();
    // Internal, as the server proposes every new field; Serial is neither personal nor financial.
    const visibility = row('Serial').getByRole('checkbox', { name: i18n._(IMPORT_TEXTS.fieldPublic) });
    expect(visibility).not.toBeChecked();
    expect(visibility).toHaveAccessibleDescription(i18n._(IMPORT_TEXTS.fieldPublicHint));
  });

  it('warns beside the visibility of a new field whose column looks personal or financial', async () => {
    const headers = ['Name', 'Checked Out To: Email', 'Purchase Cost', 'Model'];
    const newField = (label: string, key: string): TImportColumnTarget => ({
      kind: 'newField',
      label,
      key,
      dataType: 'Text',
      isPublic: false,
    });
    setup([
      importRun({
        headers,
        preview: [['Pump 1', 'pat@example.org', '2266.13', 'Grundfos']],
        rowCount: 1,
        mapping: [
          { kind: 'name' },
          newField('Checked Out To: Email', 'checked_out_to_email'),
          newField('Purchase Cost', 'purchase_cost'),
          newField('Model', 'model'),
        ],
      }),
    ]);
    renderApp(`/assets/import/${IMPORT_ID}`);
    const email = (await screen.findAllByRole('checkbox', { name: i18n._(IMPORT_TEXTS.fieldPublic) }))[0]!;
    expect(email).not.toBeChecked();
    expect(email).toHaveAccessibleDescription(
      `${i18n._(IMPORT_TEXTS.fieldPublicHint)}${i18n._(IMPORT_TEXTS.sensitiveColumn.personal)}`,
    );
    expect(
      row('Purchase Cost').getByText(i18n._(IMPORT_TEXTS.sensitiveColumn.financial)),
    ).toBeInTheDocument();
    expect(row('Model').queryByText(i18n._(IMPORT_TEXTS.sensitiveColumn.personal))).toBeNull();
    expect(row('Model').queryByText(i18n._(IMPORT_TEXTS.sensitiveColumn.financial))).toBeNull();
  });

  it('saves the mapping with a new Select field, then starts the check', async () => {
    let saved: TImportColumnTarget[] = [];
    let current = importRun();
    const calls = setup([], {
      [`GET ${RUN_URL}`]: () => jsonResponse(current),
      [`PUT ${RUN_URL}/mapping`]: (_url, init) => {
        saved = JSON.parse(String(init.body)).columns;
        current = importRun({ mapping: saved });
        return jsonResponse(current);
      },
      [`POST ${RUN_URL}/check`]: () => {
        current = { ...current, status: 'Checking' };
        return jsonResponse({ ...current, preview: [] }, 202);
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    await user.selectOptions(await screen.findByLabelText('Import Location as'), 'New custom field');
    const label = row('Location').getByLabelText('Field label');
    expect(label).toHaveValue('Location');
    await user.clear(label);
    await user.type(label, 'Plant / Site');
    await user.selectOptions(row('Location').getByLabelText('Type'), 'Select');
    expect(row('Location').getByLabelText('Key')).toHaveValue('plant_site');
    await user.click(row('Location').getByRole('checkbox', { name: i18n._(IMPORT_TEXTS.fieldPublic) }));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${RUN_URL}/check`)).toBe(true));
    expect(saved).toEqual([
      { kind: 'slug' },
      { kind: 'name' },
      { kind: 'newField', label: 'Serial', key: 'serial', dataType: 'Text', isPublic: false },
      { kind: 'newField', label: 'Plant / Site', key: 'plant_site', dataType: 'Select', isPublic: true },
      { kind: 'description' },
    ]);
    const order = calls
      .filter((c) => c.init.method === 'PUT' || c.init.method === 'POST')
      .map((c) => `${c.init.method} ${c.url.pathname}`);
    expect(order).toEqual([`PUT ${RUN_URL}/mapping`, `POST ${RUN_URL}/check`]);
    expect(await screen.findByText('Checking row 0 of 3')).toBeInTheDocument();
  });

  it('says why the check could not start when new fields would find no display order', async () => {
    const message = IMPORT_MESSAGES.noRoomForNewFields('Serial', 2_147_483_647);
    setup([importRun()], {
      [`PUT ${RUN_URL}/mapping`]: () => jsonResponse(importRun()),
      [`POST ${RUN_URL}/check`]: () => jsonResponse({ code: 'VALIDATION', message }, 400),
    });
    renderApp(`/assets/import/${IMPORT_ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(`${i18n._(IMPORT_TEXTS.checkFailed)} ${message}`)).toBeInTheDocument();
  });

  it('asks for a new field’s label without asking the server', async () => {
    const calls = setup([importRun()]);
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    await user.clear(await screen.findByLabelText('Field label'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Enter a label for the new field.')).toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'PUT')).toBe(false);
  });

  it('shows why the server refused the mapping', async () => {
    setup([importRun()], {
      [`PUT ${RUN_URL}/mapping`]: () =>
        jsonResponse({ code: 'VALIDATION', message: 'Choose the column that holds the asset name.' }, 400),
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    await user.selectOptions(await screen.findByLabelText('Import Name as'), "Don't import");
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The check could not be started. Choose the column that holds the asset name.',
    );
  });

  it('shows the progress of a check, read-only, until it ends', async () => {
    setup([
      importRun({ status: 'Checking', rowCount: 5000, rowsDone: 1000 }),
      importRun({ status: 'Checked', rowCount: 5000, rowsDone: 5000, updatedAt: '2026-11-23T10:05:00.000Z' }),
    ]);
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByText('Checking row 1,000 of 5,000')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checking row 1,000 of 5,000' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    // Read-only while the check runs: no control, the targets in words.
    await screen.findByRole('table', { name: 'Column mapping' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check the file' })).not.toBeInTheDocument();
    expect(
      row('Serial').getByText('New custom field: Serial (Text, key serial, internal)'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('All 5,000 rows passed the check.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 5,000 assets' })).toBeInTheDocument();
    expect(screen.getByLabelText('Import Name as')).toHaveValue('name');
  });

  it('lists the problems 50 to a page, downloads them, and offers no import', async () => {
    const downloads = captureDownloads();
    const calls = setup([importRun({ status: 'Checked', problemCount: 120, rowsDone: 3 })], {
      [`GET ${RUN_URL}/problems`]: (url) => {
        const page = Number(url.searchParams.get('page'));
        return jsonResponse(problems(page === 3 ? 20 : 50, page));
      },
      [`GET ${RUN_URL}/problems.csv`]: () =>
        new Response('Row,Column,Problem\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="import-problems.csv"',
          },
        }),
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '120 problems found. Fix them in the file and upload it again.',
    );
    const table = await screen.findByRole('table', { name: 'Problems' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Row', 'Column', 'Problem']);
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getByText('Problem 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import / })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Problem 51')).toBeInTheDocument();
    const pages = calls.filter((c) => c.url.pathname === `${RUN_URL}/problems`).map((c) => c.url.search);
    expect(pages).toEqual(['?page=1&pageSize=50', '?page=2&pageSize=50']);
    await user.click(screen.getByRole('button', { name: 'Download problems (CSV)' }));
    await waitFor(() => expect(downloads).toEqual(['import-problems.csv']));
    const csv = calls.find((c) => c.url.pathname === `${RUN_URL}/problems.csv`);
    expect(new Headers(csv?.init.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('imports a checked file without problems', async () => {
    let current = importRun({ status: 'Checked', rowsDone: 3 });
    const calls = setup([], {
      [`GET ${RUN_URL}`]: () => jsonResponse(current),
      [`POST ${RUN_URL}/commit`]: () => {
        current = { ...current, status: 'Importing', rowsDone: 0 };
        return jsonResponse({ ...current, preview: [] }, 202);
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByText('All 3 rows passed the check.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 3 assets' }));
    expect(await screen.findByText('Importing row 0 of 3')).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `${RUN_URL}/commit`,
    ]);
    // The preview stays while the import runs.
    expect(row('Asset Tag').getByText('pump-1')).toBeInTheDocument();
  });

  it('says how an import ended', async () => {
    // A finished import keeps no rows: no preview, no sample values.
    setup([importRun({ status: 'Done', rowsDone: 3, createdCount: 2, updatedCount: 1, preview: [] })]);
    const { unmount } = renderApp(`/assets/import/${IMPORT_ID}`);
    expect(
      await screen.findByText('Import finished: 2 created, 1 updated, 0 unchanged.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View assets' })).toHaveAttribute('href', '/assets');
    const table = await screen.findByRole('table', { name: 'Column mapping' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Column', 'Import as']);
    unmount();

    setup([importRun({ status: 'Done', rowsDone: 1, createdCount: 0, updatedCount: 1, preview: [] })]);
    const updatedOnly = renderApp(`/assets/import/${IMPORT_ID}`);
    expect(
      await screen.findByText('Import finished: 0 created, 1 updated, 0 unchanged.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Print/ })).not.toBeInTheDocument();
    updatedOnly.unmount();

    const error = 'Row 7, Name: Asset name is required. Run the check again.';
    setup([importRun({ status: 'Failed', error })]);
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(error);
  });

  it('offers the labels of the assets it created, printed from the import', async () => {
    const calls = setup(
      [importRun({ status: 'Done', rowsDone: 3, createdCount: 2, updatedCount: 1, preview: [] })],
      {
        'POST /api/labels': () => pdfResponse(),
      },
    );
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    const print = await screen.findByRole('button', { name: 'Print labels for the 2 new assets' });
    await user.click(print);
    const dialog = screen.getByRole('dialog', { name: 'Print labels' });
    expect(within(dialog).getByText('2 labels on 1 sheet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByText('The PDF is downloaded.')).toBeInTheDocument();
    expect(downloads).toEqual(['labels-2026-11-26.pdf']);
    const request = calls.find((call) => call.url.pathname === '/api/labels');
    expect(JSON.parse(String(request?.init.body))).toMatchObject({
      importId: IMPORT_ID,
      layout: 'avery-l7160',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(print).toHaveFocus();
  });
});

describe('import page in the reader’s language', () => {
  beforeEach(() => authStore.logout());
  afterEach(async () => {
    vi.restoreAllMocks();
    await activateLocale('en');
  });

  it('words the problems of the check by their ids (ADR 121); one stored as a sentence shows as stored', async () => {
    setup([importRun({ status: 'Checked', problemCount: 3, rowsDone: 9 })], {
      '/api/auth/me': () => jsonResponse(currentUser({ isAdmin: true, language: 'de' })),
      [`GET ${RUN_URL}/problems`]: () =>
        jsonResponse([
          { row: 3, column: 'Slug', ...IMPORT_SAID.slugTwice(2) },
          { row: 4, column: 'Datum', ...IMPORT_SAID.momentInvalid('performedAt', 'bald', 'YMD') },
          { row: 9, column: 'Notes', message: 'A sentence stored before ids.' },
        ]),
    });
    renderApp(`/assets/import/${IMPORT_ID}`);
    const table = await screen.findByRole('table', { name: 'Probleme' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((tr) => within(tr).getAllByRole('cell').at(-1)?.textContent),
    ).toEqual([
      'Diese Kennung wird bereits in Zeile 2 der Datei verwendet.',
      '„bald“ in „Durchgeführt am“ muss ein Datum wie 2024-03-05 oder ein Datum mit Uhrzeit wie 2024-03-05T14:30:00Z sein.',
      'A sentence stored before ids.',
    ]);
  });

  it('words why an import failed, with the row’s problem it quotes; a failure stored before ids shows as stored', async () => {
    const problem = { message: 'Asset name is required.', messageId: 'asset.nameRequired' };
    const said = IMPORT_SAID.rowStopped(7, 'Name', problem);
    const german = { '/api/auth/me': () => jsonResponse(currentUser({ isAdmin: true, language: 'de' })) };
    setup([importRun({ status: 'Failed', error: said.message, errorText: said })], german);
    const { unmount } = renderApp(`/assets/import/${IMPORT_ID}`);
    // The alert may show before the German catalog is active: wait for its words, not for the alert.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Zeile 7, Name: Der Name des Objekts ist erforderlich. Führen Sie die Prüfung erneut aus.',
      ),
    );
    unmount();

    setup([importRun({ status: 'Failed', error: 'Row 7: an older sentence.', errorText: null })], german);
    renderApp(`/assets/import/${IMPORT_ID}`);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Row 7: an older sentence.'));
  });
});

describe('import page of a maintenance history file', () => {
  beforeEach(() => authStore.logout());

  const labour = fieldDefinition({ label: 'Labour cost', key: 'labour_cost', target: 'MaintenanceEvent' });

  it('offers the event targets and event fields, with the rules of a history file', async () => {
    const calls = setup([historyRun()], { '/api/fields': () => jsonResponse([labour, location]) });
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Import logbook.csv', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('3 rows of maintenance history, separated by commas.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Performed at, Started at and Completed at take a date (2024-03-05, read as 12:00 UTC) or a date and time (2024-03-05T14:30:00Z; without an offset, read as UTC).',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Import Asset as')).toHaveValue('asset');
    expect(screen.getByLabelText('Import Date as')).toHaveValue('performedAt');
    expect(screen.getByLabelText('Import Status as')).toHaveValue('status');
    const options = within(screen.getByLabelText('Import Cost as'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    // The targets are named as the columns of our history export (its asset name, due date and
    // checklist summary aside: the import reads none of them), then the organization's event fields
    // only: an asset field is no place for a column of events.
    expect(options).toEqual([
      "Don't import",
      ...EVENT_CSV_COLUMNS.filter(
        (column) => column !== 'Asset name' && column !== 'Due on' && !column.startsWith('Checklist'),
      ),
      'Labour cost',
      'New custom field',
    ]);
    const fieldsCall = calls.find((c) => c.url.pathname === '/api/fields');
    expect(fieldsCall?.url.searchParams.get('target')).toBe('MaintenanceEvent');
  });

  it('saves the event targets chosen, then imports the checked file as events', async () => {
    let saved: TImportColumnTarget[] = [];
    let current = historyRun();
    setup([], {
      '/api/fields': () => jsonResponse([labour]),
      [`GET ${RUN_URL}`]: () => jsonResponse(current),
      [`PUT ${RUN_URL}/mapping`]: (_url, init) => {
        saved = JSON.parse(String(init.body)).columns;
        current = historyRun({ mapping: saved });
        return jsonResponse(current);
      },
      [`POST ${RUN_URL}/check`]: () => {
        current = { ...current, status: 'Checked', rowsDone: 3 };
        return jsonResponse({ ...current, preview: [] }, 202);
      },
      [`POST ${RUN_URL}/commit`]: () => {
        current = { ...current, status: 'Done', createdCount: 2, rowsDone: 3, skippedCount: 1 };
        return jsonResponse({ ...current, preview: [] }, 202);
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    await user.selectOptions(await screen.findByLabelText('Import Cost as'), 'Labour cost');
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('All 3 rows passed the check.')).toBeInTheDocument();
    expect(saved).toEqual([
      { kind: 'asset' },
      { kind: 'title' },
      { kind: 'performedAt' },
      { kind: 'status' },
      { kind: 'field', fieldId: labour.id },
    ]);
    expect(
      screen.getByText(
        'Each row adds a past event to its asset; an event the asset already has (same title and performed at) is skipped, so a file imported twice adds its events once.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 3 events' }));
    expect(
      await screen.findByText('Import finished: 2 events added, 1 skipped as already recorded.'),
    ).toBeInTheDocument();
    expect(row('Date').getByText('Performed at')).toBeInTheDocument();
    // A history file creates events, no assets: there are no labels to print.
    expect(screen.queryByRole('button', { name: /^Print/ })).not.toBeInTheDocument();
  });
});

describe('import page keyboard focus', () => {
  beforeEach(() => authStore.logout());

  const heading = (name: string) => screen.getByRole('heading', { level: 2, name });

  it('opens on the columns after an upload, then moves to the result after the check and the import', async () => {
    let current = importRun();
    setup([], {
      [`GET ${RUN_URL}`]: () => jsonResponse(current),
      [`PUT ${RUN_URL}/mapping`]: () => jsonResponse(current),
      [`POST ${RUN_URL}/check`]: () => {
        current = importRun({ status: 'Checked', rowsDone: 3 });
        return jsonResponse({ ...importRun({ status: 'Checking' }), preview: [] }, 202);
      },
      [`POST ${RUN_URL}/commit`]: () => {
        current = importRun({ status: 'Done', rowsDone: 3, createdCount: 3 });
        return jsonResponse(importRun({ status: 'Importing', rowsDone: 0 }), 202);
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/import/${IMPORT_ID}`);
    await waitFor(() => expect(heading(i18n._(IMPORT_TEXTS.mappingHeading))).toHaveFocus());

    await user.click(await screen.findByRole('button', { name: 'Check the file' }));
    await waitFor(() => expect(heading(i18n._(IMPORT_TEXTS.resultHeading))).toHaveFocus(), { timeout: 3000 });
    expect(screen.getByText('All 3 rows passed the check.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 3 assets' }));
    expect(
      await screen.findByText('Import finished: 3 created, 0 updated, 0 unchanged.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(heading(i18n._(IMPORT_TEXTS.resultHeading))).toHaveFocus();
  });

  it('leaves focus alone when the page opens on an import checked earlier', async () => {
    setup([importRun({ status: 'Checked', rowsDone: 3 }), importRun()]);
    renderApp(`/assets/import/${IMPORT_ID}`);
    expect(await screen.findByText('All 3 rows passed the check.')).toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
  });
});
