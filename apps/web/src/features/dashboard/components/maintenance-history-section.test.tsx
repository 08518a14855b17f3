import type { TDashboardAnalytics } from '@mqr/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TASK_ASSET_ID } from '#web/features/events/task-fixtures.ts';
import { formatDate } from '#web/lib/dates.ts';
import { analyticsResponse, historyEvent } from '../dashboard-fixtures.ts';
import { MaintenanceHistorySection } from './maintenance-history-section.tsx';

function renderSection(overrides: Partial<TDashboardAnalytics> = {}) {
  return render(
    <MemoryRouter>
      <MaintenanceHistorySection analytics={analyticsResponse(overrides)} />
    </MemoryRouter>,
  );
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('maintenance history', () => {
  it('lists the completed jobs, newest first, under the documented columns', () => {
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Maintenance history' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Maintenance history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Asset', 'Task', 'Performed', 'Completed', 'Recorded by', 'Turnaround hrs']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellTexts(row)[1])).toEqual(['Replace filter', 'Check belts', 'Flush lines']);
    expect(cellTexts(rows[0]!)).toEqual([
      'Chiller 2chiller-2-ab12',
      'Replace filter',
      formatDate('2026-02-02T09:00:00.000Z'),
      formatDate('2026-02-03T15:00:00.000Z'),
      'Sam Rivera',
      '6.0',
    ]);
    expect(cellTexts(rows[1]!)[5]).toBe('20.8');
    // The table is in a keyboard-reachable scroll region of its own.
    const region = table.parentElement!;
    expect(region).toHaveAttribute('aria-label', 'Maintenance history');
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.parentElement).toHaveClass('tableWrap');
  });

  it('links each asset and shows its slug', () => {
    renderSection();
    const table = screen.getByRole('table', { name: 'Maintenance history' });
    const boiler = within(table).getByRole('link', { name: 'Boiler 1' });
    expect(boiler).toHaveAttribute('href', '/assets/0193f8a0-0000-7000-8000-0000000000b2');
    expect(within(boiler.closest('td')!).getByText('boiler-1-cd34')).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'Chiller 2' })[0]).toHaveAttribute(
      'href',
      `/assets/${TASK_ASSET_ID}`,
    );
  });

  it('writes N/A where a completion, a recorder or a turnaround is missing', () => {
    renderSection({
      maintenanceHistory: [
        historyEvent({ title: 'Open job', taskCompletedAt: null, recordedBy: null, turnaroundHours: null }),
      ],
    });
    const row = within(screen.getByRole('table', { name: 'Maintenance history' })).getAllByRole('row')[1]!;
    const cells = cellTexts(row);
    expect(cells[1]).toBe('Open job');
    expect(cells[2]).toBe(formatDate('2026-02-02T09:00:00.000Z'));
    expect(cells.slice(3)).toEqual(['N/A', 'N/A', 'N/A']);
  });

  it('charts the completions per day, oldest first, with decorative bars', () => {
    renderSection({
      historyBuckets: [
        { date: '2026-02-01', count: 1 },
        { date: '2026-02-02', count: 40 },
        { date: '2026-02-03', count: 20 },
      ],
    });
    const chart = screen.getByRole('list', { name: 'Completions per day' });
    const items = within(chart).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Feb 1: 1', 'Feb 2: 40', 'Feb 3: 20']);
    const widths = items.map((item) => {
      const track = item.querySelector('[aria-hidden="true"]') as HTMLElement;
      expect(track).not.toBeNull();
      return (track.firstElementChild as HTMLElement).style.width;
    });
    // 1 of 40 is 2.5%: shown at the 5% minimum; the rest are proportional.
    expect(widths).toEqual(['5%', '100%', '50%']);
  });

  it('says so when there is nothing to chart or list', () => {
    renderSection({ historyBuckets: [], maintenanceHistory: [] });
    expect(screen.getByText('Awaiting recent completions to build a trend.')).toBeInTheDocument();
    expect(screen.getByText('No maintenance completed in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Completions per day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the chart when only the table is empty, and the table when only the chart is', () => {
    const { unmount } = renderSection({ maintenanceHistory: [] });
    expect(screen.getByRole('list', { name: 'Completions per day' })).toBeInTheDocument();
    expect(screen.getByText('No maintenance completed in this period.')).toBeInTheDocument();
    unmount();
    renderSection({ historyBuckets: [] });
    expect(screen.getByText('Awaiting recent completions to build a trend.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Maintenance history' })).toBeInTheDocument();
  });
});
