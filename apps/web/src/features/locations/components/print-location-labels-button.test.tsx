import { i18n, type MessageDescriptor } from '@lingui/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { captureDownloads, jsonResponse, loginResponse, mockFetch, pdfResponse } from '#web/test/fixtures.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { LOCATION_TEXTS } from '../texts.ts';
import { PrintLocationLabelsButton } from './print-location-labels-button.tsx';

const t = (message: MessageDescriptor) => i18n._(message);
const SITE = { id: '0193f8a0-3333-7000-8000-000000000003', name: 'Plant A', childCount: 2 };
const ROOM = { id: '0193f8a0-4444-7000-8000-000000000004', name: 'Boiler room', childCount: 0 };

function setup(location: typeof SITE) {
  const calls = mockFetch({
    '/api/fields': () => jsonResponse([]),
    'POST /api/labels': () => pdfResponse(),
  });
  renderRoutes([{ path: '/', element: <PrintLocationLabelsButton location={location} /> }], '/');
  return () =>
    calls
      .filter((call) => call.url.pathname === '/api/labels')
      .map((call) => JSON.parse(String(call.init.body)));
}

describe('PrintLocationLabelsButton', () => {
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

  it('prints a site with every location inside it first, or the site alone, without a custom field', async () => {
    const sent = setup(SITE);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: t(LOCATION_TEXTS.printLabels) }));
    const which = screen.getByLabelText(t(LOCATION_TEXTS.labelsOf));
    expect(which).toHaveDisplayValue('Plant A and every location inside it');
    expect(screen.queryByLabelText('Custom field to print')).not.toBeInTheDocument();
    expect(
      screen.getByText('One label for the location and one for each location inside it, at most 5,000.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await screen.findByText('The PDF is downloaded.');

    await user.selectOptions(which, 'Only Plant A');
    expect(screen.getByText('1 label on 1 sheet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await screen.findByText('The PDF is downloaded.');
    const options = { layout: 'avery-l7160', startPosition: 1, fieldId: null, includeLogo: false };
    expect(sent()).toEqual([
      { locationTree: SITE.id, ...options },
      { locationIds: [SITE.id], ...options },
    ]);
    expect(downloads).toHaveLength(2);
  });

  it('prints a location without locations inside it alone, with no choice to make', async () => {
    const sent = setup(ROOM);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: t(LOCATION_TEXTS.printLabels) }));
    expect(screen.queryByLabelText(t(LOCATION_TEXTS.labelsOf))).not.toBeInTheDocument();
    expect(screen.getByText('1 label on 1 sheet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await screen.findByText('The PDF is downloaded.');
    expect(sent()).toEqual([
      { locationIds: [ROOM.id], layout: 'avery-l7160', startPosition: 1, fieldId: null, includeLogo: false },
    ]);
  });
});
