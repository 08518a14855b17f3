import { i18n, type MessageDescriptor } from '@lingui/core';
import { HEAVY_WORK_MESSAGES, LABEL_MESSAGES, type TLabelSource } from '@mqr/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldDefinition } from '#web/features/fields/field-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { captureDownloads, jsonResponse, loginResponse, mockFetch, pdfResponse } from '#web/test/fixtures.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { LABEL_TEXTS } from '../texts.ts';

const t = (message: MessageDescriptor) => i18n._(message);

import { PrintLabelsDialog } from './print-labels-dialog.tsx';

const IMPORT_ID = '0193f8a0-1111-7000-8000-000000000001';
const ASSET_ID = '0193f8a0-2222-7000-8000-000000000002';
const serial = fieldDefinition({ label: 'Serial', key: 'serial' });
const retiredField = fieldDefinition({ label: 'Old code', key: 'old_code', isActive: false });
const internalField = fieldDefinition({ label: 'Holder email', key: 'holder_email', isPublic: false });

type THandlers = Parameters<typeof mockFetch>[0];

function setup(source: TLabelSource, count: number, labels: THandlers['x'] = () => pdfResponse()) {
  const calls = mockFetch({
    '/api/fields': () => jsonResponse([serial, retiredField, internalField]),
    'POST /api/labels': labels,
  });
  const onClose = vi.fn();
  renderRoutes(
    [{ path: '/', element: <PrintLabelsDialog source={source} count={count} onClose={onClose} /> }],
    '/',
  );
  const sent = () =>
    calls
      .filter((call) => call.url.pathname === '/api/labels')
      .map((call) => JSON.parse(String(call.init.body)));
  return { calls, sent, onClose };
}

describe('PrintLabelsDialog', () => {
  let downloads: string[] = [];

  beforeEach(() => {
    authStore.login(loginResponse(), 'alex@example.com');
    localStorage.clear();
    downloads = captureDownloads();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    authStore.logout();
  });

  it('downloads the labels of an import from a start position, with a custom field and the logo', async () => {
    const { calls, sent } = setup({ importId: IMPORT_ID }, 12);
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: t(LABEL_TEXTS.title) })).toBeInTheDocument();
    expect(screen.getByLabelText(t(LABEL_TEXTS.layout))).toHaveValue('avery-l7160');
    expect(screen.getByText('12 labels on 1 sheet.')).toBeInTheDocument();
    expect(screen.queryByLabelText(t(LABEL_TEXTS.part))).not.toBeInTheDocument();

    const start = screen.getByLabelText(t(LABEL_TEXTS.startPosition));
    expect(start).toHaveAccessibleDescription(t(LABEL_TEXTS.startHint(21)));
    await user.clear(start);
    await user.type(start, '14');
    expect(screen.getByText('12 labels on 2 sheets, from label 14 of the first.')).toBeInTheDocument();
    const field = screen.getByLabelText(t(LABEL_TEXTS.field));
    await waitFor(() => expect(field).toHaveTextContent('Serial'));
    expect(field).not.toHaveTextContent('Old code');
    expect(field).not.toHaveTextContent('Holder email');
    await user.selectOptions(field, serial.id);
    await user.click(screen.getByRole('checkbox', { name: t(LABEL_TEXTS.logo) }));
    await user.click(screen.getByRole('button', { name: t(LABEL_TEXTS.download) }));

    expect(await screen.findByText(t(LABEL_TEXTS.downloaded))).toBeInTheDocument();
    expect(downloads).toEqual(['labels-2026-11-26.pdf']);
    expect(sent()).toEqual([
      {
        importId: IMPORT_ID,
        layout: 'avery-l7160',
        startPosition: 14,
        fieldId: serial.id,
        includeLogo: true,
      },
    ]);
    const request = calls.find((call) => call.url.pathname === '/api/labels');
    expect(new Headers(request?.init.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('has no start position on a label printer roll, and remembers the layout for the next time', async () => {
    const { sent } = setup({ assetIds: [ASSET_ID] }, 1);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(t(LABEL_TEXTS.layout)), 'roll-62x29mm');
    expect(screen.queryByLabelText(t(LABEL_TEXTS.startPosition))).not.toBeInTheDocument();
    expect(screen.getByText('1 label, each on its own page for the label printer.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t(LABEL_TEXTS.download) }));
    await screen.findByText(t(LABEL_TEXTS.downloaded));
    expect(sent()).toEqual([
      { assetIds: [ASSET_ID], layout: 'roll-62x29mm', startPosition: 1, fieldId: null, includeLogo: false },
    ]);
    expect(localStorage.getItem('mqr.label-layout')).toBe('roll-62x29mm');
  });

  it('refuses a start position off the sheet without asking the server, and focuses it', async () => {
    const { sent } = setup({ assetIds: [ASSET_ID] }, 1);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(t(LABEL_TEXTS.layout)), 'avery-5163');
    const start = screen.getByLabelText(t(LABEL_TEXTS.startPosition));
    await user.clear(start);
    await user.type(start, '11');
    await user.click(screen.getByRole('button', { name: t(LABEL_TEXTS.download) }));
    expect(screen.getByText(LABEL_MESSAGES.startPositionRange(10))).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveFocus();
    expect(sent()).toEqual([]);
  });

  it('says "Preparing…" and cannot be closed while the PDF is made, then shows why the server refused', async () => {
    let answer: (response: Response) => void = () => {};
    const { onClose } = setup(
      { importId: IMPORT_ID },
      3,
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: t(LABEL_TEXTS.download) }));
    expect(screen.getByRole('button', { name: t(LABEL_TEXTS.preparing) })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    answer(jsonResponse({ code: 'CONFLICT', message: LABEL_MESSAGES.importRunning }, 409));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${t(LABEL_TEXTS.failed)} ${LABEL_MESSAGES.importRunning}`,
    );
    expect(downloads).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says to try again in a few seconds when the server has no turn for the sheet', async () => {
    setup({ importId: IMPORT_ID }, 3, () =>
      jsonResponse({ code: 'UNAVAILABLE', message: HEAVY_WORK_MESSAGES.serverBusy }, 503),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: t(LABEL_TEXTS.download) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${t(LABEL_TEXTS.failed)} ${HEAVY_WORK_MESSAGES.serverBusy}`,
    );
    expect(downloads).toEqual([]);
  });

  it(`prints an import of more than 5,000 assets in parts`, async () => {
    const { sent } = setup({ importId: IMPORT_ID }, 12_345);
    const user = userEvent.setup();
    const part = screen.getByLabelText(t(LABEL_TEXTS.part));
    expect(part).toHaveTextContent('1 to 5,000 of 12,345');
    expect(screen.getByText('5,000 labels on 239 sheets.')).toBeInTheDocument();
    await user.selectOptions(part, '3');
    expect(screen.getByText('2,345 labels on 112 sheets.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t(LABEL_TEXTS.download) }));
    await screen.findByText(t(LABEL_TEXTS.downloaded));
    expect(sent()).toEqual([
      {
        importId: IMPORT_ID,
        part: 3,
        layout: 'avery-l7160',
        startPosition: 1,
        fieldId: null,
        includeLogo: false,
      },
    ]);
  });

  it('starts from the layout last printed in this browser', () => {
    localStorage.setItem('mqr.label-layout', 'avery-5160');
    setup({ search: 'pump' }, 4);
    expect(screen.getByLabelText(t(LABEL_TEXTS.layout))).toHaveValue('avery-5160');
    expect(screen.getByLabelText(t(LABEL_TEXTS.startPosition))).toHaveAccessibleDescription(
      t(LABEL_TEXTS.startHint(30)),
    );
  });
});
