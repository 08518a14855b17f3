import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assetListItem } from '#web/features/assets/asset-fixtures.ts';
import {
  BUILDING_ID,
  location,
  locationNode,
  PLANT_ID,
  ROOM_ID,
} from '#web/features/locations/location-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch, organization } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const CABINET_ID = '0193f8a0-0000-7000-8000-00000000010e';
const ROOM = location({ childCount: 1, code: 'B2-014', notes: 'Key at the front desk.' });
const CABINET = locationNode({
  id: CABINET_ID,
  name: 'Cabinet 1',
  parentId: ROOM_ID,
  path: 'Plant A / Building 2 / Boiler room / Cabinet 1',
  depth: 4,
  childCount: 0,
  counts: { assets: 1, openTasks: 0, overdue: 0, dueSoon: 0 },
});

function setup(isAdmin: boolean, extra: Record<string, THandler> = {}, publicLocationPages = false) {
  authStore.login(loginResponse({ organizationId: 'org-1', isAdmin }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ isAdmin })),
    '/api/auth/organization': () => jsonResponse(organization({ publicLocationPages })),
    '/api/fields': () => jsonResponse([]),
    [`/api/locations/${ROOM_ID}`]: () => jsonResponse(ROOM),
    [`/api/locations/${ROOM_ID}/qr.png`]: () =>
      new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    '/api/locations': (url) =>
      url.searchParams.get('parentId') === ROOM_ID
        ? jsonResponse([CABINET], 200, { 'X-Total-Count': '1' })
        : jsonResponse([], 200, { 'X-Total-Count': '0' }),
    '/api/assets': () =>
      jsonResponse([assetListItem({ locationId: CABINET_ID, locationPath: CABINET.path })], 200, {
        'X-Total-Count': '1',
      }),
    ...extra,
  });
}

describe('a location’s page', () => {
  beforeEach(() => {
    authStore.logout();
    URL.createObjectURL = vi.fn(() => 'blob:qr-image');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => localStorage.clear());

  it('shows its path, counts, the locations inside it, its QR code and every asset below it', async () => {
    const calls = setup(false);
    const user = userEvent.setup();
    renderApp(`/locations/${ROOM_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Boiler room' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Location path' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/locations', `/locations/${PLANT_ID}`, `/locations/${BUILDING_ID}`]);
    expect(within(crumbs).getByText('Boiler room')).toHaveAttribute('aria-current', 'page');

    const details = screen.getByRole('region', { name: 'Location details' });
    expect(within(details).getByText('3 assets')).toBeInTheDocument();
    expect(within(details).getByText('1 overdue')).toBeInTheDocument();
    expect(within(details).getByText('B2-014')).toBeInTheDocument();
    expect(within(details).getByText('Key at the front desk.')).toBeInTheDocument();

    const inside = screen.getByRole('region', { name: 'Locations inside' });
    expect(await within(inside).findByRole('link', { name: 'Cabinet 1' })).toHaveAttribute(
      'href',
      `/locations/${CABINET_ID}`,
    );
    // A member prints the labels of the locations ticked inside it; nothing ticked, no such button.
    expect(within(inside).queryByRole('button', { name: 'Print their labels' })).not.toBeInTheDocument();
    await user.click(within(inside).getByRole('checkbox', { name: 'Select Cabinet 1 for labels' }));
    expect(within(inside).getByText('1 location selected')).toBeInTheDocument();
    await user.click(within(inside).getByRole('button', { name: 'Print their labels' }));
    const labels = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(within(labels).getByText('1 label on 1 sheet.')).toBeInTheDocument();
    expect(within(labels).queryByLabelText('Custom field to print')).not.toBeInTheDocument();
    await user.click(within(labels).getByRole('button', { name: 'Close' }));
    // The page's own button prints it with everything inside it.
    await user.click(screen.getByRole('button', { name: 'Print labels' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Print labels' })).getByLabelText(
        'Locations to print',
      ),
    ).toHaveDisplayValue('Boiler room and every location inside it');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('img', { name: 'QR code for Boiler room' })).toHaveAttribute(
      'src',
      'blob:qr-image',
    );
    expect(screen.getByText(/Its public page is off/)).toBeInTheDocument();

    // The asset list, its location fixed (not offered as a filter), with the list's own features.
    const table = await screen.findByRole('table', { name: 'Assets' });
    expect(within(table).getByRole('link', { name: CABINET.path })).toBeInTheDocument();
    const listCall = calls.filter((call) => call.url.pathname === '/api/assets').at(-1);
    expect(listCall?.url.searchParams.get('location')).toBe(ROOM_ID);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Select Boiler 3' }));
    const bar = screen.getByRole('region', { name: 'Actions on the selected assets' });
    expect(within(bar).getByRole('button', { name: 'Print labels' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Move to location' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create asset here' })).toHaveAttribute(
      'href',
      `/assets/new?location=${ROOM_ID}`,
    );
    // Members read: no changes to the location.
    expect(screen.queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
  });

  it('says when nothing is here, and links the public page where the organization shows it', async () => {
    setup(false, { '/api/assets': () => jsonResponse([], 200, { 'X-Total-Count': '0' }) }, true);
    renderApp(`/locations/${ROOM_ID}`);
    expect(await screen.findByText('No assets in this location or below it.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open public page' })).toHaveAttribute(
      'href',
      '/l/org-1/boiler-room-x1',
    );
  });

  it('goes to the parent after an administrator deletes an empty location', async () => {
    const empty = location({ childCount: 0, counts: { assets: 0, openTasks: 0, overdue: 0, dueSoon: 0 } });
    const deletes: string[] = [];
    setup(true, {
      [`/api/locations/${ROOM_ID}`]: () => jsonResponse(empty),
      [`DELETE /api/admin/locations/${ROOM_ID}`]: (_url, init) => {
        deletes.push(String(init.body));
        return new Response(null, { status: 204 });
      },
      '/api/assets': () => jsonResponse([], 200, { 'X-Total-Count': '0' }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/locations/${ROOM_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Boiler room?' });
    expect(within(dialog).getByText('It holds no assets and no locations.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/locations/${BUILDING_ID}`));
    // Nothing to place: no destination is sent.
    expect(deletes).toEqual(['undefined']);
  });

  it('says when the location cannot be found', async () => {
    setup(false, {
      [`/api/locations/${ROOM_ID}`]: () =>
        jsonResponse({ code: 'NOT_FOUND', message: 'Location not found.' }, 404),
    });
    renderApp(`/locations/${ROOM_ID}`);
    expect(
      await screen.findByText('Unable to load location. It may have been deleted.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
