import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { DueBadge } from './due-badge.tsx';

describe('DueBadge', () => {
  it('says the state in words beside the date, and only the date when not due yet', () => {
    const { rerender, container } = render(<DueBadge dueOn="2026-03-01" dueState="overdue" />);
    expect(screen.getByText('Overdue')).toHaveAttribute('data-due-state', 'overdue');
    expect(screen.getByText(`Due ${formatCalendarDate('2026-03-01')}`)).toHaveAttribute(
      'datetime',
      '2026-03-01',
    );
    rerender(<DueBadge dueOn="2026-03-01" dueState="dueSoon" />);
    expect(screen.getByText('Due soon')).toBeInTheDocument();
    rerender(<DueBadge dueOn="2026-03-01" dueState="none" />);
    expect(container).toHaveTextContent(`Due ${formatCalendarDate('2026-03-01')}`);
    expect(screen.queryByText(/Overdue|Due soon|Due today/)).toBeNull();
    rerender(<DueBadge dueOn={null} dueState="none" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a due date on its own day whatever the browser’s time zone', () => {
    // 1 March at UTC midnight is still 28 February in New York: a due date must not move a day back.
    const inZone = (timeZone: string) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }).format(Date.UTC(2026, 2, 1));
    expect(inZone('America/New_York')).not.toBe(inZone('UTC'));
    expect(formatCalendarDate('2026-03-01')).toBe(inZone('UTC'));
    expect(formatCalendarDate('not a date')).toBe('');
  });
});
