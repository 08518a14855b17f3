import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineDb } from '#web/features/offline/index.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { jsonResponse, mockFetch } from '#web/test/fixtures.ts';
import {
  PUBLIC_ORG as ORG,
  PUBLIC_PATH as PATH,
  publicAsset,
  PUBLIC_SLUG as SLUG,
} from '#web/test/public-asset.ts';
import { renderPublicAssetApp } from '#web/test/render-app.tsx';
import { solveReportChallenge } from '../lib/altcha.ts';
import { PUBLIC_REPORTS_OWNER } from '../lib/report-outbox.ts';
import { resizePhoto } from '../lib/resize-photo.ts';

// The proof of work runs in a web worker and the resizing on a canvas: neither exists in jsdom.
vi.mock('../lib/altcha.ts', () => ({ solveReportChallenge: vi.fn() }));
vi.mock('../lib/resize-photo.ts', () => ({ resizePhoto: vi.fn() }));

const REPORTS = `POST ${PATH}/reports`;
const RESIZED = new Blob(['small-jpeg'], { type: 'image/jpeg' });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

async function openForm() {
  renderPublicAssetApp(`/a/${ORG}/${SLUG}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
  return screen.findByRole('textbox', { name: /What is wrong\?/ });
}

async function queuedReports() {
  return (await offlineDb()).getAllFromIndex('outbox', 'owner', PUBLIC_REPORTS_OWNER);
}

describe('report a problem (public asset page)', () => {
  beforeEach(async () => {
    authStore.logout();
    setOnline(true);
    vi.mocked(solveReportChallenge).mockResolvedValue('solved-payload');
    vi.mocked(resizePhoto).mockResolvedValue(RESIZED);
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    const db = await offlineDb();
    await db.clear('outbox');
  });
  afterEach(() => setOnline(true));

  it('is offered only where the organization and the asset allow it', async () => {
    mockFetch({ [PATH]: () => jsonResponse(publicAsset({ reporting: { enabled: false, handling: null } })) });
    renderPublicAssetApp(`/a/${ORG}/${SLUG}`);
    await screen.findByRole('heading', { name: 'Boiler 2' });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it('asks what is wrong and how urgent before sending anything', async () => {
    const calls = mockFetch({ [PATH]: () => jsonResponse(publicAsset()) });
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('Say what is wrong.')).toBeInTheDocument();
    expect(screen.getByText('Choose how urgent it is.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /What is wrong\?/ })).toHaveAttribute('aria-invalid', 'true');
    // A message goes once its field is changed.
    await userEvent.click(screen.getByRole('radio', { name: 'It works' }));
    expect(screen.queryByText('Choose how urgent it is.')).not.toBeInTheDocument();
    expect(screen.getByText('Say what is wrong.')).toBeInTheDocument();
    // An email that is no address is refused too.
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('Enter a valid email address, or leave it empty.')).toBeInTheDocument();
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);
    expect(solveReportChallenge).not.toHaveBeenCalled();
  });

  it('sends the report as multipart with its photo resized, the honeypot empty and an Idempotency-Key, then shows the status link', async () => {
    let sent: { body: FormData; key: string | null } | null = null;
    mockFetch({
      [PATH]: () => jsonResponse(publicAsset()),
      [REPORTS]: (_url, init) => {
        sent = { body: init.body as FormData, key: new Headers(init.headers).get('Idempotency-Key') };
        return jsonResponse({ token: 'tok_123', statusUrl: '/r/tok_123' }, 201);
      },
    });
    const description = await openForm();
    await userEvent.type(description, 'The valve leaks');
    await userEvent.click(screen.getByRole('radio', { name: 'It is unsafe' }));
    const camera = new File(['big-camera-photo'], 'IMG_0001.HEIC', { type: 'image/heic' });
    await userEvent.upload(screen.getByLabelText('Take or add a photo'), camera);
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    expect(resizePhoto).toHaveBeenCalledWith(camera);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'cleaner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));

    expect(await screen.findByRole('heading', { name: 'Thank you, your report was received' })).toHaveFocus();
    expect(screen.getByRole('link', { name: /\/r\/tok_123$/ })).toHaveAttribute('href', '/r/tok_123');
    expect(screen.getByText('You will also get the updates by email.')).toBeInTheDocument();
    expect(solveReportChallenge).toHaveBeenCalledWith(ORG, SLUG);
    const { body, key } = sent!;
    expect(body.get('description')).toBe('The valve leaks');
    expect(body.get('urgency')).toBe('unsafe');
    expect(body.get('email')).toBe('cleaner@example.com');
    expect(body.get('website')).toBe('');
    expect(body.get('altcha')).toBe('solved-payload');
    const photos = body.getAll('photos') as File[];
    expect(photos).toHaveLength(1);
    expect(photos[0]!.size).toBe(RESIZED.size);
    expect(photos[0]!.type).toBe('image/jpeg');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the report in the outbox when there is no connection, and says it will be sent', async () => {
    const calls = mockFetch({ [PATH]: () => jsonResponse(publicAsset()) });
    const description = await openForm();
    setOnline(false);
    await userEvent.type(description, 'Light is broken');
    await userEvent.click(screen.getByRole('radio', { name: 'It is stopped' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText(/No connection: your report is kept on this device/)).toBeInTheDocument();
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);
    const [entry, ...others] = await queuedReports();
    expect(others).toHaveLength(0);
    expect(entry!.write).toMatchObject({
      kind: 'public-report',
      organizationId: ORG,
      slug: SLUG,
      draft: { description: 'Light is broken', urgency: 'stopped', website: '' },
    });
    expect(entry!.state).toBe('waiting');
  });

  it('queues the report when the connection drops while sending, and sends it with the same key when it returns', async () => {
    const keys: (string | null)[] = [];
    let up = false;
    mockFetch({
      [PATH]: () => jsonResponse(publicAsset()),
      [REPORTS]: (_url, init) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        if (!up) throw new TypeError('Failed to fetch');
        return jsonResponse({ token: 'tok_9', statusUrl: '/r/tok_9' }, 201);
      },
    });
    const description = await openForm();
    await userEvent.type(description, 'Door stuck');
    await userEvent.click(screen.getByRole('radio', { name: 'It works badly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText(/No connection: your report is kept on this device/)).toBeInTheDocument();
    expect(await queuedReports()).toHaveLength(1);

    up = true;
    window.dispatchEvent(new Event('online'));
    expect(
      await screen.findByRole('heading', { name: 'Thank you, your report was received' }),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await queuedReports()).toHaveLength(0));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('says the server’s reason for a refused field next to it', async () => {
    mockFetch({
      [PATH]: () => jsonResponse(publicAsset()),
      [REPORTS]: () =>
        jsonResponse(
          {
            code: 'VALIDATION',
            message: 'Invalid input',
            fields: [{ path: 'email', message: 'Enter a valid email address, or leave it empty.' }],
          },
          400,
        ),
    });
    const description = await openForm();
    await userEvent.type(description, 'Noise');
    await userEvent.click(screen.getByRole('radio', { name: 'It works' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('Enter a valid email address, or leave it empty.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the open report being handled, and counts a "me too"', async () => {
    let meToo: unknown = null;
    mockFetch({
      [PATH]: () =>
        jsonResponse(
          publicAsset({
            reporting: {
              enabled: true,
              handling: { reportedOn: '2026-11-20', meTooCount: 2, requestId: 'req-1' },
            },
          }),
        ),
      [`POST ${PATH}/reports/req-1/me-too`]: (_url, init) => {
        meToo = JSON.parse(String(init.body));
        return jsonResponse({ meTooCount: 3 });
      },
    });
    renderPublicAssetApp(`/a/${ORG}/${SLUG}`);
    const card = (await screen.findByRole('heading', { name: 'Report a problem' })).closest('section')!;
    expect(
      within(card).getByText(/A problem was reported on Nov 20, 2026 and is being handled\./),
    ).toBeInTheDocument();
    expect(within(card).getByText('2 people said "me too"')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Me too' }));
    expect(await within(card).findByText('3 people said "me too"')).toBeInTheDocument();
    expect(within(card).getByText('Thank you: your "me too" was counted.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Me too' })).toBeDisabled();
    expect(meToo).toEqual({ altcha: 'solved-payload' });
  });
});
