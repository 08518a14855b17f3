import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { loginResponse } from '#web/test/fixtures.ts';
import { CompleteTaskDialog } from './complete-task-dialog.tsx';

const open = (onComplete = vi.fn(), downFrom: string | null = null) => {
  render(
    <I18nProvider i18n={i18n}>
      <CompleteTaskDialog
        eventId="e-belt"
        title="Belt change"
        downFrom={downFrom}
        busy={false}
        onComplete={onComplete}
        onClose={vi.fn()}
      />
    </I18nProvider>,
  );
  return onComplete;
};

describe('the completion dialog', () => {
  it('sends the time typed as h:mm, the cost lines in minor units, and nothing else', async () => {
    const user = userEvent.setup();
    const onComplete = open();
    await user.type(screen.getByLabelText('Your time spent'), '1:30');
    await user.click(screen.getByRole('button', { name: 'Add a cost line' }));
    await user.type(screen.getByLabelText('Description'), 'V-belt');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.type(screen.getByLabelText('Unit cost (EUR)'), '12,50');
    expect(screen.getByText('Total €25.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete task' }));
    expect(onComplete).toHaveBeenCalledWith({
      timeSpent: [{ minutes: 90 }],
      costs: [{ description: 'V-belt', quantity: 2, unitCostMinor: 1250 }],
    });
  });

  it('refuses a negative amount or a time it cannot read, naming the input, and sends nothing', async () => {
    const user = userEvent.setup();
    const onComplete = open();
    await user.type(screen.getByLabelText('Your time spent'), 'soon');
    await user.click(screen.getByRole('button', { name: 'Add a cost line' }));
    await user.type(screen.getByLabelText('Description'), 'Oil');
    await user.type(screen.getByLabelText('Unit cost (EUR)'), '-4');
    await user.click(screen.getByRole('button', { name: 'Complete task' }));
    expect(onComplete).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your time spent')).toHaveAccessibleDescription(
      expect.stringContaining('Enter minutes (90) or hours and minutes (1:30).'),
    );
    expect(screen.getByLabelText('Unit cost (EUR)')).toHaveAccessibleDescription(
      'Enter an amount of 0 or more.',
    );
  });

  it('shows a downtime in progress; emptied, it is cleared', async () => {
    const user = userEvent.setup();
    const onComplete = open(vi.fn(), '2026-05-01T08:00:00.000Z');
    const from = screen.getByLabelText('Down from');
    expect(from).not.toHaveValue('');
    await user.clear(from);
    await user.click(screen.getByRole('button', { name: 'Complete task' }));
    expect(onComplete).toHaveBeenCalledWith({ downFrom: null });
  });

  it('fills in the time the person’s timer of the task counted, which they may change', async () => {
    authStore.login(loginResponse({ organizationId: 'org-1' }), 'sam@example.com');
    const key = 'mqr:task-timer:org-1:sam@example.com:e-belt';
    localStorage.setItem(key, JSON.stringify({ runningSince: null, countedMs: 90 * 60_000 }));
    try {
      const user = userEvent.setup();
      const onComplete = open();
      const time = screen.getByLabelText('Your time spent');
      expect(time).toHaveValue('1:30');
      expect(time).toHaveAccessibleDescription(expect.stringContaining('From your timer'));
      await user.clear(time);
      await user.type(time, '75');
      await user.click(screen.getByRole('button', { name: 'Complete task' }));
      expect(onComplete).toHaveBeenCalledWith({ timeSpent: [{ minutes: 75 }] });
    } finally {
      localStorage.removeItem(key);
      authStore.logout();
    }
  });
});
