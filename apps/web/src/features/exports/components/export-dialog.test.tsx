import { i18n, type MessageDescriptor } from '@lingui/core';
import { HEAVY_WORK_MESSAGES } from '@mqr/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { captureDownloads, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { EXPORT_TEXTS } from '../texts.ts';

const t = (message: MessageDescriptor) => i18n._(message);

import { ExportDialog } from './export-dialog.tsx';
import { historyRange } from './history-range.ts';

const csv = (fileName: string) =>
  new Response('\uFEFFSlug,Name\r\n', {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
    },
  });

describe('ExportDialog', () => {
  let downloads: string[] = [];

  beforeEach(() => {
    authStore.login(loginResponse(), 'alex@example.com');
    downloads = captureDownloads();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    authStore.logout();
  });

  it('downloads the assets of the list’s search with the bearer token', async () => {
    const calls = mockFetch({ '/api/exports/assets.csv': () => csv('assets-2026-11-23.csv') });
    render(<ExportDialog view={{ search: 'pump' }} onClose={() => {}} />);
    expect(screen.getByText(t(EXPORT_TEXTS.assetsSearch('pump')))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t(EXPORT_TEXTS.assetsButton) }));
    await vi.waitFor(() => expect(downloads).toEqual(['assets-2026-11-23.csv']));
    const [call] = calls;
    expect(call?.url.searchParams.get('search')).toBe('pump');
    expect(new Headers(call?.init.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('downloads the history of the chosen days, the whole of both days in local time', async () => {
    const calls = mockFetch({ '/api/exports/events.csv': () => csv('maintenance-history-2026-11-23.csv') });
    render(<ExportDialog view={{}} onClose={() => {}} />);
    expect(screen.getByText(t(EXPORT_TEXTS.assetsAll))).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03-31');
    await userEvent.click(screen.getByRole('button', { name: t(EXPORT_TEXTS.historyButton) }));
    await vi.waitFor(() => expect(downloads).toEqual(['maintenance-history-2026-11-23.csv']));
    const expected = historyRange('2026-01-01', '2026-03-31');
    expect(calls[0]?.url.searchParams.get('from')).toBe(expected?.from);
    expect(calls[0]?.url.searchParams.get('to')).toBe(expected?.to);
  });

  it('refuses a To day before the From day without asking the server', async () => {
    const calls = mockFetch({});
    render(<ExportDialog view={{}} onClose={() => {}} />);
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2000-01-01');
    await userEvent.click(screen.getByRole('button', { name: t(EXPORT_TEXTS.historyButton) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t(EXPORT_TEXTS.badRange));
    expect(calls).toEqual([]);
  });

  it('says why when the server refuses', async () => {
    mockFetch({
      '/api/exports/assets.csv': () =>
        jsonResponse({ code: 'VALIDATION', message: 'Search is too long.', fields: [] }, 400),
    });
    render(<ExportDialog view={{ search: 'x' }} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: t(EXPORT_TEXTS.assetsButton) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${t(EXPORT_TEXTS.failed)} Search is too long.`,
    );
    expect(downloads).toEqual([]);
  });

  it.each([
    ['its organization is at its share', 429, 'RATE_LIMITED', HEAVY_WORK_MESSAGES.organizationBusy],
    ['the server is busy', 503, 'UNAVAILABLE', HEAVY_WORK_MESSAGES.serverBusy],
  ])('says to try again when %s', async (_, status, code, message) => {
    mockFetch({ '/api/exports/events.csv': () => jsonResponse({ code, message }, status) });
    render(<ExportDialog view={{}} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: t(EXPORT_TEXTS.historyButton) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${t(EXPORT_TEXTS.failed)} ${message}`);
    expect(downloads).toEqual([]);
  });
  it('offers administrators the schedules, and members not', async () => {
    render(<ExportDialog view={{}} onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: t(EXPORT_TEXTS.schedulesButton) })).not.toBeInTheDocument();
  });

  it('downloads the schedules for an administrator', async () => {
    authStore.login(loginResponse({ isAdmin: true }), 'alex@example.com');
    mockFetch({ '/api/admin/schedules/export.csv': () => csv('schedules-2026-11-28.csv') });
    render(<ExportDialog view={{}} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: t(EXPORT_TEXTS.schedulesButton) }));
    await vi.waitFor(() => expect(downloads).toEqual(['schedules-2026-11-28.csv']));
  });
});

describe('historyRange', () => {
  it('spans both whole local days and refuses what is not a day', () => {
    const range = historyRange('2026-05-01', '2026-05-01');
    expect(range && Date.parse(range.to) - Date.parse(range.from)).toBe(24 * 60 * 60 * 1000 - 1);
    expect(historyRange('', '2026-05-01')).toBeUndefined();
  });
});
