import { i18n } from '@lingui/core';
import { type TAdminUser, USER_MESSAGES } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminOrganization, deferred } from '#web/features/organizations/organization-fixtures.ts';
import { USER_TEXTS } from '#web/features/users/texts.ts';
import { adminUser, OTHER_ORG_ID, OWN_ORG_ID } from '#web/features/users/user-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { formatDate } from '#web/lib/dates.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const alex = adminUser({ email: 'alex@example.com', displayName: 'Alex Admin', isAdmin: true });
const root = adminUser({
  email: 'root@example.com',
  displayName: 'Root',
  isAdmin: true,
  isSuperAdmin: true,
  canEditCompletedMaintenanceEvents: true,
});
const bob = adminUser({
  email: 'bob@example.com',
  displayName: 'Bob Builder',
  organizationId: OTHER_ORG_ID,
  organizationName: null,
});

type THandlers = Parameters<typeof mockFetch>[0];

function setup(
  options: { superAdmin?: boolean; users?: TAdminUser[]; total?: number; extra?: THandlers } = {},
) {
  const superAdmin = options.superAdmin ?? false;
  const roles = { isAdmin: true, isSuperAdmin: superAdmin, organizationId: OWN_ORG_ID };
  authStore.login(loginResponse(roles), 'alex@example.com');
  const users = options.users ?? [alex, root, bob];
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser(roles)),
    '/api/auth/organization': () => jsonResponse({ id: OWN_ORG_ID, name: 'Acme', logoUrl: null }),
    '/api/admin/users': () =>
      jsonResponse(users, 200, { 'X-Total-Count': String(options.total ?? users.length) }),
    '/api/admin/organizations': () =>
      jsonResponse([
        adminOrganization({ id: OTHER_ORG_ID, name: 'Globex' }),
        adminOrganization({ id: OWN_ORG_ID, name: 'Acme' }),
      ]),
    ...options.extra,
  });
}

function body(call: { init: RequestInit } | undefined) {
  return JSON.parse(String(call?.init.body));
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), ' New@Example.com ');
  await user.type(screen.getByLabelText('Display name'), 'New Person');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
}

describe('admin users', () => {
  beforeEach(() => authStore.logout());

  it('lists the users with their flags, the Super Admin badge and the organization', async () => {
    const calls = setup();
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'User management' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Existing users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email', 'Name', 'Role', 'Status', 'Maintenance edits', 'Created', 'Organization']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [alexRow, rootRow, bobRow] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(alexRow).getByText('Alex Admin')).toBeInTheDocument();
    expect(within(alexRow).queryByText('Super Admin')).not.toBeInTheDocument();
    expect(within(rootRow).getByText('Super Admin')).toBeInTheDocument();
    expect(within(rootRow).getByText(formatDate(root.createdAt))).toBeInTheDocument();
    // Organization: its name, else its id.
    expect(within(alexRow).getByText('Acme')).toBeInTheDocument();
    expect(within(bobRow).getByText(OTHER_ORG_ID)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Admin: alex@example.com' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Admin: bob@example.com' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Active: bob@example.com' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Edit completed events: root@example.com' })).toBeChecked();
    expect(calls.find((c) => c.url.pathname === '/api/admin/users')?.url.search).toBe('?page=1&pageSize=50');
    // Administrators create users in their own organization: no select, no organizations request.
    expect(screen.queryByLabelText('Organization')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/admin/organizations')).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('pages through many users', async () => {
    const calls = setup({ total: 120 });
    const user = userEvent.setup();
    renderApp('/admin/users');
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/admin/users' && c.url.search.includes('page=2')),
      ).toBe(true),
    );
  });

  it('validates the form with the contract messages before sending', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Existing users' });
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Admin' })).not.toBeChecked();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.displayNameRequired)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByLabelText('Display name'));
    await user.paste('x'.repeat(201));
    expect(await screen.findByText(USER_MESSAGES.displayNameTooLong)).toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
  });

  it('creates a user, says so and reloads the list', async () => {
    const created = adminUser({ email: 'new@example.com', displayName: 'New Person' });
    const calls = setup({ extra: { 'POST /api/admin/users': () => jsonResponse(created, 201) } });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Existing users' });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: 'Admin' }));
    await user.click(screen.getByLabelText('Can edit completed maintenance'));
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('User created successfully.')).toBeInTheDocument();
    expect(body(calls.find((c) => c.init.method === 'POST'))).toEqual({
      email: 'new@example.com',
      displayName: 'New Person',
      password: 'secret-password',
      isAdmin: true,
      isActive: true,
      canEditCompletedMaintenanceEvents: true,
      isSuperAdmin: false,
    });
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url.pathname === '/api/admin/users' && c.init.method === 'GET'),
      ).toHaveLength(2),
    );
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Admin' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  });

  it("shows the create failure with the server's reason", async () => {
    let status = 409;
    setup({
      extra: {
        'POST /api/admin/users': () =>
          status === 409
            ? jsonResponse({ code: 'CONFLICT', message: USER_MESSAGES.emailTaken }, 409)
            : jsonResponse({ code: 'INTERNAL', message: 'Something broke.' }, 500),
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Existing users' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to create user. A user with this email already exists.',
    );
    expect(screen.getByLabelText('Display name')).toHaveValue('New Person');
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Unable to create user\.$/));
  });

  it('lets a super administrator choose the organization, their own by default', async () => {
    const created = adminUser({ organizationId: OTHER_ORG_ID });
    const calls = setup({
      superAdmin: true,
      extra: { 'POST /api/admin/users': () => jsonResponse(created, 201) },
    });
    const user = userEvent.setup();
    renderApp('/admin/users');
    const select = await screen.findByLabelText('Organization');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Globex', 'Acme']),
    );
    expect(select).toHaveValue(OWN_ORG_ID);
    expect(calls.find((c) => c.url.pathname === '/api/admin/organizations')?.url.search).toBe(
      '?page=1&pageSize=200',
    );
    await fillForm(user);
    await user.selectOptions(select, 'Globex');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('User created successfully.')).toBeInTheDocument();
    expect(body(calls.find((c) => c.init.method === 'POST'))).toMatchObject({
      organizationId: OTHER_ORG_ID,
      isSuperAdmin: false,
    });
    expect(screen.getByLabelText('Organization')).toHaveValue(OWN_ORG_ID);
  });

  it('saves a toggled checkbox at once with just that field, locked while saving', async () => {
    const answer = deferred<Response>();
    const users = [alex, root, bob];
    const calls = setup({ users, extra: { [`PUT /api/admin/users/${bob.id}`]: () => answer.promise } });
    const user = userEvent.setup();
    renderApp('/admin/users');
    const admin = await screen.findByRole('checkbox', { name: 'Admin: bob@example.com' });
    await user.click(admin);
    expect(admin).toBeChecked();
    expect(admin).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Active: bob@example.com' })).toBeEnabled();
    const put = calls.find((c) => c.init.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/admin/users/${bob.id}`);
    expect(body(put)).toEqual({ isAdmin: true });
    users[2] = { ...bob, isAdmin: true };
    answer.release(jsonResponse(users[2]));
    await waitFor(() => expect(admin).toBeEnabled());
    expect(admin).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("puts the checkbox back and shows the server's reason when the save fails", async () => {
    const calls = setup({
      extra: {
        [`PUT /api/admin/users/${alex.id}`]: () =>
          jsonResponse({ code: 'CONFLICT', message: USER_MESSAGES.selfDeactivate }, 409),
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/users');
    const active = await screen.findByRole('checkbox', { name: 'Active: alex@example.com' });
    await user.click(active);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to update user. You cannot deactivate your own account.',
    );
    expect(body(calls.find((c) => c.init.method === 'PUT'))).toEqual({ isActive: false });
    expect(active).toBeChecked();
    expect(active).toBeEnabled();
  });

  it('explains a load failure', async () => {
    setup({ extra: { '/api/admin/users': () => jsonResponse({ code: 'FORBIDDEN', message: 'no' }, 403) } });
    renderApp('/admin/users');
    expect(await screen.findByText(i18n._(USER_TEXTS.loadFailed))).toBeInTheDocument();
  });
});
