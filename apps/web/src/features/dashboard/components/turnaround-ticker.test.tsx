import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickOverallMetric } from '../lib/turnaround.ts';
import { TurnaroundTicker } from './turnaround-ticker.tsx';

const metric = (label: string, averageHours: number, sampleSize: number) => ({
  label,
  assetId: label === 'Overall' ? null : `asset-${label}`,
  averageHours,
  sampleSize,
});

const METRICS = [metric('Overall', 12.25, 3), metric('Chiller 2', 13, 2), metric('Boiler 1', 9.96, 1)];

const step = (ms = 5000) => act(() => vi.advanceTimersByTime(ms));

function expectShown(label: string, value: string, basedOn: string) {
  expect(screen.getByText(label)).toBeInTheDocument();
  expect(screen.getByText(value)).toBeInTheDocument();
  expect(screen.getByText(basedOn)).toBeInTheDocument();
}

describe('TurnaroundTicker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the first metric, its position and the overall average', () => {
    render(<TurnaroundTicker metrics={METRICS} />);
    expect(screen.getByRole('region', { name: 'Turnaround ticker' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Turnaround ticker' })).toBeInTheDocument();
    expectShown('Overall', '12.3 hrs', 'Based on 3 job(s)');
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Overall average: 12.3 hrs')).toBeInTheDocument();
    // The rotating content is not a live region (it would interrupt a screen reader every 5 s).
    expect(document.querySelector('[aria-live]')).toBeNull();
  });

  it('shows the next metric every 5 seconds, wrapping, while the overall average stays', () => {
    render(<TurnaroundTicker metrics={METRICS} />);
    step(4999);
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    step(1);
    expectShown('Chiller 2', '13.0 hrs', 'Based on 2 job(s)');
    expect(screen.queryByText('Overall')).toBeNull();
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    step();
    expectShown('Boiler 1', '10.0 hrs', 'Based on 1 job(s)');
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(screen.getByText('Overall average: 12.3 hrs')).toBeInTheDocument();
    step();
    expectShown('Overall', '12.3 hrs', 'Based on 3 job(s)');
  });

  it('stops rotating when paused and goes on when resumed', () => {
    render(<TurnaroundTicker metrics={METRICS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    step(30_000);
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    step();
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
  });

  it('shows the empty text without data, and no rotation controls', () => {
    render(<TurnaroundTicker metrics={[]} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Not enough completed maintenance to calculate turnaround.',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a single metric without position, pause button or timer', () => {
    render(<TurnaroundTicker metrics={[metric('Overall', 4, 1)]} />);
    expectShown('Overall', '4.0 hrs', 'Based on 1 job(s)');
    expect(screen.getByText('Overall average: 4.0 hrs')).toBeInTheDocument();
    expect(screen.queryByText('1 of 1')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes the overall average from the metric labelled "overall" in any case, else the first', () => {
    render(<TurnaroundTicker metrics={[metric('Chiller 2', 13, 2), metric('OVERALL', 8, 5)]} />);
    expect(screen.getByText('Overall average: 8.0 hrs')).toBeInTheDocument();
    expect(pickOverallMetric([metric('Chiller 2', 13, 2), metric('Boiler 1', 2, 1)])?.label).toBe(
      'Chiller 2',
    );
    expect(pickOverallMetric([])).toBeUndefined();
  });

  it('starts over when new data has fewer metrics', () => {
    const { rerender } = render(<TurnaroundTicker metrics={METRICS} />);
    step(10_000);
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    rerender(<TurnaroundTicker metrics={METRICS.slice(0, 2)} />);
    expectShown('Overall', '12.3 hrs', 'Based on 3 job(s)');
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
  });
});
