import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldKeys } from '#web/features/fields/index.ts';
import { locationKeys } from '#web/features/locations/index.ts';
import {
  location,
  locationNode,
  locationOption,
  PLANT_ID,
  ROOM_ID,
} from '#web/features/locations/location-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { assetKeys } from '../api/asset-keys.ts';
import { ASSET_ID, asset, assetListItem, ORG_ID } from '../asset-fixtures.ts';

const PUMP = '0193f8a0-0000-7000-8000-0000000000b1';

const base = {
  '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG_ID })),
  '/api/auth/organization': () => jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null }),
  '/api/fields': () => jsonResponse([]),
  '/api/locations': () => jsonResponse([locationNode()], 200, { 'X-Total-Count': '1' }),
  '/api/locations/search': (url: URL) =>
    jsonResponse(url.searchParams.get('q') === 'boil' ? [locationOption()] : []),
  '/api/assets': (url: URL) =>
    jsonResponse(
      url.searchParams.get('search') === 'pump'
        ? [assetListItem({ id: PUMP, name: 'Pump 1', slug: 'pump-1' })]
        : [],
    ),
};

function body(call: { init: RequestInit } | undefined) {
  return JSON.parse(String(call?.init.body));
}

describe('the asset form’s location and parent', () => {
  beforeEach(() => {
    authStore.logout();
    authStore.login(loginResponse({ organizationId: ORG_ID }), 'alex@example.com');
  });

  it('picks both with the keyboard alone: type, Down, Enter (a combobox with its listbox)', async () => {
    const calls = mockFetch({ ...base, 'POST /api/assets': () => jsonResponse(asset(), 201) });
    const user = userEvent.setup();
    renderApp('/assets/new');
    await user.type(await screen.findByLabelText('Name'), 'Motor');

    const picker = screen.getByRole('combobox', { name: 'Location' });
    await user.click(picker);
    // Before typing: "No location" and the sites.
    expect(await screen.findByRole('option', { name: 'Plant A' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'No location' })).toBeInTheDocument();
    await user.type(picker, 'boil');
    const option = await screen.findByRole('option', { name: /Plant A \/ Building 2 \/ Boiler room/ });
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    expect(picker).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(picker).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(picker).toHaveValue('Plant A / Building 2 / Boiler room');
    expect(picker).toHaveAttribute('aria-expanded', 'false');

    const parent = screen.getByRole('combobox', { name: 'Part of' });
    await user.type(parent, 'pump');
    await screen.findByRole('option', { name: /Pump 1/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(parent).toHaveValue('Pump 1');

    await user.click(screen.getByRole('button', { name: 'Create asset' }));
    await waitFor(() => expect(calls.some((call) => call.init.method === 'POST')).toBe(true));
    expect(body(calls.find((call) => call.init.method === 'POST'))).toMatchObject({
      name: 'Motor',
      locationId: ROOM_ID,
      parentAssetId: PUMP,
    });
  });

  it('Escape closes the list, then gives back the chosen text; an emptied picker chooses nothing', async () => {
    mockFetch({ ...base, [`GET /api/locations/${ROOM_ID}`]: () => jsonResponse(location()) });
    const user = userEvent.setup();
    renderApp(`/assets/new?location=${ROOM_ID}`);
    // "Create asset here" on a location's page starts the form at that location.
    const picker = await screen.findByRole('combobox', { name: 'Location' });
    expect(picker).toHaveValue('Plant A / Building 2 / Boiler room');
    await user.clear(picker);
    await user.type(picker, 'xyz');
    expect(await screen.findByText('No location matches.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(picker).toHaveValue('xyz');
    await user.keyboard('{Escape}');
    expect(picker).toHaveValue('Plant A / Building 2 / Boiler room');
    await user.clear(picker);
    await user.tab();
    expect(picker).toHaveValue('');
  });

  it('shows why the server refused a parent (a cycle of components)', async () => {
    const stored = asset({ parentAsset: null, location: { id: PLANT_ID, name: 'Plant A', path: 'Plant A' } });
    const calls = mockFetch({
      ...base,
      [`GET /api/assets/${ASSET_ID}`]: () => jsonResponse(stored),
      [`PUT /api/assets/${ASSET_ID}`]: () =>
        jsonResponse(
          {
            code: 'CONFLICT',
            message: 'An asset cannot be a component of itself or of one of its own components.',
            messageId: 'assetHierarchy.parentCycle',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}/edit`);
    const parent = await screen.findByRole('combobox', { name: 'Part of' });
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Plant A');
    await user.type(parent, 'pump');
    await screen.findByRole('option', { name: /Pump 1/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to update the asset. Please try again. An asset cannot be a component of itself or of one of its own components.',
    );
    // The unchanged location is not sent again; the parent is.
    const sent = body(calls.find((call) => call.init.method === 'PUT'));
    expect(sent.parentAssetId).toBe(PUMP);
    expect(sent).not.toHaveProperty('locationId');
  });

  it('offline, the form of a kept asset shows, its picker offers the locations seen and says when; it saves online only', async () => {
    mockFetch(base);
    onlineManager.setOnline(false);
    try {
      const { queryClient } = renderApp(`/assets/${ASSET_ID}/edit`);
      queryClient.setQueryData(
        assetKeys.detail(ASSET_ID),
        asset({ location: { id: PLANT_ID, name: 'Plant A', path: 'Plant A' } }),
      );
      queryClient.setQueryData(fieldKeys.list('Asset'), []);
      queryClient.setQueryData(locationKeys.search('boil'), [locationOption()], {
        updatedAt: Date.parse('2026-05-03T13:00:00Z'),
      });
      expect(
        await screen.findByText(
          'The asset form saves once you are back online. To move this asset now, use Move on its page.',
        ),
      ).toBeInTheDocument();
      const picker = screen.getByRole('combobox', { name: 'Location' });
      expect(picker).toHaveValue('Plant A');
      expect(picker).toHaveAccessibleDescription(/Offline: last seen at .*2026/);
      const user = userEvent.setup();
      await user.clear(picker);
      await user.type(picker, 'boiler');
      expect(
        await screen.findByRole('option', { name: /Plant A \/ Building 2 \/ Boiler room/ }),
      ).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
