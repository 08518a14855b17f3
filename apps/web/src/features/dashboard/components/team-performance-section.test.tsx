import type { TDashboardAnalytics, TUserPerformance } from '@mqr/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyticsResponse } from '../dashboard-fixtures.ts';
import { TeamPerformanceSection } from './team-performance-section.tsx';

function person(n: number, overrides: Partial<TUserPerformance> = {}): TUserPerformance {
  return {
    userId: `0193f8a0-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
    displayName: `Person ${n}`,
    email: `person${n}@example.com`,
    activeJobs: 1,
    completedJobs: 1,
    averageLeadTimeHours: 5,
    ...overrides,
  };
}

function renderSection(overrides: Partial<TDashboardAnalytics> = {}) {
  return render(<TeamPerformanceSection analytics={analyticsResponse(overrides)} />);
}

const cards = () =>
  within(screen.getByRole('list', { name: 'Active user throughput' })).getAllByRole('listitem');

function barWidth(card: HTMLElement, kind: 'completed' | 'leadTime'): string {
  const bar = card.querySelector<HTMLElement>(`[data-bar="${kind}"]`);
  expect(bar).not.toBeNull();
  expect(bar!.closest('[aria-hidden="true"]')).not.toBeNull();
  return bar!.style.width;
}

function tableRows() {
  const table = screen.getByRole('table', { name: 'Team performance' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('team performance', () => {
  it('shows the title, the active jobs subtitle and one card per person', () => {
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Active user throughput' })).toBeInTheDocument();
    expect(screen.getByText('2 active job(s) tracked')).toBeInTheDocument();
    const [sam, kim] = cards();
    expect(within(sam!).getByRole('heading', { level: 3, name: 'Sam Rivera' })).toBeInTheDocument();
    expect(within(sam!).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(sam!).getByText('2 completed')).toBeInTheDocument();
    expect(within(sam!).getByText('1 active')).toBeInTheDocument();
    expect(within(sam!).getByText('Avg lead 4.5 hrs')).toBeInTheDocument();
    expect(within(kim!).getByText('Avg lead 9.0 hrs')).toBeInTheDocument();
    expect(barWidth(sam!, 'completed')).toBe('100%');
    expect(barWidth(kim!, 'completed')).toBe('50%');
    expect(barWidth(sam!, 'leadTime')).toBe('50%');
    expect(barWidth(kim!, 'leadTime')).toBe('100%');
  });

  it('follows the summary for the subtitle', () => {
    renderSection({
      summary: { completedEvents: 0, averageTurnaroundHours: null, activeJobs: 7, activeUsers: 2 },
    });
    expect(screen.getByText('7 active job(s) tracked')).toBeInTheDocument();
  });

  it('shows cards for the first six people and lists everyone in the table', () => {
    const users = Array.from({ length: 8 }, (_, i) => person(i + 1, { completedJobs: 8 - i }));
    renderSection({ userPerformance: users });
    expect(cards()).toHaveLength(6);
    expect(cards().map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(
      users.slice(0, 6).map((user) => user.displayName),
    );
    expect(tableRows()).toHaveLength(8);
  });

  it('orders the table by completed jobs, most first, keeping ties in server order', () => {
    renderSection({
      userPerformance: [
        person(1, { completedJobs: 1, activeJobs: 3, averageLeadTimeHours: null }),
        person(2, { completedJobs: 4, activeJobs: 0, averageLeadTimeHours: 2.25 }),
        person(3, { completedJobs: 1, activeJobs: 2, averageLeadTimeHours: 10 }),
        person(4, { completedJobs: 0, activeJobs: 1, averageLeadTimeHours: null }),
      ],
    });
    const table = screen.getByRole('table', { name: 'Team performance' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User', 'Active jobs', 'Completed jobs', 'Avg lead time hrs']);
    expect(tableRows()).toEqual([
      ['Person 2person2@example.com', '0', '4', '2.3'],
      ['Person 1person1@example.com', '3', '1', 'N/A'],
      ['Person 3person3@example.com', '2', '1', '10.0'],
      ['Person 4person4@example.com', '1', '0', 'N/A'],
    ]);
    expect(cards().map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Person 2',
      'Person 1',
      'Person 3',
      'Person 4',
    ]);
  });

  it('keeps small bars visible: 8% for a completed count above 0, 6% for a lead time', () => {
    renderSection({
      userPerformance: [
        person(1, { completedJobs: 50, averageLeadTimeHours: 100 }),
        person(2, { completedJobs: 1, averageLeadTimeHours: 1 }),
        person(3, { completedJobs: 0, averageLeadTimeHours: null }),
      ],
    });
    const [first, second, third] = cards();
    expect(barWidth(first!, 'completed')).toBe('100%');
    expect(barWidth(second!, 'completed')).toBe('8%');
    expect(barWidth(third!, 'completed')).toBe('0%');
    expect(barWidth(first!, 'leadTime')).toBe('100%');
    expect(barWidth(second!, 'leadTime')).toBe('6%');
    expect(barWidth(third!, 'leadTime')).toBe('0%');
    expect(within(third!).getByText('Avg lead N/A')).toBeInTheDocument();
    expect(within(third!).getByText('0 completed')).toBeInTheDocument();
  });

  it('says so when nobody has maintenance activity', () => {
    renderSection({ userPerformance: [] });
    expect(screen.getByText('No active users with maintenance activity in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Active user throughput' })).toBeInTheDocument();
  });
});
