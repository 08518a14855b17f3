import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusPill } from './status-pill.tsx';

describe('StatusPill', () => {
  it('names each status in words a person reads, never by its code', () => {
    const { container } = render(
      <>
        <StatusPill status="Pending" />
        <StatusPill status="InProgress" />
        <StatusPill status="Completed" />
      </>,
    );
    expect(container).toHaveTextContent('PendingIn progressCompleted');
    expect(screen.queryByText('InProgress')).not.toBeInTheDocument();
  });
});
