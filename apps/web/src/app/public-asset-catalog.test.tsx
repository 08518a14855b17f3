import { i18n } from '@lingui/core';
import type { TPublicAsset } from '@mqr/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_CATALOGS } from '#web/lib/app-catalogs.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { activateLocale, speakFrom } from '#web/lib/i18n.ts';
import { PUBLIC_CATALOGS } from '#web/lib/public-catalogs.ts';
import { jsonResponse, mockFetch } from '#web/test/fixtures.ts';
import {
  PUBLIC_ORG as ORG,
  PUBLIC_PATH as PATH,
  publicAsset,
  PUBLIC_SLUG as SLUG,
} from '#web/test/public-asset.ts';
import { renderPublicAssetApp } from '#web/test/render-app.tsx';

// The lean public page speaks from its own catalog (ADR 120): every text it shows, in every state of the
// page, is there in each language. Lingui says "missing" for a message its active catalog lacks
// (a production build would show the message's id in its place).

const { events, files } = publicAsset();
const [completed, pending] = events as [TPublicAsset['events'][number], TPublicAsset['events'][number]];

/** An asset that shows every part of the page: retired, overdue, typed values, tasks in each state, files, older events. */
const ASSET = publicAsset({
  retiredAt: '2026-02-01T00:00:00.000Z',
  fields: [
    { label: 'Insured', value: 'true', dataType: 'Boolean' },
    { label: 'Leased', value: 'false', dataType: 'Boolean' },
    { label: 'Bought', value: '2026-03-01', dataType: 'Date' },
    { label: 'Power', value: '1200.5', dataType: 'Number' },
    { label: 'Colour', value: null },
  ],
  events: [
    completed,
    { ...pending, dueOn: '2026-03-01', dueState: 'overdue' },
    { ...pending, title: 'Filter', taskStatus: 'InProgress', dueOn: '2026-03-10', dueState: 'dueSoon' },
    { ...pending, title: 'Valve', dueOn: '2026-03-03', dueState: 'dueToday' },
  ],
  eventsNextAfter: 'cursor-1',
  eventCount: 9,
  files,
  nextServiceDue: '2026-03-01',
  overdue: true,
});

describe.each(['de', 'fr', 'es'] as const)('the lean public page in %s', (language) => {
  let missing: string[];
  const listen = ({ id }: { id: string }) => missing.push(id);

  beforeEach(async () => {
    authStore.logout();
    missing = [];
    speakFrom(PUBLIC_CATALOGS);
    await activateLocale(language);
    i18n.on('missing', listen);
  });
  afterEach(() => {
    i18n.removeListener('missing', listen);
    window.history.replaceState(null, '', '/');
  });

  it('finds every text of a full asset page in its own catalog, older events failing to load included', async () => {
    mockFetch({
      [PATH]: () => jsonResponse(ASSET),
      [`${PATH}/events`]: () => jsonResponse({ code: 'UNAVAILABLE', message: 'Down' }, 503),
    });
    const user = userEvent.setup();
    renderPublicAssetApp(`/a/${ORG}/${SLUG}`);
    await screen.findByRole('heading', { level: 1, name: 'Boiler 2' });
    const older = screen.getAllByRole('button').at(-1)!;
    await user.click(older);
    expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
    expect(document.documentElement.lang).toBe(language);
    expect(missing).toEqual([]);
  });

  it('finds the loading and failure texts in it too', async () => {
    mockFetch({ [PATH]: () => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404) });
    renderPublicAssetApp(`/a/${ORG}/${SLUG}`);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(missing).toEqual([]);
  });

  it('holds a few hundred messages, where the app’s catalog holds over a thousand', async () => {
    const publicCount = Object.keys(i18n.messages).length;
    speakFrom(APP_CATALOGS);
    await activateLocale('en');
    await activateLocale(language);
    expect(publicCount).toBeGreaterThan(100);
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(publicCount * 4);
  });
});
