import type { TPublicLocation } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { location } from '#web/features/locations/location-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp, renderPublicLocationApp } from '#web/test/render-app.tsx';

const ORG = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';
const SLUG = 'boiler-room-x1';
const PATH = `/public/orgs/${ORG}/locations/${SLUG}`;

const ROOM: TPublicLocation = {
  name: 'Boiler room',
  path: 'Plant A / Building 2 / Boiler room',
  organizationId: ORG,
  assetCount: 3,
  assets: [
    { name: 'Boiler 2', slug: 'boiler-2', nextServiceDue: '2026-01-02', overdue: true },
    { name: 'Pump 1', slug: 'pump-1', nextServiceDue: '2026-09-01', overdue: false },
  ],
};

// The page is the same in the app (after a scan) and on its lean entry (a QR code's address).
describe.each([
  ['in the app', (path: string) => renderApp(path)],
  ['on the lean page', (path: string) => renderPublicLocationApp(path)],
])('the public location page %s', (_where, render) => {
  beforeEach(() => authStore.logout());

  it('shows the location, its path and its assets with their next service, overdue first', async () => {
    mockFetch({ [PATH]: () => jsonResponse(ROOM) });
    render(`/l/${ORG}/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Boiler room' })).toBeInTheDocument();
    expect(screen.getByText('Plant A / Building 2 / Boiler room')).toBeInTheDocument();
    expect(screen.getByText('3 assets in service here and below.')).toBeInTheDocument();
    expect(screen.getByText('The first 2 of 3 are listed, overdue first.')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Assets here' });
    const [boiler, pump] = within(list).getAllByRole('listitem');
    expect(within(boiler!).getByRole('link', { name: 'Boiler 2' })).toHaveAttribute(
      'href',
      `/a/${ORG}/boiler-2`,
    );
    expect(boiler).toHaveTextContent('Overdue');
    expect(boiler).toHaveTextContent(`Next service due ${formatCalendarDate('2026-01-02')}`);
    expect(pump).not.toHaveTextContent('Overdue');
  });

  it('says the page is not public, and offers staff to sign in', async () => {
    mockFetch({
      [PATH]: () =>
        jsonResponse(
          { code: 'NOT_FOUND', message: 'This organization does not show its locations publicly.' },
          404,
        ),
    });
    render(`/l/${ORG}/${SLUG}`);
    expect(
      await screen.findByText(
        'This location has no public page, or its QR code is not valid. Staff can sign in to see it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff: sign in to see this location’s page' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/l/${ORG}/${SLUG}`)}`,
    );
  });
});

describe('a location’s QR code scanned by staff', () => {
  beforeEach(() => authStore.logout());

  it('opens the location’s own page for a member of its organization', async () => {
    authStore.login(loginResponse({ organizationId: ORG }), 'alex@example.com');
    const room = location();
    mockFetch({
      '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG })),
      '/api/auth/organization': () => jsonResponse({ id: ORG, name: 'Acme', logoUrl: null }),
      [`/api/locations/${SLUG}`]: () => jsonResponse(room),
    });
    const { router } = renderApp(`/l/${ORG}/${SLUG}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/locations/${room.id}`));
  });
});
