import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TaskTimerButton } from './task-timer.tsx';

describe('the task timer button', () => {
  beforeEach(() => localStorage.clear());

  it('starts, shows the time while it runs, stops, and resumes with what it counted', async () => {
    localStorage.setItem('mqr.taskTimer..task-1', JSON.stringify({ startedAt: null, spentMs: 12 * 60_000 }));
    const user = userEvent.setup();
    render(
      <I18nProvider i18n={i18n}>
        <TaskTimerButton eventId="task-1" disabled={false} />
      </I18nProvider>,
    );
    const button = screen.getByRole('button', { name: 'Resume timer (0:12)' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Stop timer (0:12)' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('mqr.taskTimer..task-1')!).startedAt).toEqual(expect.any(Number));
    await user.click(screen.getByRole('button', { name: /Stop timer/ }));
    expect(screen.getByRole('button', { name: /Resume timer \(0:1[23]\)/ })).toBeInTheDocument();
  });

  it('says "Start timer" on a task never timed', () => {
    render(
      <I18nProvider i18n={i18n}>
        <TaskTimerButton eventId="task-2" disabled={false} />
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: 'Start timer' })).toBeInTheDocument();
  });
});
