import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '#web/lib/i18n.ts';
import { DueTaskCards } from './due-task-cards.tsx';

const counts = { overdue: 1234, dueNext7Days: 5, today: '2026-03-02' };

describe('the due cards', () => {
  it('write their counts and dates in English', () => {
    render(<DueTaskCards counts={counts} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: /Overdue/ })).toHaveTextContent('1,234');
    expect(screen.getByRole('link', { name: /Due in the next 7 days/ })).toHaveTextContent(
      'Mar 2, 2026 to Mar 9, 2026',
    );
  });

  it('write their words, counts and dates in German once German is active', async () => {
    await activateLocale('de');
    render(<DueTaskCards counts={counts} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('region', { name: 'Fällige Aufgaben' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Überfällig/ })).toHaveTextContent('1.234');
    expect(screen.getByRole('link', { name: /In den nächsten 7 Tagen fällig/ })).toHaveTextContent(
      '02.03.2026 bis 09.03.2026',
    );
  });
});
