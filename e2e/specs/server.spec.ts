import { expect, test } from '@playwright/test';

test('the built app is served with a Content-Security-Policy and history fallback', async ({ request }) => {
  const deepLink = await request.get('/dashboard');
  expect(deepLink.status()).toBe(200);
  expect(deepLink.headers()['content-type']).toContain('text/html');
  expect(deepLink.headers()['content-security-policy']).toContain("default-src 'self'");

  const health = await request.get('/readyz');
  expect(await health.json()).toEqual({ status: 'ready' });

  const unknownApi = await request.get('/api/no-such-route');
  expect(unknownApi.status()).toBe(404);
  expect((await unknownApi.json()).code).toBe('NOT_FOUND');
});

test('no console errors or CSP violations on the home page', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Maintenance history at a glance' })).toBeVisible();
  expect(problems).toEqual([]);
});
