import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useDashboardPreferences } from '../hooks/use-dashboard-preferences.ts';
import { DEFAULT_DASHBOARD_PREFERENCES, type TDashboardPreferences } from '../lib/dashboard-preferences.ts';
import { DashboardPreferencesCard } from './dashboard-preferences-card.tsx';

const RANGE = 'Maintenance range (days)';
const WINDOW = 'Turnaround window (days)';

/** The card wired to the real preferences hook (in memory), as the dashboard page uses it. */
function Harness({ onChange }: { onChange?: (preferences: TDashboardPreferences) => void }) {
  const [storage] = useState(() => {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  });
  const prefs = useDashboardPreferences(storage);
  onChange?.(prefs.preferences);
  return (
    <DashboardPreferencesCard
      preferences={prefs.preferences}
      onToggleSection={prefs.toggleSection}
      onRangeDays={prefs.setRangeDays}
      onTurnaroundDays={prefs.setTurnaroundDays}
    />
  );
}

function renderCard(preferences: Partial<TDashboardPreferences> = {}) {
  const props = {
    preferences: { ...DEFAULT_DASHBOARD_PREFERENCES, ...preferences },
    onToggleSection: vi.fn(),
    onRangeDays: vi.fn(),
    onTurnaroundDays: vi.fn(),
  };
  const view = render(<DashboardPreferencesCard {...props} />);
  return { ...props, ...view };
}

describe('DashboardPreferencesCard', () => {
  it('is a card titled "Dashboard preferences" with a checkbox per section and the two day counts', () => {
    renderCard({ sections: ['pendingTasks', 'turnaroundTicker'], rangeDays: 45, turnaroundDays: 7 });
    const card = screen.getByRole('region', { name: 'Dashboard preferences' });
    const group = within(card).getByRole('group', { name: 'Sections' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(5);
    expect(within(group).getByRole('checkbox', { name: 'Pending maintenance tasks' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Maintenance history' })).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Turnaround ticker' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Team performance' })).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'PM compliance' })).not.toBeChecked();
    for (const box of boxes) expect(box).toBeEnabled();

    const range = screen.getByRole('spinbutton', { name: RANGE });
    expect(range).toHaveValue(45);
    expect(range).toHaveAttribute('min', '1');
    expect(range).toHaveAttribute('max', '365');
    expect(range).toHaveAttribute('step', '1');
    expect(range).toHaveAttribute('inputmode', 'numeric');
    expect(range).toHaveAccessibleDescription('1 to 365 days.');
    const window = screen.getByRole('spinbutton', { name: WINDOW });
    expect(window).toHaveValue(7);
    expect(window).toHaveAttribute('max', '90');
    expect(window).toHaveAccessibleDescription('1 to 90 days.');
  });

  it('calls back with the section toggled', async () => {
    const user = userEvent.setup();
    const { onToggleSection } = renderCard();
    await user.click(screen.getByRole('checkbox', { name: 'Maintenance history' }));
    expect(onToggleSection).toHaveBeenCalledWith('maintenanceHistory');
  });

  it('disables the last checked section and says why', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    for (const name of [
      'Pending maintenance tasks',
      'Maintenance history',
      'Turnaround ticker',
      'PM compliance',
    ]) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    const last = screen.getByRole('checkbox', { name: 'Team performance' });
    expect(last).toBeChecked();
    expect(last).toBeDisabled();
    expect(last).toHaveAccessibleDescription('At least one section stays visible.');
    await user.click(last);
    expect(last).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Turnaround ticker' }));
    expect(last).toBeEnabled();
    expect(last).not.toHaveAccessibleDescription();
    expect(screen.getByRole('checkbox', { name: 'Turnaround ticker' })).toBeChecked();
  });

  it('commits a day count on blur, rounded and clamped, and shows the stored value', async () => {
    const user = userEvent.setup();
    const changes: TDashboardPreferences[] = [];
    render(<Harness onChange={(preferences) => changes.push(preferences)} />);
    const range = screen.getByRole('spinbutton', { name: RANGE });

    await user.clear(range);
    await user.type(range, '2.6');
    // Typing alone changes nothing yet (the analytics would reload on every keystroke).
    expect(changes.at(-1)?.rangeDays).toBe(30);
    await user.tab();
    expect(changes.at(-1)?.rangeDays).toBe(3);
    expect(range).toHaveValue(3);

    await user.clear(range);
    await user.type(range, '500');
    await user.tab();
    expect(changes.at(-1)?.rangeDays).toBe(365);
    expect(range).toHaveValue(365);

    // The same clamped value again: the field still shows it.
    await user.clear(range);
    await user.type(range, '999');
    await user.tab();
    expect(range).toHaveValue(365);
  });

  it('commits on Enter', async () => {
    const user = userEvent.setup();
    const changes: TDashboardPreferences[] = [];
    render(<Harness onChange={(preferences) => changes.push(preferences)} />);
    const window = screen.getByRole('spinbutton', { name: WINDOW });
    await user.clear(window);
    await user.type(window, '0{Enter}');
    expect(window).toHaveFocus();
    expect(changes.at(-1)?.turnaroundDays).toBe(1);
    expect(window).toHaveValue(1);

    await user.clear(window);
    await user.type(window, '21{Enter}');
    expect(changes.at(-1)?.turnaroundDays).toBe(21);
    expect(window).toHaveValue(21);
  });

  it('ignores an empty or non-numeric entry and shows the previous value again', async () => {
    const user = userEvent.setup();
    const changes: TDashboardPreferences[] = [];
    render(<Harness onChange={(preferences) => changes.push(preferences)} />);
    const range = screen.getByRole('spinbutton', { name: RANGE });
    const window = screen.getByRole('spinbutton', { name: WINDOW });

    await user.clear(range);
    await user.tab();
    expect(range).toHaveValue(30);
    await user.clear(window);
    await user.type(window, 'abc{Enter}');
    expect(window).toHaveValue(14);
    expect(changes.at(-1)).toMatchObject({ rangeDays: 30, turnaroundDays: 14 });
  });

  it('passes the typed text to its callback, and shows a new value given by the parent', async () => {
    const user = userEvent.setup();
    const { onRangeDays, onTurnaroundDays, rerender, preferences, onToggleSection } = renderCard();
    const range = screen.getByRole('spinbutton', { name: RANGE });
    // Going through the fields without a change calls nothing.
    await user.click(range);
    await user.tab();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(onRangeDays).not.toHaveBeenCalled();
    expect(onTurnaroundDays).not.toHaveBeenCalled();

    await user.clear(range);
    await user.type(range, '2.6');
    await user.tab();
    expect(onRangeDays).toHaveBeenCalledExactlyOnceWith('2.6');
    // The field shows the preference again (the parent did not change it here).
    expect(range).toHaveValue(30);

    rerender(
      <DashboardPreferencesCard
        preferences={{ ...preferences, rangeDays: 90, turnaroundDays: 30 }}
        onToggleSection={onToggleSection}
        onRangeDays={onRangeDays}
        onTurnaroundDays={onTurnaroundDays}
      />,
    );
    expect(range).toHaveValue(90);
    expect(screen.getByRole('spinbutton', { name: WINDOW })).toHaveValue(30);
  });
});
