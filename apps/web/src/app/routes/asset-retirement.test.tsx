import { ASSET_MESSAGES, type TAsset } from '@mqr/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_ID, asset, ORG_ID } from '#web/features/assets/asset-fixtures.ts';
import { maintenanceEvent } from '#web/features/events/event-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const RETIRED_AT = '2026-03-04T10:00:00.000Z';

/** Signs in (an administrator unless `isAdmin` is false) and answers the asset as `current` holds it. */
function setup(start: TAsset, { isAdmin = true, more = {} as Record<string, () => Response> } = {}) {
  let current = start;
  authStore.login(loginResponse({ organizationId: ORG_ID, isAdmin }), 'alex@example.com');
  const calls = mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG_ID, isAdmin })),
    '/api/auth/organization': () => jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null }),
    [`/api/assets/${ASSET_ID}`]: () => jsonResponse(current),
    [`/api/assets/${ASSET_ID}/qr.png`]: () =>
      new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    [`POST /api/admin/assets/${ASSET_ID}/retire`]: () => {
      current = { ...current, retiredAt: RETIRED_AT };
      return jsonResponse(current);
    },
    [`POST /api/admin/assets/${ASSET_ID}/restore`]: () => {
      current = { ...current, retiredAt: null };
      return jsonResponse(current);
    },
    [`DELETE /api/admin/assets/${ASSET_ID}`]: () => new Response(null, { status: 204 }),
    '/api/assets': () => jsonResponse([]),
    ...more,
  });
  return calls;
}

describe('retiring, restoring and deleting an asset', () => {
  beforeEach(() => {
    authStore.logout();
    URL.createObjectURL = vi.fn(() => 'blob:qr-image');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('retires after the administrator confirms, then shows the notice and a read-only history', async () => {
    const event = maintenanceEvent({ taskStatus: 'Completed' });
    const calls = setup(asset({ events: [event] }));
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Retire asset' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire this asset?' });
    expect(within(dialog).getByText(/leaves the asset list and becomes read-only/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retire asset' }));

    const notice = await screen.findByRole('region', { name: 'Retired asset' });
    expect(notice).toHaveTextContent('Retired on');
    expect(notice).toHaveTextContent('This asset is read-only. Restore it to edit it or record maintenance.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit asset' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retire asset' })).not.toBeInTheDocument();
    const events = screen.getByRole('region', { name: 'Maintenance events' });
    expect(within(events).queryByRole('button')).not.toBeInTheDocument();
    expect(within(events).getByText(event.title)).toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'POST' && c.url.pathname.endsWith('/retire'))).toBe(true);

    await user.click(within(notice).getByRole('button', { name: 'Restore asset' }));
    expect(await screen.findByRole('link', { name: 'Edit asset' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Retired asset' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when retiring is refused, and keeps the dialog open", async () => {
    setup(asset(), {
      more: {
        [`POST /api/admin/assets/${ASSET_ID}/retire`]: () =>
          jsonResponse({ code: 'CONFLICT', message: ASSET_MESSAGES.openTasks }, 409),
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Retire asset' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire this asset?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retire asset' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `The asset could not be retired. ${ASSET_MESSAGES.openTasks}`,
    );
  });

  it('deletes only once the name is typed exactly, then opens the asset list', async () => {
    const calls = setup(asset({ retiredAt: RETIRED_AT }));
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const notice = await screen.findByRole('region', { name: 'Retired asset' });
    await user.click(within(notice).getByRole('button', { name: 'Delete asset' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this asset for good?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete asset' });
    expect(confirm).toBeDisabled();
    const input = within(dialog).getByLabelText('Type the asset name to confirm');
    await user.type(input, 'Boiler');
    expect(confirm).toBeDisabled();
    await user.type(input, ' 3 ');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Assets', level: 1 })).toBeInTheDocument();
    const sent = calls.find((c) => c.init.method === 'DELETE');
    expect(JSON.parse(String(sent?.init.body))).toEqual({ confirmName: 'Boiler 3 ' });
  });

  it('gives members the notice without its buttons', async () => {
    setup(asset({ retiredAt: RETIRED_AT }), { isAdmin: false });
    renderApp(`/assets/${ASSET_ID}`);
    const notice = await screen.findByRole('region', { name: 'Retired asset' });
    expect(within(notice).queryByRole('button')).not.toBeInTheDocument();
    // A retired asset needs no new label.
    expect(screen.queryByRole('button', { name: 'Print label' })).not.toBeInTheDocument();
  });

  it('gives members neither Retire asset nor Delete event on an asset in service', async () => {
    setup(asset({ events: [maintenanceEvent()] }), { isAdmin: false });
    renderApp(`/assets/${ASSET_ID}`);
    expect(await screen.findByRole('button', { name: 'Edit event' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retire asset' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete event' })).not.toBeInTheDocument();
  });

  it('lets an administrator delete an event after confirming', async () => {
    const event = maintenanceEvent({ title: 'Typo entry' });
    const calls = setup(asset({ events: [event] }), {
      more: {
        [`DELETE /api/admin/assets/${ASSET_ID}/events/${event.id}`]: () =>
          new Response(null, { status: 204 }),
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const button = await screen.findByRole('button', { name: 'Delete event' });
    await user.click(button);
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
    await user.click(button);
    expect(confirm).toHaveBeenLastCalledWith(
      'Delete “Typo entry” for good? Its attachments and change history are deleted with it. The audit log keeps a record.',
    );
    await vi.waitFor(() => expect(calls.some((c) => c.init.method === 'DELETE')).toBe(true));
  });
});
