import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { analyticsResponse } from '../dashboard-fixtures.ts';
import { RequestCards, SummaryCards } from './summary-cards.tsx';

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

  it('shows the requests waiting, the unsafe ones in red, and the median time to triage', () => {
    render(
      <MemoryRouter>
        <RequestCards
          analytics={analyticsResponse({
            requests: { waiting: 4, waitingUnsafe: 1, reported: 9, triaged: 5, medianTriageHours: 3.25 },
          })}
        />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Requests' });
    const waiting = within(region).getByText('Requests waiting', { selector: 'dt' }).parentElement!;
    expect(within(waiting).getByText('4')).toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: '1 unsafe: open the requests' })).toHaveAttribute(
      'href',
      '/requests',
    );
    const median = within(region).getByText('Median time to triage', { selector: 'dt' }).parentElement!;
    expect(median).toHaveTextContent('3.3 hrs');
    expect(median).toHaveTextContent('5 requests triaged in 30 days');
  });
});
