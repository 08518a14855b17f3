import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_ADMIN } from '../support/environment.ts';
import { writeQrVideo } from '../support/qr.ts';
import { uniqueSuffix } from '../support/run-id.ts';

test('scanning an asset label with the camera opens its public page', async ({ request, baseURL }) => {
  const admin = await apiSignIn(request, E2E_ADMIN);
  const asset = await admin.post<{ name: string; slug: string; organizationId: string; publicUrl: string }>(
    '/api/assets',
    { name: `Scanned compressor ${uniqueSuffix()}`, fields: [] },
  );

  // Chromium's fake camera plays a video of the asset's printed QR code.
  const video = path.join(await mkdtemp(path.join(tmpdir(), 'mqr-scan-')), 'label.y4m');
  writeQrVideo(asset.publicUrl, video);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const page = await browser.newPage({ baseURL });
    await page.goto('/scan');
    await expect(page).toHaveURL(new RegExp(`/a/${asset.organizationId}/${asset.slug}$`), {
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('a photo of a code that is not an asset label stays on the scan page', async ({ page }) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'mqr-photo-'));
  const photo = path.join(dir, 'note.png');
  const QRCode = (await import('qrcode')).default;
  await QRCode.toFile(photo, 'Call the facilities desk', { margin: 4, width: 400 });
  await page.goto('/scan');
  await page.getByLabel('Scan from a photo').setInputFiles(photo);
  await expect(page.getByText('Scanned: Call the facilities desk')).toBeVisible();
  await expect(page.getByText('This is not an asset code.')).toBeVisible();
  await expect(page).toHaveURL(/\/scan$/);
});
