import { i18n } from '@lingui/core';
import type { TSampleDataStatus } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { SAMPLE_DATA_TEXTS } from '../texts.ts';

const EMPTY: TSampleDataStatus = { present: false, assets: 0, addedAt: null, organizationEmpty: true };
const PRESENT: TSampleDataStatus = {
  present: true,
  assets: 30,
  addedAt: '2026-11-28T10:00:00.000Z',
  organizationEmpty: false,
};

function setup(isAdmin: boolean, sample: () => Response, extra: Parameters<typeof mockFetch>[0] = {}) {
  authStore.login(loginResponse({ isAdmin }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ isAdmin })),
    '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    '/api/fields': () => jsonResponse([]),
    '/api/assets': () => jsonResponse([], 200, { 'X-Total-Count': '0', 'X-Page': '1', 'X-Page-Size': '50' }),
    'GET /api/admin/sample-data': sample,
    ...extra,
  });
}

describe('sample data', () => {
  beforeEach(() => authStore.logout());

  it('offers administrators of an empty organization a sample site, then says it is there', async () => {
    let status = EMPTY;
    const calls = setup(true, () => jsonResponse(status), {
      'POST /api/admin/sample-data': () => {
        status = PRESENT;
        return jsonResponse({ added: true, assets: 30, events: 75, schedules: 9, files: 2 }, 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/assets');
    expect(await screen.findByText('No assets have been created yet.')).toBeInTheDocument();
    expect(await screen.findByText(i18n._(SAMPLE_DATA_TEXTS.offer))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: i18n._(SAMPLE_DATA_TEXTS.add) }));
    expect(await screen.findByText(i18n._(SAMPLE_DATA_TEXTS.notice(30)))).toBeInTheDocument();
    expect(screen.queryByText(i18n._(SAMPLE_DATA_TEXTS.offer))).not.toBeInTheDocument();
    expect(calls.filter((call) => call.init.method === 'POST').map((call) => call.url.pathname)).toEqual([
      '/api/admin/sample-data',
    ]);
  });

  it('asks before removing the sample, then says what was removed and kept', async () => {
    let status = PRESENT;
    setup(true, () => jsonResponse(status), {
      'DELETE /api/admin/sample-data': () => {
        status = EMPTY;
        return jsonResponse({ removed: 28, kept: 2, fields: 3 });
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const notice = await screen.findByRole('region', { name: i18n._(SAMPLE_DATA_TEXTS.noticeLabel) });
    expect(notice).toHaveTextContent(i18n._(SAMPLE_DATA_TEXTS.notice(30)));
    await user.click(within(notice).getByRole('button', { name: i18n._(SAMPLE_DATA_TEXTS.remove) }));
    const dialog = await screen.findByRole('dialog', { name: i18n._(SAMPLE_DATA_TEXTS.removeTitle) });
    expect(within(dialog).getByText(i18n._(SAMPLE_DATA_TEXTS.removeText))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: i18n._(SAMPLE_DATA_TEXTS.remove) }));
    expect(await screen.findByText(i18n._(SAMPLE_DATA_TEXTS.removed(28, 2)))).toBeInTheDocument();
    expect(i18n._(SAMPLE_DATA_TEXTS.removed(28, 2))).toBe(
      'Sample data removed: 28 assets. 2 sample assets you changed were kept.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is never asked for, nor offered, for members', async () => {
    const calls = setup(false, () => jsonResponse(EMPTY));
    renderApp('/assets');
    expect(await screen.findByText('No assets have been created yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: i18n._(SAMPLE_DATA_TEXTS.add) })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/admin/sample-data')).toBe(false);
  });
});
