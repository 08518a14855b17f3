import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { TWorkAnalytics } from '@mqr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { WorkSection } from './work-section.tsx';

const figures: TWorkAnalytics = {
  rangeDays: 30,
  from: '2026-10-30T00:00:00.000Z',
  to: '2026-11-29T00:00:00.000Z',
  currency: 'EUR',
  totals: { costMinor: 17_440, minutes: 195, failures: 3, downtimeMinutes: 480, mttrMinutes: 150 },
  assets: [
    {
      assetId: 'a1',
      assetName: 'Press 7',
      costMinor: 4540,
      minutes: 150,
      failures: 2,
      downtimeMinutes: 420,
      mttrMinutes: 240,
      mtbfHours: 356.5,
    },
  ],
  months: [{ month: '2026-11', costMinor: 17_440, minutes: 195 }],
  backlog: [
    { priority: 'urgent', week: 1, month: 0, quarter: 0, older: 0 },
    { priority: 'high', week: 0, month: 2, quarter: 0, older: 0 },
    { priority: 'normal', week: 0, month: 0, quarter: 0, older: 0 },
    { priority: 'low', week: 0, month: 0, quarter: 0, older: 4 },
  ],
};

describe('cost and downtime', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the totals in the currency, the costliest assets with MTTR and MTBF, and the backlog urgent first', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL) => jsonResponse(figures));
    vi.stubGlobal('fetch', fetch);
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <WorkSection rangeDays={30} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(await screen.findByText('€174.40')).toBeInTheDocument();
    expect(screen.getByText('8:00 h')).toBeInTheDocument();
    const assets = screen.getByRole('table', { name: 'Costliest assets' });
    const row = within(assets).getByRole('row', { name: /Press 7/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€45.40', '2:30 h', '2', '4:00 h', '356.5 h']);
    const backlog = screen.getByRole('table', { name: 'Open tasks by priority and age' });
    expect(
      within(backlog)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent?.match(/Urgent|High|Normal|Low/)?.[0]),
    ).toEqual(['Urgent', 'High', 'Normal', 'Low']);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/admin/dashboard/work?rangeDays=30');
  });
});
