import type { TLanguage } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { LANGUAGE_STORAGE_KEY, LOCALE_OVERRIDE_STORAGE_KEY } from '#web/lib/i18n.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch, organization } from '#web/test/fixtures.ts';
import { renderApp, renderPublicAssetApp } from '#web/test/render-app.tsx';

// The language choice (ADR 110) as people make it: the profile's select, the public page's switcher.

const ORG = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';
const SLUG = 'boiler-2-x7k2q9';
const ACME = organization({ defaultLanguage: 'fr' });

describe('the profile’s language', () => {
  beforeEach(() => authStore.logout());

  it('offers the organization’s default and our languages by their own names, saves the choice and speaks it', async () => {
    authStore.login(loginResponse(), 'alex@example.com');
    let language: TLanguage | null = null;
    const calls = mockFetch({
      'GET /api/auth/me': () => jsonResponse(currentUser({ language, organizationLanguage: 'fr' })),
      'PUT /api/auth/me': (_url, init) => {
        language = JSON.parse(String(init.body)).language;
        return jsonResponse(currentUser({ language, organizationLanguage: 'fr' }));
      },
      '/api/auth/organization': () => jsonResponse(ACME),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    // The organization's default is French: the screens speak it until the person chooses.
    const select = await screen.findByRole('combobox', { name: 'Langue' });
    expect(document.documentElement.lang).toBe('fr');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Par défaut de l’organisation (Français)', 'English', 'Deutsch', 'Français', 'Español']);
    expect(select).toHaveValue('');

    await user.selectOptions(select, 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto verwalten' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByRole('status')).toHaveTextContent('Sprache gespeichert.');
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    const saved = calls
      .filter((call) => call.init.method === 'PUT')
      .map((call) => JSON.parse(String(call.init.body)));
    expect(saved).toEqual([{ language: 'de' }]);

    // Back to the organization's default: null, and French again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), '');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gérer votre compte' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(language).toBeNull();
  });
});

describe('the organization’s default language', () => {
  beforeEach(() => authStore.logout());

  it('is saved with the settings and becomes the language of those who chose none', async () => {
    authStore.login(loginResponse({ isAdmin: true }), 'alex@example.com');
    let organization = { ...ACME, defaultLanguage: 'en' };
    const calls = mockFetch({
      'GET /api/auth/me': () =>
        jsonResponse(
          currentUser({ isAdmin: true, organizationLanguage: organization.defaultLanguage as TLanguage }),
        ),
      'PUT /api/admin/organization/settings': (_url, init) => {
        organization = { ...organization, ...JSON.parse(String(init.body)) };
        return jsonResponse(organization);
      },
      '/api/auth/organization': () => jsonResponse(organization),
      '/api/client-config': () => jsonResponse({ supportEmail: null, emailReminders: true }),
    });
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Organization' }));
    const select = await screen.findByRole('combobox', { name: 'Default language' });
    expect(select).toHaveValue('en');
    await user.selectOptions(select, 'es');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Ajustes de la organización guardados.')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('combobox', { name: 'Idioma predeterminado' })).toHaveValue('es');
    const put = calls.find((call) => call.init.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toEqual({
      timeZone: 'UTC',
      defaultLanguage: 'es',
      currency: 'EUR',
    });
  });
});

describe('the public page’s language switcher', () => {
  beforeEach(() => authStore.logout());

  function asset() {
    return {
      name: 'Boiler 2',
      slug: SLUG,
      description: null,
      organizationId: ORG,
      qrCodeUrl: '/qr.png',
      retiredAt: null,
      fields: [{ label: 'Serial', value: 'SN-42' }],
      events: [],
      eventsNextAfter: null,
      eventCount: 0,
      files: [],
      nextServiceDue: null,
      overdue: false,
    };
  }

  it('changes the texts and <html lang>, and keeps the choice on this device', async () => {
    mockFetch({ [`/public/orgs/${ORG}/assets/${SLUG}`]: () => jsonResponse(asset()) });
    const user = userEvent.setup();
    renderPublicAssetApp(`/a/${ORG}/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Maintenance history' })).toBeInTheDocument();
    const switcher = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Deutsch', 'Français', 'Español']);

    await user.selectOptions(switcher, 'fr');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Historique de maintenance' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Aucune maintenance enregistrée pour l’instant.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  });

  it('never offers the pseudo-locales, which `?lang=` forces for development and tests', async () => {
    window.history.replaceState(null, '', `/a/${ORG}/${SLUG}?lang=pseudo-ar`);
    const { activateLocale, visitorLocale } = await import('#web/lib/i18n.ts');
    expect(visitorLocale()).toBe('pseudo-ar');
    await activateLocale(visitorLocale());
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(localStorage.getItem(LOCALE_OVERRIDE_STORAGE_KEY)).toBe('pseudo-ar');
    mockFetch({ [`/public/orgs/${ORG}/assets/${SLUG}`]: () => jsonResponse(asset()) });
    renderPublicAssetApp(`/a/${ORG}/${SLUG}`);
    const switcher = await screen.findByRole('combobox');
    expect(within(switcher).queryByRole('option', { name: /pseudo/i })).toBeNull();
    expect(within(switcher).getAllByRole('option')).toHaveLength(4);
    // `?lang=` with no value forgets it.
    window.history.replaceState(null, '', `/a/${ORG}/${SLUG}?lang=`);
    expect(visitorLocale()).toBe('en');
    expect(localStorage.getItem(LOCALE_OVERRIDE_STORAGE_KEY)).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});
