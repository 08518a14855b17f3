import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyticsResponse } from '../dashboard-fixtures.ts';
import { SummaryCards } from './summary-cards.tsx';

/** The card whose label is `label`: its label, value and caption in order. */
function card(label: string): string[] {
  const term = within(screen.getByRole('region', { name: 'Summary' })).getByText(label, { selector: 'dt' });
  return Array.from(term.parentElement!.children, (child) => child.textContent ?? '');
}

describe('summary cards', () => {
  it('shows the four figures with their captions', () => {
    render(
      <SummaryCards
        analytics={analyticsResponse({
          rangeDays: 30,
          summary: { completedEvents: 17, averageTurnaroundHours: 12.25, activeJobs: 4, activeUsers: 3 },
        })}
      />,
    );
    expect(card('Completed jobs')).toEqual(['Completed jobs', '17', 'Last 30 days']);
    expect(card('Avg. turnaround')).toEqual(['Avg. turnaround', '12.3 hrs', 'Across tracked assets']);
    expect(card('Active jobs')).toEqual(['Active jobs', '4', 'Owned by your team']);
    expect(card('Active users')).toEqual(['Active users', '3', 'With maintenance activity']);
  });

  it('follows the range and writes hours with one decimal', () => {
    render(
      <SummaryCards
        analytics={analyticsResponse({
          rangeDays: 7,
          summary: { completedEvents: 1, averageTurnaroundHours: 6, activeJobs: 0, activeUsers: 1 },
        })}
      />,
    );
    expect(screen.getByText('Last 7 days')).toBeInTheDocument();
    expect(screen.getByText('6.0')).toBeInTheDocument();
  });

  it('shows N/A without an average turnaround', () => {
    render(
      <SummaryCards
        analytics={analyticsResponse({
          summary: { completedEvents: 0, averageTurnaroundHours: null, activeJobs: 0, activeUsers: 0 },
        })}
      />,
    );
    expect(card('Avg. turnaround')).toEqual(['Avg. turnaround', 'N/A', 'Across tracked assets']);
    expect(card('Completed jobs')[1]).toBe('0');
  });
});
