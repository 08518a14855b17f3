import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { jsonResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderPublicAssetApp } from '#web/test/render-app.tsx';
import { publicAssetParams } from './public-asset-app.tsx';

const ORG = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';
const PATH = `/public/orgs/${ORG}/assets/pump-1`;
const ASSET = {
  name: 'Pump 1',
  slug: 'pump-1',
  description: null,
  organizationId: ORG,
  qrCodeUrl: `${PATH}/qr.png`,
  fields: [],
  events: [],
  eventsNextAfter: null,
  eventCount: 0,
  files: [],
};

describe('publicAssetParams', () => {
  it('reads /a/{organizationId}/{slug} as the app route does, and nothing else', () => {
    expect(publicAssetParams(`/a/${ORG}/pump-1`)).toEqual({ organizationId: ORG, slug: 'pump-1' });
    expect(publicAssetParams(`/a/${ORG}/pump-1/`)).toEqual({ organizationId: ORG, slug: 'pump-1' });
    expect(publicAssetParams('/a/org/caf%C3%A9')).toEqual({ organizationId: 'org', slug: 'café' });
    for (const path of ['/a/org', '/a/org/slug/more', '/assets/org/slug', '/a//slug', '/a/org/%E0%A4%A']) {
      expect(publicAssetParams(path), path).toBeNull();
    }
  });
});

describe('the lean public asset page', () => {
  beforeEach(() => {
    authStore.logout();
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('asks for the asset once, before it renders', async () => {
    const calls = mockFetch({ [PATH]: () => jsonResponse(ASSET) });
    renderPublicAssetApp(`/a/${ORG}/pump-1`);
    expect(calls.map((call) => call.url.pathname)).toEqual([PATH]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pump 1' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('has the header a signed-out visitor sees, with links that load the app', async () => {
    mockFetch({ [PATH]: () => jsonResponse(ASSET) });
    const user = userEvent.setup();
    renderPublicAssetApp(`/a/${ORG}/pump-1`);
    await screen.findByRole('heading', { level: 1, name: 'Pump 1' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Maintenance QR' })).toHaveAttribute('href', '/');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Scan QR', '/scan'],
      ['Assets', '/assets'],
    ]);
    for (const link of nav.getAllByRole('link')) expect(link).not.toHaveAttribute('aria-current');
    expect(within(banner).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Maintenance QR`);

    const menu = within(banner).getByRole('button', { name: 'Menu' });
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
    expect(menu).toHaveFocus();
  });
});
