import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { TMeter } from '@mqr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { CompleteTaskDialog } from './complete-task-dialog.tsx';

const ASSET = 'asset-1';
const TASK = 'task-1';

const hours: TMeter = {
  id: 'meter-1',
  assetId: ASSET,
  name: 'Engine hours',
  unit: 'h',
  lastValue: 1200,
  lastReadAt: '2026-05-01T08:00:00.000Z',
  dailyRate: 8,
  readingCount: 3,
  series: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The asset's meters as the server answers them (none unless a test gives some). */
let meters: TMeter[] = [];
let calls: ReturnType<typeof mockFetch>;
let readingAnswer: () => Response;

beforeEach(() => {
  meters = [];
  readingAnswer = () => jsonResponse({}, 500);
  calls = mockFetch({
    [`/api/assets/${ASSET}/meters`]: () => jsonResponse(meters),
    [`POST /api/meters/${hours.id}/readings`]: () => readingAnswer(),
  });
});

const open = (onComplete = vi.fn(), downFrom: string | null = null) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <CompleteTaskDialog
          assetId={ASSET}
          eventId={TASK}
          title="Belt change"
          downFrom={downFrom}
          busy={false}
          onComplete={onComplete}
          onClose={vi.fn()}
        />
      </I18nProvider>
    </QueryClientProvider>,
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
    const key = `mqr:task-timer:org-1:sam@example.com:${TASK}`;
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

  it('sends the meters’ readings typed with the task, before the completion', async () => {
    meters = [hours];
    readingAnswer = () =>
      jsonResponse(
        {
          reading: {
            id: 'r-1',
            meterId: hours.id,
            value: 1250,
            readAt: '2026-05-02T08:00:00.000Z',
            note: null,
            isReplacement: false,
            eventId: TASK,
            recordedById: null,
            recordedByName: null,
            createdAt: '2026-05-02T08:00:00.000Z',
          },
          meter: hours,
          triggered: [],
        },
        201,
      );
    const user = userEvent.setup();
    const onComplete = open();
    await user.type(await screen.findByLabelText('Engine hours (h)'), '1,250');
    await user.click(screen.getByRole('button', { name: 'Complete task' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith({}));
    const sent = calls.find((call) => call.init.method === 'POST');
    expect(JSON.parse(String(sent?.init.body))).toMatchObject({ value: 1250, eventId: TASK, confirm: false });
  });

  it('holds the completion back when a reading is refused, and says why under it', async () => {
    meters = [hours];
    readingAnswer = () =>
      jsonResponse(
        {
          code: 'UNPROCESSABLE',
          message: 'A reading cannot be lower than the last one (1,200 h).',
          fields: [{ path: 'value', message: 'A reading cannot be lower than the last one (1,200 h).' }],
        },
        422,
      );
    const user = userEvent.setup();
    const onComplete = open();
    await user.type(await screen.findByLabelText('Engine hours (h)'), '900');
    await user.click(screen.getByRole('button', { name: 'Complete task' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Engine hours (h)')).toHaveAccessibleDescription(
        expect.stringContaining('A reading cannot be lower than the last one (1,200 h).'),
      ),
    );
    expect(onComplete).not.toHaveBeenCalled();
  });
});
