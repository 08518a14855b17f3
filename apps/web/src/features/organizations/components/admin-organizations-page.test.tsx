import { i18n } from '@lingui/core';
import { LOGO_MAX_BYTES, ORGANIZATION_MESSAGES, type TAdminOrganization } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { adminOrganization, deferred } from '../organization-fixtures.ts';
import { ORGANIZATION_TEXTS } from '../texts.ts';

type THandlers = Parameters<typeof mockFetch>[0];

/** The super administrator's own organization (shown in the header) and another one with a logo. */
function organizations(): TAdminOrganization[] {
  return [
    adminOrganization({ name: 'Acme' }),
    adminOrganization({ name: 'Globex', logoUrl: '/public/orgs/globex/logo' }),
  ];
}

function setup(list: TAdminOrganization[], extra: THandlers = {}) {
  const own = list[0] as TAdminOrganization;
  const roles = { isAdmin: true, isSuperAdmin: true, organizationId: own.id };
  authStore.login(loginResponse(roles), 'root@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser(roles)),
    '/api/auth/organization': () => {
      const current = list.find((o) => o.id === own.id) ?? own;
      return jsonResponse({
        id: current.id,
        name: current.name,
        logoUrl: current.logoUrl,
        timeZone: 'UTC',
        dailyDigest: true,
        defaultLanguage: 'en',
        currency: 'EUR',
        publicLocationPages: false,
        publicAssetLocation: false,
        reportingEnabled: true,
        showOpenReports: true,
        requestTriageRole: 'member',
        publicChecklistSummary: false,
      });
    },
    '/api/admin/organizations': () => jsonResponse(list, 200, { 'X-Total-Count': String(list.length) }),
    ...extra,
  });
}

function png(name = 'logo.png', size = 64) {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

async function table() {
  return screen.findByRole('table', { name: 'Organizations' });
}

describe('admin organizations', () => {
  beforeEach(() => authStore.logout());

  it('lists the organizations with their logo, id and name', async () => {
    const list = organizations();
    const calls = setup(list);
    renderApp('/admin/organizations');
    expect(await screen.findByRole('heading', { name: 'Organizations', level: 1 })).toBeInTheDocument();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1) as [HTMLElement, HTMLElement];
    expect(within(rows[0]).getByText(i18n._(ORGANIZATION_TEXTS.noLogo))).toBeInTheDocument();
    expect(within(rows[0]).getByText(list[0]?.id ?? '')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Upload logo of Acme' })).toHaveTextContent('Upload');
    expect(within(rows[0]).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('img', { name: 'Globex logo' })).toHaveAttribute(
      'src',
      '/public/orgs/globex/logo',
    );
    expect(within(rows[1]).getByRole('button', { name: 'Change logo of Globex' })).toHaveTextContent(
      'Change',
    );
    expect(within(rows[1]).getByRole('button', { name: 'Delete logo of Globex' })).toBeInTheDocument();
    expect(screen.getByLabelText('Logo file for Acme')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/gif,image/webp',
    );
    expect(calls.find((c) => c.url.pathname === '/api/admin/organizations')?.url.search).toBe(
      '?page=1&pageSize=50',
    );
  });

  it('creates an organization after checking its name', async () => {
    const list = organizations();
    let fail = false;
    const calls = setup(list, {
      'POST /api/admin/organizations': (_url, init) => {
        if (fail) return jsonResponse({ code: 'CONFLICT', message: 'That name is taken.' }, 409);
        const created = adminOrganization({ name: JSON.parse(String(init.body)).name });
        list.push(created);
        return jsonResponse(created, 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/organizations');
    await table();
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText(ORGANIZATION_MESSAGES.nameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Organization name'), '  Initech ');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('Organization created successfully.')).toBeInTheDocument();
    const post = calls.find((c) => c.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ name: 'Initech' });
    expect(await within(await table()).findByText('Initech')).toBeInTheDocument();
    expect(screen.getByLabelText('Organization name')).toHaveValue('');

    fail = true;
    await user.type(screen.getByLabelText('Organization name'), 'Initech');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${i18n._(ORGANIZATION_TEXTS.createFailed)} That name is taken.`,
    );
  });

  it('renames in place: Save and Enter send the name, Cancel and Escape do not', async () => {
    const list = organizations();
    const calls = setup(list, {
      [`PUT /api/admin/organizations/${list[1]?.id}`]: (_url, init) => {
        const updated = { ...(list[1] as TAdminOrganization), name: JSON.parse(String(init.body)).name };
        list[1] = updated;
        return jsonResponse(updated);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/organizations');
    await table();

    await user.click(screen.getByRole('button', { name: 'Edit Globex' }));
    const input = screen.getByRole('textbox', { name: 'Organization name: Globex' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Globex');
    await user.clear(input);
    await user.type(input, 'Ignored');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Globex')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Globex' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit Globex' }));
    await user.type(screen.getByRole('textbox', { name: 'Organization name: Globex' }), ' Ignored{Escape}');
    expect(screen.queryByRole('textbox', { name: /Organization name: / })).not.toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit Globex' }));
    const again = screen.getByRole('textbox', { name: 'Organization name: Globex' });
    await user.clear(again);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORGANIZATION_MESSAGES.nameRequired);
    expect(again).toHaveAttribute('aria-invalid', 'true');
    await user.type(again, 'Globex Corp');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Edit Globex Corp' })).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.init.method === 'PUT')?.init.body))).toEqual({
      name: 'Globex Corp',
    });

    await user.click(screen.getByRole('button', { name: 'Edit Globex Corp' }));
    await user.type(screen.getByRole('textbox', { name: 'Organization name: Globex Corp' }), ' Ltd{Enter}');
    expect(await screen.findByRole('button', { name: 'Edit Globex Corp Ltd' })).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === 'PUT')).toHaveLength(2);
  });

  it('shows a rename failure and refreshes the header after renaming your own organization', async () => {
    const list = organizations();
    let fail = true;
    setup(list, {
      [`PUT /api/admin/organizations/${list[0]?.id}`]: () => {
        if (fail) return jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500);
        list[0] = { ...(list[0] as TAdminOrganization), name: 'Acme Group' };
        return jsonResponse(list[0]);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/organizations');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByText('Acme')).toBeInTheDocument();
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Acme' }));
    await user.type(screen.getByRole('textbox', { name: 'Organization name: Acme' }), ' Group{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Unable to update organization\.$/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(banner).findByText('Acme Group')).toBeInTheDocument();
  });

  it('refuses a file that is not an image, or one over 5 MB, before sending it', async () => {
    const list = organizations();
    const calls = setup(list);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/admin/organizations');
    await table();
    const input = screen.getByLabelText('Logo file for Acme');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(alert).toHaveBeenLastCalledWith(i18n._(ORGANIZATION_TEXTS.notAnImage));
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(alert).toHaveBeenLastCalledWith(ORGANIZATION_MESSAGES.logoType);
    await user.upload(input, png('big.png', LOGO_MAX_BYTES + 1));
    expect(alert).toHaveBeenLastCalledWith(ORGANIZATION_MESSAGES.logoTooLarge);
    expect(alert).toHaveBeenCalledTimes(3);
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
  });

  it('uploads the logo as FormData field "logo", saying "Uploading..." meanwhile', async () => {
    const list = organizations();
    const answer = deferred<Response>();
    const own = list[0] as TAdminOrganization;
    const calls = setup(list, { [`POST /api/admin/organizations/${own.id}/logo`]: () => answer.promise });
    const user = userEvent.setup();
    renderApp('/admin/organizations');
    await table();
    const file = png();
    await user.upload(screen.getByLabelText('Logo file for Acme'), file);
    const busy = await screen.findByRole('button', { name: i18n._(ORGANIZATION_TEXTS.uploading) });
    expect(busy).toBeDisabled();
    const sent = calls.find((c) => c.init.method === 'POST')?.init.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent instanceof FormData ? sent.get('logo') : null).toBe(file);
    list[0] = { ...own, logoUrl: '/public/orgs/acme/logo' };
    answer.release(
      jsonResponse({
        id: own.id,
        name: own.name,
        logoUrl: '/public/orgs/acme/logo',
        timeZone: 'UTC',
        dailyDigest: true,
        defaultLanguage: 'en',
        currency: 'EUR',
        publicLocationPages: false,
        publicAssetLocation: false,
        reportingEnabled: true,
        showOpenReports: true,
        requestTriageRole: 'member',
        publicChecklistSummary: false,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Change logo of Acme' })).toBeEnabled();
    expect(screen.getAllByRole('img', { name: 'Acme logo' }).length).toBeGreaterThan(0);
    // Their own organization: the header shows the new logo too.
    await waitFor(() =>
      expect(screen.getByRole('banner').querySelector('img')?.getAttribute('src')).toBe(
        '/public/orgs/acme/logo',
      ),
    );
  });

  it('alerts when the upload fails', async () => {
    const list = organizations();
    setup(list, {
      [`POST /api/admin/organizations/${list[0]?.id}/logo`]: () =>
        jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500),
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/admin/organizations');
    await table();
    await user.upload(screen.getByLabelText('Logo file for Acme'), png());
    await waitFor(() => expect(alert).toHaveBeenCalledWith(i18n._(ORGANIZATION_TEXTS.uploadFailed)));
    expect(screen.getByRole('button', { name: 'Upload logo of Acme' })).toBeEnabled();
  });

  it('deletes a logo only once confirmed, and alerts when it fails', async () => {
    const list = organizations();
    const globex = list[1] as TAdminOrganization;
    let fail = true;
    const calls = setup(list, {
      [`DELETE /api/admin/organizations/${globex.id}/logo`]: () => {
        if (fail) return jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500);
        list[1] = { ...globex, logoUrl: null };
        return jsonResponse({
          id: globex.id,
          name: globex.name,
          logoUrl: null,
          timeZone: 'UTC',
          dailyDigest: true,
          defaultLanguage: 'en',
          currency: 'EUR',
          publicLocationPages: false,
          publicAssetLocation: false,
          reportingEnabled: true,
          showOpenReports: true,
          requestTriageRole: 'member',
          publicChecklistSummary: false,
        });
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/admin/organizations');
    await table();
    const remove = screen.getByRole('button', { name: 'Delete logo of Globex' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(i18n._(ORGANIZATION_TEXTS.confirmDeleteLogo));
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);

    confirm.mockReturnValue(true);
    await user.click(remove);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(i18n._(ORGANIZATION_TEXTS.deleteFailed)));
    expect(screen.getByRole('img', { name: 'Globex logo' })).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Delete logo of Globex' }));
    expect(await screen.findByRole('button', { name: 'Upload logo of Globex' })).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[2] as HTMLElement).getByText(i18n._(ORGANIZATION_TEXTS.noLogo))).toBeInTheDocument();
  });

  it('explains a load failure', async () => {
    setup(organizations(), {
      '/api/admin/organizations': () => jsonResponse({ code: 'FORBIDDEN', message: 'no' }, 403),
    });
    renderApp('/admin/organizations');
    expect(await screen.findByText(i18n._(ORGANIZATION_TEXTS.loadFailed))).toBeInTheDocument();
  });
});
