import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { calendarItem } from '../calendar-fixtures.ts';
import { CalendarItem } from './calendar-item.tsx';

const show = (item: ReturnType<typeof calendarItem>, compact = false) =>
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <CalendarItem item={item} compact={compact} />
      </MemoryRouter>
    </I18nProvider>,
  );

describe('a calendar item’s priority', () => {
  it('shows a high or urgent one as a pill, and nothing for normal', () => {
    show(calendarItem({ title: 'Belt change', priority: 'high' }));
    expect(screen.getByRole('link', { name: /Belt change/ })).toHaveTextContent('High');
    show(calendarItem({ title: 'Filter', priority: 'normal' }));
    expect(screen.getByRole('link', { name: /Filter/ })).not.toHaveTextContent('Normal');
  });

  it('says it in a month’s cell, marked and in the link’s title and name', () => {
    show(calendarItem({ title: 'Leak', assetName: 'Pump 9', priority: 'urgent' }), true);
    const link = screen.getByRole('link', { name: /Leak/ });
    expect(link).toHaveAttribute('title', 'Leak · Pump 9 · Urgent · Pending');
    expect(link).toHaveAccessibleName(expect.stringContaining('Urgent'));
    expect(link).toHaveTextContent('‼');
  });
});
