import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldDefinition } from '#web/features/fields/field-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { ASSET_ID, asset, ORG_ID } from '../asset-fixtures.ts';

const serial = fieldDefinition({ label: 'Serial number', maxLength: 20, isRequired: true });
const insured = fieldDefinition({ label: 'Insured', dataType: 'Boolean' });
const colour = fieldDefinition({ label: 'Colour', dataType: 'Select', optionsJson: '["Red","Blue"]' });
const oldCode = fieldDefinition({ label: 'Old code', isActive: false });
const DEFINITIONS = [serial, insured, colour, oldCode];

let admin = false;

function signIn(isAdmin: boolean) {
  admin = isAdmin;
  authStore.login(loginResponse({ isAdmin, organizationId: ORG_ID }), 'alex@example.com');
}

const base = {
  '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG_ID, isAdmin: admin })),
  '/api/auth/organization': () => jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null }),
  '/api/fields': () => jsonResponse(DEFINITIONS),
  [`/api/assets/${ASSET_ID}/qr.png`]: () =>
    new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }),
};

const stored = asset({
  fields: [
    { fieldId: serial.id, label: 'Serial number', value: 'SN-1', isActive: true },
    { fieldId: oldCode.id, label: 'Old code', value: 'OC-9', isActive: false },
  ],
});

function body(call: { init: RequestInit } | undefined) {
  return JSON.parse(String(call?.init.body));
}

describe('asset form', () => {
  beforeEach(() => {
    authStore.logout();
    URL.createObjectURL = vi.fn(() => 'blob:qr-image');
    URL.revokeObjectURL = vi.fn();
  });

  it('creates an asset: validates first, sends the payload, then opens the asset', async () => {
    signIn(true);
    const calls = mockFetch({
      ...base,
      'POST /api/assets': () => jsonResponse(asset({ name: 'Pump 7' }), 201),
      [`GET /api/assets/${ASSET_ID}`]: () => jsonResponse(asset({ name: 'Pump 7' })),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/assets/new');
    expect(await screen.findByRole('heading', { name: 'Create asset', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Generate a QR-enabled asset record.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Serial number')).toBeInTheDocument();
    expect(
      screen.getByText('These fields are managed from the admin portal and apply to all assets.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Max 20 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Organization ID')).toHaveAttribute(
      'placeholder',
      "e.g. the demo organization's ID",
    );
    expect(screen.getByLabelText('Organization ID')).not.toHaveAttribute('readonly');
    // Retired fields only matter on existing assets.
    expect(screen.queryByLabelText('Old code')).not.toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Insured'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'true', 'false']);

    await user.click(screen.getByRole('button', { name: 'Create asset' }));
    expect(await screen.findByText('Asset name is required.')).toBeInTheDocument();
    expect(screen.getByText('Serial number is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Name'), '  Pump 7  ');
    await user.type(screen.getByLabelText('Serial number'), ' SN-77 ');
    await user.selectOptions(screen.getByLabelText('Colour'), 'Blue');
    await user.click(screen.getByRole('button', { name: 'Create asset' }));

    expect(await screen.findByRole('heading', { name: 'Pump 7', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/assets/${ASSET_ID}`);
    expect(body(calls.find((c) => c.init.method === 'POST'))).toEqual({
      name: 'Pump 7',
      fields: [
        { fieldId: serial.id, value: 'SN-77' },
        { fieldId: colour.id, value: 'Blue' },
      ],
    });
  });

  it('opens the public page of an asset created in another organization (super administrators)', async () => {
    signIn(true);
    const otherOrganization = '01a1fcbb-0000-7000-8000-000000000099';
    const created = asset({ name: 'Pump 9', organizationId: otherOrganization, slug: 'pump-9-abc123' });
    mockFetch({
      ...base,
      'POST /api/assets': () => jsonResponse(created, 201),
      [`/public/orgs/${otherOrganization}/assets/pump-9-abc123`]: () =>
        jsonResponse({ ...created, events: [] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/assets/new');
    await user.type(await screen.findByLabelText('Name'), 'Pump 9');
    await user.type(screen.getByLabelText('Serial number'), 'SN-9');
    await user.type(screen.getByLabelText('Organization ID'), otherOrganization);
    await user.click(screen.getByRole('button', { name: 'Create asset' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/a/${otherOrganization}/pump-9-abc123`));
  });

  it('updates an asset, shows the success message and reloads the form from the response', async () => {
    signIn(true);
    const calls = mockFetch({
      ...base,
      [`GET /api/assets/${ASSET_ID}`]: () => jsonResponse(stored),
      [`PUT /api/assets/${ASSET_ID}`]: () =>
        jsonResponse({ ...stored, name: 'Boiler 3b', description: 'Renamed by server' }),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}/edit`);
    expect(await screen.findByRole('heading', { name: 'Edit asset', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Update metadata for Boiler 3.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View asset' })).toHaveAttribute('href', `/assets/${ASSET_ID}`);
    expect(screen.getByLabelText('Serial number')).toHaveValue('SN-1');
    expect(screen.getByLabelText('Old code')).toHaveValue('OC-9');
    expect(screen.getByLabelText('Old code')).toBeDisabled();
    expect(screen.getByText('Retired field. Existing value stays on record.')).toBeInTheDocument();
    expect(screen.getByText('Saved value: OC-9')).toBeInTheDocument();
    expect(screen.getByLabelText('Organization ID')).toHaveValue(ORG_ID);

    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Boiler 3b');
    await user.selectOptions(screen.getByLabelText('Insured'), 'false');
    await user.type(screen.getByLabelText('External ID'), ' ICC-2065556 ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Asset updated successfully.')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveValue('Renamed by server');
    expect(screen.getByText('Update metadata for Boiler 3b.')).toBeInTheDocument();
    expect(body(calls.find((c) => c.init.method === 'PUT'))).toEqual({
      name: 'Boiler 3b',
      description: 'Basement boiler',
      externalId: 'ICC-2065556',
      organizationId: ORG_ID,
      fields: [
        { fieldId: serial.id, value: 'SN-1' },
        { fieldId: insured.id, value: 'false' },
      ],
    });
  });

  it('saves an asset that still holds a removed Select option, and lets the user switch (ADR 020)', async () => {
    signIn(true);
    const holding = asset({
      fields: [
        { fieldId: serial.id, label: 'Serial number', value: 'SN-1', isActive: true },
        { fieldId: colour.id, label: 'Colour', value: 'Green', isActive: true },
      ],
    });
    const calls = mockFetch({
      ...base,
      [`GET /api/assets/${ASSET_ID}`]: () => jsonResponse(holding),
      [`PUT /api/assets/${ASSET_ID}`]: () => jsonResponse(holding),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}/edit`);
    const select = await screen.findByLabelText('Colour');
    expect(select).toHaveDisplayValue('Green (retired option)');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Asset updated successfully.')).toBeInTheDocument();
    expect(body(calls.findLast((c) => c.init.method === 'PUT')).fields).toEqual([
      { fieldId: serial.id, value: 'SN-1' },
      { fieldId: colour.id, value: 'Green' },
    ]);

    await user.selectOptions(select, 'Blue');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((c) => c.init.method === 'PUT')).toHaveLength(2));
    expect(body(calls.findLast((c) => c.init.method === 'PUT')).fields).toContainEqual({
      fieldId: colour.id,
      value: 'Blue',
    });
  });

  it('shows "Saving..." while busy and maps server field errors back to the inputs', async () => {
    signIn(true);
    let release: (response: Response) => void = () => {};
    mockFetch({
      ...base,
      [`GET /api/assets/${ASSET_ID}`]: () => jsonResponse(stored),
      [`PUT /api/assets/${ASSET_ID}`]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}/edit`);
    await screen.findByText('Update metadata for Boiler 3.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release(
      jsonResponse(
        {
          code: 'VALIDATION',
          message: 'Invalid',
          fields: [
            { path: `fields.${serial.id}`, message: 'Serial taken.' },
            { path: 'name', message: 'Name clash.' },
          ],
        },
        400,
      ),
    );
    expect(await screen.findByText('Failed to update the asset. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Serial taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Serial number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Name clash.')).toBeInTheDocument();
  });

  it('shows the create failure message', async () => {
    signIn(true);
    mockFetch({
      ...base,
      'POST /api/assets': () => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500),
    });
    const user = userEvent.setup();
    renderApp('/assets/new');
    await user.type(await screen.findByLabelText('Name'), 'Pump');
    await user.type(screen.getByLabelText('Serial number'), 'SN');
    await user.click(screen.getByRole('button', { name: 'Create asset' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create the asset. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Create asset' })).toBeEnabled();
  });

  it("shows a member's own organization read-only", async () => {
    signIn(false);
    mockFetch(base);
    renderApp('/assets/new');
    const org = await screen.findByLabelText('Organization ID');
    expect(org).toHaveAttribute('readonly');
    expect(org).toHaveValue(ORG_ID);
  });

  it('clears the custom fields when their definitions fail to load', async () => {
    signIn(true);
    mockFetch({ ...base, '/api/fields': () => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500) });
    renderApp('/assets/new');
    expect(
      await screen.findByText('Unable to load asset field definitions.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Serial number')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
  });

  it('explains an asset that cannot be loaded', async () => {
    signIn(true);
    mockFetch(base);
    renderApp(`/assets/${ASSET_ID}/edit`);
    expect(
      await screen.findByText('Unable to load asset. Please verify the asset still exists.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Name')).not.toBeInTheDocument());
  });

  it('goes back to the list on Cancel', async () => {
    signIn(true);
    mockFetch({ ...base, '/api/assets': () => jsonResponse([], 200, { 'X-Total-Count': '0' }) });
    const user = userEvent.setup();
    const { router } = renderApp('/assets/new');
    await screen.findByLabelText('Serial number');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets'));
  });
});
