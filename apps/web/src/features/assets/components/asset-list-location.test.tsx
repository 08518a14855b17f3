import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  location,
  locationNode,
  locationOption,
  ROOM_ID,
} from '#web/features/locations/location-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { ASSET_ID, assetListItem, ORG_ID } from '../asset-fixtures.ts';

type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const AT_ROOM = assetListItem({ locationId: ROOM_ID, locationPath: 'Plant A / Building 2 / Boiler room' });

function setup(extra: Record<string, THandler> = {}) {
  authStore.login(loginResponse({ organizationId: ORG_ID }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG_ID })),
    '/api/auth/organization': () => jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null }),
    '/api/fields': () => jsonResponse([]),
    '/api/assets': () => jsonResponse([AT_ROOM], 200, { 'X-Total-Count': '1' }),
    [`/api/locations/${ROOM_ID}`]: () => jsonResponse(location()),
    '/api/locations': () => jsonResponse([locationNode()], 200, { 'X-Total-Count': '1' }),
    '/api/locations/search': () => jsonResponse([locationOption()]),
    ...extra,
  });
}

const listCalls = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/assets').map((call) => call.url.searchParams);

describe('the asset list by location', () => {
  beforeEach(() => authStore.logout());
  afterEach(() => localStorage.clear());

  it('filters by a location from the URL, says which in words, and shows each asset’s location', async () => {
    const calls = setup();
    const user = userEvent.setup();
    const { router } = renderApp(`/assets?location=${ROOM_ID}`);
    const table = await screen.findByRole('table', { name: 'Assets' });
    expect(listCalls(calls).at(-1)?.get('location')).toBe(ROOM_ID);
    expect(within(table).getByRole('link', { name: 'Plant A / Building 2 / Boiler room' })).toHaveAttribute(
      'href',
      `/locations/${ROOM_ID}`,
    );
    const chip = await screen.findByRole('button', {
      name: 'Remove filter Location: Plant A / Building 2 / Boiler room',
    });
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    await user.click(chip);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('chooses the location in the filter panel, or the assets without one', async () => {
    const calls = setup();
    const user = userEvent.setup();
    const { router } = renderApp('/assets');
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Filter assets' });
    const picker = within(panel).getByRole('combobox', { name: 'Location' });
    await user.type(picker, 'boil');
    await screen.findByRole('option', { name: /Boiler room/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?location=${ROOM_ID}`));
    expect(listCalls(calls).at(-1)?.get('location')).toBe(ROOM_ID);

    await user.clear(picker);
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'No location' }));
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=none'));
    expect(
      await screen.findByRole('button', { name: 'Remove filter Location: No location' }),
    ).toBeInTheDocument();
  });

  it('moves the ticked assets to a location, each move recorded by the server', async () => {
    const bodies: unknown[] = [];
    setup({
      'POST /api/assets/bulk/location': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ selected: 1, changed: 1 });
      },
    });
    const user = userEvent.setup();
    renderApp('/assets');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Boiler 3' }));
    await user.click(screen.getByRole('button', { name: 'Move to location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to a location' });
    expect(within(dialog).getByText('For the 1 asset selected.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByText('Choose a location.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'Location' }), 'boil');
    await screen.findByRole('option', { name: /Boiler room/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(
      await screen.findByText('Moved 1 asset of 1 to Plant A / Building 2 / Boiler room.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ assetIds: [ASSET_ID], locationId: ROOM_ID }]);
  });
});
