import { type TWebhookDelivery, type TWebhookEndpoint, WEBHOOK_MESSAGES } from '@mqr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { WebhooksPanel } from './webhooks-panel.tsx';

const SECRET = `whsec_${'A'.repeat(43)}=`;

function endpoint(overrides: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint {
  return {
    id: 'ep-1',
    url: 'https://erp.example.com/hooks',
    description: 'ERP',
    events: ['asset.created', 'task.completed'],
    enabled: true,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

function delivery(overrides: Partial<TWebhookDelivery> = {}): TWebhookDelivery {
  return {
    id: 'd-1',
    messageId: 'msg_0193',
    eventType: 'asset.created',
    state: 'delivered',
    attempts: 1,
    statusCode: 204,
    responseTimeMs: 42,
    lastError: null,
    lastAttemptAt: '2026-11-02T09:00:01.000Z',
    nextAttemptAt: null,
    createdAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WebhooksPanel />
    </QueryClientProvider>,
  );
}

describe('Webhooks tab', () => {
  beforeEach(() => authStore.login(loginResponse({ isAdmin: true }), 'alex@example.com'));

  it('adds an endpoint with its events, shows the secret once, and lists it', async () => {
    let endpoints: TWebhookEndpoint[] = [];
    const calls = mockFetch({
      'GET /api/admin/webhooks': () => jsonResponse(endpoints),
      'POST /api/admin/webhooks': () => {
        endpoints = [endpoint()];
        return jsonResponse({ endpoint: endpoint(), secret: SECRET }, 201);
      },
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Your organization has no webhook endpoints.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await user.click(screen.getByRole('button', { name: 'Save endpoint' }));
    expect(screen.getByText(WEBHOOK_MESSAGES.urlRequired)).toBeInTheDocument();
    expect(screen.getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Endpoint URL'), 'https://erp.example.com/hooks');
    await user.type(screen.getByLabelText('Description'), 'ERP');
    const events = screen.getByRole('group', { name: 'Events to send' });
    await user.click(within(events).getByLabelText('Task completed'));
    await user.click(within(events).getByLabelText('Asset created'));
    await user.click(screen.getByRole('button', { name: 'Save endpoint' }));

    expect(await screen.findByLabelText('Secret')).toHaveValue(SECRET);
    const post = calls.find((call) => call.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      url: 'https://erp.example.com/hooks',
      description: 'ERP',
      events: ['task.completed', 'asset.created'],
      enabled: true,
    });
    const table = await screen.findByRole('table', { name: 'Endpoints' });
    expect(within(table).getByText('Asset created, Task completed')).toBeInTheDocument();
    expect(within(table).getByText('On')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('sends a save again after a failure with the same Idempotency-Key, and a changed form with a new one', async () => {
    let posts = 0;
    const calls = mockFetch({
      'GET /api/admin/webhooks': () => jsonResponse([]),
      'POST /api/admin/webhooks': () =>
        ++posts < 3
          ? jsonResponse({ code: 'INTERNAL', message: 'Something went wrong.' }, 500)
          : jsonResponse({ endpoint: endpoint(), secret: SECRET }, 201),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://erp.example.com/hooks');
    await user.click(screen.getByLabelText('Asset created'));
    const save = async (attempt: number) => {
      await user.click(screen.getByRole('button', { name: 'Save endpoint' }));
      await waitFor(() => expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(attempt));
    };
    await save(1);
    expect(await screen.findAllByText('Unable to save the webhook endpoint.')).not.toHaveLength(0);
    await save(2);
    await user.type(screen.getByLabelText('Description'), 'ERP');
    await save(3);
    expect(await screen.findByLabelText('Secret')).toHaveValue(SECRET);
    const keys = calls
      .filter((call) => call.init.method === 'POST')
      .map((call) => new Headers(call.init.headers).get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("shows the server's reason under the URL when the address is refused", async () => {
    mockFetch({
      'GET /api/admin/webhooks': () => jsonResponse([]),
      'POST /api/admin/webhooks': () =>
        jsonResponse(
          {
            code: 'VALIDATION',
            message: WEBHOOK_MESSAGES.urlPrivate,
            fields: [{ path: 'url', message: WEBHOOK_MESSAGES.urlPrivate }],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://10.0.0.5/hooks');
    await user.click(screen.getByLabelText('Asset retired'));
    await user.click(screen.getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlPrivate)).toBeInTheDocument();
    expect(screen.getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the deliveries with status, response time and attempts, and redelivers one', async () => {
    const calls = mockFetch({
      'GET /api/admin/webhooks': () => jsonResponse([endpoint()]),
      'GET /api/admin/webhooks/ep-1/deliveries': () =>
        jsonResponse(
          [
            delivery(),
            delivery({
              id: 'd-2',
              eventType: 'task.completed',
              state: 'failed',
              attempts: 8,
              statusCode: 500,
              lastError: 'HTTP 500',
            }),
          ],
          200,
          { 'X-Total-Count': '2', 'X-Page': '1', 'X-Page-Size': '50' },
        ),
      'POST /api/admin/webhooks/ep-1/deliveries/d-2/redeliver': () =>
        jsonResponse(delivery({ id: 'd-2', state: 'pending' }), 202),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(
      await screen.findByRole('button', { name: 'Deliveries of https://erp.example.com/hooks' }),
    );
    const table = await screen.findByRole('table', { name: 'Deliveries to https://erp.example.com/hooks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('42 ms')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('HTTP 500')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('8')).toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: /^Redeliver Task completed/ }));
    expect(calls.some((call) => call.url.pathname.endsWith('/d-2/redeliver'))).toBe(true);
  });
});
