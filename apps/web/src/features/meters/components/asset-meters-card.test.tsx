import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { TMeter } from '@mqr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '#web/test/fixtures.ts';
import { AssetMetersCard } from './asset-meters-card.tsx';

const ASSET = 'asset-1';
const hours: TMeter = {
  id: 'meter-1',
  assetId: ASSET,
  name: 'Engine hours',
  unit: 'h',
  lastValue: 1200,
  lastReadAt: '2026-05-01T08:00:00.000Z',
  dailyRate: 8,
  readingCount: 2,
  series: [
    { readAt: '2026-04-01T08:00:00.000Z', value: 960, isReplacement: false },
    { readAt: '2026-05-01T08:00:00.000Z', value: 1200, isReplacement: false },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const reading = (value: number) => ({
  id: 'r-1',
  meterId: hours.id,
  value,
  readAt: '2026-05-02T08:00:00.000Z',
  note: null,
  isReplacement: false,
  eventId: null,
  recordedById: null,
  recordedByName: null,
  createdAt: '2026-05-02T08:00:00.000Z',
});

let sent: Record<string, unknown>[];
let calls: ReturnType<typeof mockFetch>;

beforeEach(() => {
  sent = [];
  calls = mockFetch({
    [`/api/assets/${ASSET}/meters`]: () => jsonResponse([hours]),
    [`POST /api/meters/${hours.id}/readings`]: (_url, init) => {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      if (body.value < 1200) {
        const message = 'A reading cannot be lower than the last one (1,200 h).';
        return jsonResponse({ code: 'UNPROCESSABLE', message, fields: [{ path: 'value', message }] }, 422);
      }
      if (body.value > 5000 && !body.confirm) {
        const message =
          'This reading adds 3,800 h in 1 day, far more than the usual 8 h a day. Check it, then confirm it.';
        return jsonResponse({ code: 'CONFIRM_REQUIRED', message, fields: [{ path: 'value', message }] }, 409);
      }
      return jsonResponse(
        {
          reading: reading(body.value),
          meter: { ...hours, lastValue: body.value },
          triggered: [{ scheduleId: 's-1', title: 'Oil change', taskId: 't-1', dueOn: '2026-05-02' }],
        },
        201,
      );
    },
  });
});

function renderCard(onChanged = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <AssetMetersCard assetId={ASSET} canManage={false} canRead onChanged={onChanged} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return onChanged;
}

describe('the asset page’s meters', () => {
  it('shows each meter’s last reading, daily use and a chart named by what it shows', async () => {
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Engine hours' })).toBeInTheDocument();
    expect(screen.getAllByText('1,200 h')).not.toHaveLength(0);
    expect(screen.getByText('About 8 h a day')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /Engine hours: the last 2 readings, from 960 h on .* to 1,200 h on/ }),
    ).toBeInTheDocument();
    // A member adds readings, but no meter.
    expect(screen.queryByRole('button', { name: 'Add meter' })).not.toBeInTheDocument();
  });

  it('puts a refused reading’s reason under its value, and says what a saved one made due', async () => {
    const user = userEvent.setup();
    const onChanged = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Add reading' }));
    const dialog = screen.getByRole('dialog', { name: 'New reading of Engine hours' });
    const value = within(dialog).getByLabelText('Reading (h)');
    await user.type(value, '1100');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() =>
      expect(value).toHaveAccessibleDescription(expect.stringContaining('cannot be lower than the last one')),
    );
    await user.clear(value);
    await user.type(value, '1250');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Reading of 1,250 h saved. Due now by use: Oil change.',
    );
    expect(onChanged).toHaveBeenCalled();
  });

  it('asks to confirm an unusual jump, and sends it confirmed', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Add reading' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reading (h)'), '5000.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Is this reading right\?.*far more than the usual/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, save it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.map((body) => [body.value, body.confirm])).toEqual([
      [5000.5, false],
      [5000.5, true],
    ]);
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(2);
  });
});
