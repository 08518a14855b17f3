import { i18n } from '@lingui/core';
import type { TFieldDefinition } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { fieldDefinition } from '../field-fixtures.ts';
import { FIELD_TEXTS } from '../texts.ts';

const serial = fieldDefinition({ label: 'Serial number', key: 'serial', displayOrder: 10 });
const colour = fieldDefinition({
  label: 'Colour',
  key: 'colour',
  dataType: 'Select',
  optionsJson: '["Red","Blue"]',
  displayOrder: 20,
  isActive: false,
  isPublic: false,
});
const eventField = fieldDefinition({
  target: 'MaintenanceEvent',
  label: 'Hours',
  key: 'hours',
  dataType: 'Number',
  displayOrder: 70,
});

type THandlers = Parameters<typeof mockFetch>[0];

function setup(definitions: TFieldDefinition[] = [serial, colour], extra: THandlers = {}) {
  authStore.login(loginResponse({ isAdmin: true }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ isAdmin: true })),
    '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    '/api/fields': (url) =>
      jsonResponse(
        url.searchParams.get('target') === 'MaintenanceEvent'
          ? [eventField]
          : definitions.filter((d) => d.target === url.searchParams.get('target')),
      ),
    ...extra,
  });
}

function body(call: { init: RequestInit } | undefined) {
  return JSON.parse(String(call?.init.body));
}

describe('admin fields', () => {
  beforeEach(() => authStore.logout());

  it('lists the definitions, prefilling the next display order', async () => {
    const calls = setup();
    renderApp('/admin/fields');
    const table = await screen.findByRole('table', { name: 'Field definitions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Label', 'Key', 'Type', 'Required', 'Order', 'Status', 'Visibility', 'Updated', 'Actions']);
    expect(within(table).getByText('Serial number')).toBeInTheDocument();
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    const [serialRow, colourRow] = within(table).getAllByRole('row').slice(1);
    expect(within(serialRow!).getByText('Public')).toBeInTheDocument();
    expect(within(colourRow!).getByText('Internal')).toBeInTheDocument();
    expect(screen.getByLabelText('Display order')).toHaveValue('30');
    expect(screen.getByLabelText('Show inactive')).toBeChecked();
    expect(calls.find((c) => c.url.pathname === '/api/fields')?.url.search).toBe(
      '?target=Asset&includeInactive=true',
    );
  });

  it('keeps what was typed before the list arrived, and then offers its next display order', async () => {
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    setup([serial, colour], { '/api/fields': () => arrived.then(() => jsonResponse([serial, colour])) });
    const user = userEvent.setup();
    renderApp('/admin/fields');
    await user.type(await screen.findByLabelText('Label'), 'Voltage');
    arrive();
    await screen.findByRole('table', { name: 'Field definitions' });
    expect(screen.getByLabelText('Label')).toHaveValue('Voltage');
    await waitFor(() => expect(screen.getByLabelText('Display order')).toHaveValue('30'));
  });

  it('offers 0 when there is no field, and says so', async () => {
    setup([]);
    renderApp('/admin/fields');
    expect(await screen.findByText('No fields configured yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Display order')).toHaveValue('0');
  });

  it('filters by search and hides inactive fields on demand', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/admin/fields');
    await screen.findByRole('table', { name: 'Field definitions' });
    await user.click(screen.getByLabelText('Show inactive'));
    expect(screen.queryByText('Colour')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Show inactive'));
    await user.type(screen.getByLabelText('Search fields'), 'select');
    expect(screen.getByText('Colour')).toBeInTheDocument();
    expect(screen.queryByText('Serial number')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search fields'));
    await user.type(screen.getByLabelText('Search fields'), 'zzz');
    expect(screen.getByText('No fields match your search.')).toBeInTheDocument();
  });

  it('switches target', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/admin/fields');
    await screen.findByText('Serial number');
    await user.selectOptions(screen.getByLabelText('Target'), 'MaintenanceEvent');
    expect(await screen.findByText('Hours')).toBeInTheDocument();
    expect(screen.getByLabelText('Display order')).toHaveValue('80');
  });

  it('creates a Select field with options typed one per line', async () => {
    const created = fieldDefinition({ label: 'Size', key: 'size', dataType: 'Select', displayOrder: 30 });
    const calls = setup(undefined, { 'POST /api/admin/fields': () => jsonResponse(created, 201) });
    const user = userEvent.setup();
    renderApp('/admin/fields');
    await screen.findByText('Serial number');
    expect(screen.getByLabelText('Max length')).toBeInTheDocument();
    expect(screen.queryByLabelText('Options (one per line)')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Label'), 'Size');
    await user.type(screen.getByLabelText('Key'), 'Size');
    await user.selectOptions(screen.getByLabelText('Data type'), 'Select');
    expect(screen.queryByLabelText('Max length')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Options (one per line)'), ' S {enter}{enter}M{enter}L ');
    await user.click(screen.getByLabelText('Required'));
    await user.click(screen.getByRole('button', { name: 'Create field' }));
    expect(await screen.findByText('Field created successfully.')).toBeInTheDocument();
    expect(body(calls.find((c) => c.init.method === 'POST'))).toEqual({
      target: 'Asset',
      label: 'Size',
      key: 'size',
      dataType: 'Select',
      isRequired: true,
      maxLength: null,
      optionsJson: '["S","M","L"]',
      displayOrder: 30,
      isActive: true,
      isPublic: true,
    });
    expect(screen.getByLabelText('Label')).toHaveValue('');
  });

  it('creates a public field unless Public is unticked, and says what Public means', async () => {
    const created = fieldDefinition({ label: 'Owner email', key: 'owner_email', isPublic: false });
    const calls = setup(undefined, { 'POST /api/admin/fields': () => jsonResponse(created, 201) });
    const user = userEvent.setup();
    renderApp('/admin/fields');
    await screen.findByText('Serial number');
    const visibility = screen.getByRole('checkbox', { name: 'Public' });
    expect(visibility).toBeChecked();
    expect(visibility).toHaveAccessibleDescription(i18n._(FIELD_TEXTS.publicHint));
    await user.type(screen.getByLabelText('Label'), 'Owner email');
    await user.type(screen.getByLabelText('Key'), 'owner_email');
    await user.click(visibility);
    await user.click(screen.getByRole('button', { name: 'Create field' }));
    expect(await screen.findByText('Field created successfully.')).toBeInTheDocument();
    expect(body(calls.find((c) => c.init.method === 'POST'))).toMatchObject({ isPublic: false });
  });

  it('shows the save error and the key conflict next to the key', async () => {
    setup(undefined, {
      'POST /api/admin/fields': () =>
        jsonResponse(
          {
            code: 'CONFLICT',
            message: 'A field with this key already exists for this target.',
            fields: [{ path: 'key', message: 'A field with this key already exists for this target.' }],
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderApp('/admin/fields');
    await screen.findByText('Serial number');
    await user.click(screen.getByRole('button', { name: 'Create field' }));
    expect(await screen.findByText('Label is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Label'), 'Serial');
    await user.type(screen.getByLabelText('Key'), 'serial');
    await user.click(screen.getByRole('button', { name: 'Create field' }));
    expect(
      await screen.findByText('Unable to save the field definition. Please review the form values.'),
    ).toBeInTheDocument();
    expect(screen.getByText('A field with this key already exists for this target.')).toBeInTheDocument();
    expect(screen.getByLabelText('Key')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a definition', async () => {
    const calls = setup(undefined, {
      [`PUT /api/admin/fields/${colour.id}`]: () => jsonResponse({ ...colour, label: 'Paint' }),
    });
    const user = userEvent.setup();
    renderApp('/admin/fields');
    await user.click(await screen.findByRole('button', { name: 'Edit Colour' }));
    expect(screen.getByLabelText('Options (one per line)')).toHaveValue('Red\nBlue');
    expect(screen.getByLabelText('Active')).not.toBeChecked();
    expect(screen.getByLabelText('Public')).not.toBeChecked();
    await user.click(screen.getByLabelText('Public'));
    const label = screen.getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'Paint');
    await user.click(screen.getByRole('button', { name: 'Update field' }));
    expect(await screen.findByText('Field updated successfully.')).toBeInTheDocument();
    expect(body(calls.find((c) => c.init.method === 'PUT'))).toMatchObject({
      label: 'Paint',
      key: 'colour',
      optionsJson: '["Red","Blue"]',
      isActive: false,
      isPublic: true,
    });
  });

  it('activates and deactivates by resubmitting the whole definition', async () => {
    const calls = setup(undefined, {
      [`PUT /api/admin/fields/${serial.id}`]: () => jsonResponse({ ...serial, isActive: false }),
      [`PUT /api/admin/fields/${colour.id}`]: () => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500),
    });
    const user = userEvent.setup();
    renderApp('/admin/fields');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Serial number' }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true));
    expect(body(calls.find((c) => c.init.method === 'PUT'))).toEqual({
      target: 'Asset',
      label: 'Serial number',
      key: 'serial',
      dataType: 'Text',
      isRequired: false,
      maxLength: null,
      optionsJson: null,
      displayOrder: 10,
      isActive: false,
      isPublic: true,
    });
    await user.click(screen.getByRole('button', { name: 'Activate Colour' }));
    expect(await screen.findByText('Unable to update field state.')).toBeInTheDocument();
  });

  it('explains a load failure', async () => {
    setup(undefined, { '/api/fields': () => jsonResponse({ code: 'FORBIDDEN', message: 'no' }, 403) });
    renderApp('/admin/fields');
    expect(await screen.findByText('Unable to load field definitions.')).toBeInTheDocument();
  });
});
