import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusPill } from './status-pill.tsx';

describe('StatusPill', () => {
  it('shows the documented label of each status, each with its own tone', () => {
    render(
      <>
        <StatusPill status="Pending" />
        <StatusPill status="InProgress" />
        <StatusPill status="Completed" />
      </>,
    );
    const pending = screen.getByText('Pending');
    const inProgress = screen.getByText('In progress');
    const completed = screen.getByText('Completed');
    expect(new Set([pending.className, inProgress.className, completed.className]).size).toBe(3);
    expect(inProgress).toHaveAttribute('data-status', 'InProgress');
  });
});
