import type { TRequestStatus } from '@mqr/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { activateLocale, storeLanguage } from '#web/lib/i18n.ts';
import { jsonResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp, renderPublicRequestApp } from '#web/test/render-app.tsx';

const TOKEN = 'Qk9JTEVSLTItdG9rZW4_x-1';
const PATH = `/public/requests/${TOKEN}`;

function status(overrides: Partial<TRequestStatus> = {}): TRequestStatus {
  return {
    assetName: 'Boiler 2',
    reportedAt: '2026-11-20T08:30:00.000Z',
    urgency: 'unsafe',
    description: 'Water on the floor <b>under</b> it',
    state: 'new',
    ...overrides,
  };
}

describe('the reporter’s status page /r/{token}', () => {
  beforeEach(() => authStore.logout());

  it.each([
    [status(), 'Received'],
    [status({ state: 'accepted', acceptedAt: '2026-11-20T09:00:00.000Z' }), 'Accepted — a task was created'],
    [status({ state: 'done', doneOn: '2026-11-22' }), 'Done on Nov 22, 2026'],
    [status({ state: 'closed', closedReason: 'not_a_fault' }), 'Closed: Not a fault'],
  ])('says where the report is: %#', async (answer, said) => {
    mockFetch({ [PATH]: () => jsonResponse(answer) });
    renderPublicRequestApp(`/r/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your report' })).toBeInTheDocument();
    expect(screen.getByText(said)).toBeInTheDocument();
    expect(screen.getByText('About: Boiler 2')).toBeInTheDocument();
    expect(screen.getByText(/Urgency: It is unsafe/)).toBeInTheDocument();
    // The reporter's words as text, never as HTML.
    expect(screen.getByText('Water on the floor <b>under</b> it')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('answers an unknown token with the same words as any failure', async () => {
    mockFetch({});
    renderPublicRequestApp(`/r/${TOKEN}`);
    expect(
      await screen.findByText('This link does not lead to a report. Check the link, or try again later.'),
    ).toBeInTheDocument();
  });

  it('speaks the visitor’s language from the public catalog', async () => {
    storeLanguage('fr');
    await activateLocale('fr');
    mockFetch({ [PATH]: () => jsonResponse(status({ state: 'closed', closedReason: 'duplicate' })) });
    renderPublicRequestApp(`/r/${TOKEN}`);
    expect(await screen.findByText('Close : Doublon')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Votre signalement' })).toBeInTheDocument();
  });

  it('opens inside the app too (a signed-in viewer following the link)', async () => {
    mockFetch({ [PATH]: () => jsonResponse(status({ state: 'accepted' })) });
    renderApp(`/r/${TOKEN}`);
    expect(await screen.findByText('Accepted — a task was created')).toBeInTheDocument();
  });
});
