import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import {
  addressOf,
  clippedTexts,
  englishDetector,
  englishLeft,
  keepScreenshot,
  nameIn,
  notMirrored,
  notPseudoLocalised,
  openScreen,
  overlaps,
  prepareWalk,
  routeTable,
  type TWalkOrganization,
} from '../support/languages.ts';
import { signIn } from '../support/session.ts';

/**
 * The language walks (issue 33, docs/translating.md#checking-in-the-browser): a German user sees no
 * English; the pseudo-locale reaches every text of every route and clips none; right to left mirrors
 * the layout without overlaps; axe passes in every language. Each screen's findings are soft failures,
 * so that one run lists them all. The walks open many screens each: their time limits are long.
 */

/** The main screens, by their addresses in a walk's organization. */
function mainScreens(walk: TWalkOrganization): string[] {
  return [
    '/dashboard',
    '/assets',
    `/assets/${walk.asset.id}`,
    '/locations',
    `/locations/${walk.location.id}`,
    '/requests',
    `/requests/${walk.report.id}`,
    '/calendar',
    '/assets/import',
    '/settings',
  ];
}

/** The ids the routes with parameters are walked with. */
function routeIds(walk: TWalkOrganization): Record<string, Record<string, string>> {
  return {
    '/a/:organizationId/:slug': { organizationId: walk.organizationId, slug: walk.asset.slug },
    '/l/:organizationId/:slug': { organizationId: walk.organizationId, slug: walk.location.slug },
    '/r/:token': { token: walk.report.statusPath.split('/').at(-1)! },
    '/requests/:id': { id: walk.report.id },
    '/locations/:id': { id: walk.location.id },
    '/assets/import/:id': { id: walk.importId },
    '/assets/:id/edit': { id: walk.asset.id },
    '/assets/:id': { id: walk.asset.id },
    '/admin/checklists/:id': { id: walk.checklist.templateId },
    '/tasks/:eventId/checklist': { eventId: walk.checklist.eventId },
  };
}

/** Opens each tab of the screen after the first (shown and checked with the screen) and checks it. */
async function eachTab(page: Page, check: (tab: string) => Promise<void>) {
  for (const [index, tab] of (await page.getByRole('tab').all()).entries()) {
    if (index === 0) continue;
    const name = (await tab.textContent())?.trim();
    await tab.click();
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    await check(`the tab ${index + 1}, ${name}`);
  }
}

const withLang = (address: string, lang: string) =>
  `${address}${address.includes('?') ? '&' : '?'}lang=${lang}`;

test('a German user sees no English on the main screens @phone', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  const walk = await prepareWalk(request, 'de');
  const english = englishDetector('de', walk.data);
  const check = async (screen: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await keepScreenshot(page, testInfo, `de ${screen}`);
    expect.soft(await englishLeft(page, english), `English on ${screen}`).toEqual([]);
  };

  // Signed out, by the address's choice: the sign-in page and the public QR page.
  for (const address of ['/login', `/a/${walk.organizationId}/${walk.asset.slug}`]) {
    await openScreen(page, withLang(address, 'de'));
    await check(address);
  }
  await page.goto('/login?lang=');
  await signIn(page, walk.user);

  // Signed in, the profile's language.
  for (const address of [...mainScreens(walk), '/profile']) {
    await openScreen(page, address);
    await check(address);
  }

  // The event composer and the schedule form on the asset's page.
  await openScreen(page, `/assets/${walk.asset.id}`);
  for (const [button, screen] of [
    ['Add maintenance event', 'the event composer'],
    ['Add schedule', 'the schedule form'],
  ] as const) {
    await page
      .getByRole('button', { name: nameIn('de', button) })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(screen);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }

  // The other tabs of the settings.
  await openScreen(page, '/settings');
  await eachTab(page, (tab) => check(`/settings, ${tab}`));
});

/** Screenshot, texts the pseudo-locale missed and clipped texts of the screen open. */
async function checkPseudo(page: Page, testInfo: TestInfo, walk: TWalkOrganization, screen: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await keepScreenshot(page, testInfo, `pseudo ${screen}`);
  expect
    .soft(await notPseudoLocalised(page, walk.data), `texts not pseudo-localised on ${screen}`)
    .toEqual([]);
  expect.soft(await clippedTexts(page), `clipped texts on ${screen}`).toEqual([]);
}

test('the pseudo-locale reaches every text of every route and clips none @phone', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(600_000);
  const walk = await prepareWalk(request, null);
  const routes = routeTable();
  const ids = routeIds(walk);

  // Signed out: the public routes (the sign-in pages only open signed out).
  for (const route of routes.filter((route) => route.access === 'public')) {
    await openScreen(page, withLang(addressOf(route, ids), 'pseudo'));
    await checkPseudo(page, testInfo, walk, `${route.path} signed out`);
  }

  // Signed in as the organization's administrator: the others, and the public ones again (but for a
  // location's code, which sends its own staff to the location's page, walked as /locations/:id).
  await page.goto('/login?lang=');
  await signIn(page, walk.user);
  const signedIn = routes.filter(
    (route) => !route.path.startsWith('/login') && !route.path.startsWith('/l/'),
  );
  for (const route of signedIn.filter((route) => route.access !== 'super-admin')) {
    await openScreen(page, withLang(addressOf(route, ids), 'pseudo'));
    await checkPseudo(page, testInfo, walk, route.path);
    await eachTab(page, (tab) => checkPseudo(page, testInfo, walk, `${route.path}, ${tab}`));
  }

  // The super administrator's routes, as the demo's (a super administrator cannot be created).
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const superAdmin = await context.newPage();
  await signIn(superAdmin, E2E_ADMIN);
  for (const route of signedIn.filter((route) => route.access === 'super-admin')) {
    await openScreen(superAdmin, withLang(addressOf(route, ids), 'pseudo'));
    await checkPseudo(superAdmin, testInfo, walk, route.path);
  }
  await context.close();
});

test('right to left, the main screens are mirrored and nothing overlaps @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const walk = await prepareWalk(request, null);
  const screens = [`/a/${walk.organizationId}/${walk.asset.slug}`, ...mainScreens(walk)];
  for (const address of screens) {
    if (address === '/dashboard') {
      await page.goto('/login?lang=');
      await signIn(page, walk.user);
    }
    await openScreen(page, withLang(address, 'pseudo-ar'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await keepScreenshot(page, testInfo, `pseudo-ar ${address}`);
    expect.soft(await notMirrored(page), `not mirrored on ${address}`).toEqual([]);
    expect.soft(await overlaps(page), `overlaps on ${address}`).toEqual([]);
  }
});

for (const language of ['en', 'de', 'fr', 'es'] as const) {
  test(`the main screens pass axe in ${language} @phone`, async ({ page, request }) => {
    // Seven screens: axe takes a few seconds on each, more on a busy machine.
    test.setTimeout(300_000);
    const walk = await prepareWalk(request, language);
    await openScreen(page, withLang(`/a/${walk.organizationId}/${walk.asset.slug}`, language));
    await expectNoViolations(page, { soft: true, screen: `the public page in ${language}` });
    await page.goto('/login?lang=');
    await signIn(page, walk.user);
    for (const address of mainScreens(walk)) {
      await openScreen(page, address);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoViolations(page, { soft: true, screen: `${address} in ${language}` });
    }
  });
}

test('the checks find what they look for', async ({ page }) => {
  await page.setContent(`
    <html dir="ltr"><body>
      <header><a href="/">Brand</a><nav id="main-navigation"><a href="/a">One</a> <a href="/b">Two</a></nav><button>Menu</button></header>
      <p>[Ŝĩĝńēď ĩń~~] Sign out</p>
      <p style="width: 40px; overflow: hidden; white-space: nowrap">A long clipped label</p>
      <p data-truncates style="width: 40px; overflow: hidden; white-space: nowrap">Cut on purpose</p>
      <p>Pastthewindowedge${'x'.repeat(300)}</p>
      <div><button style="margin-right: -60px">First</button><button>Second</button></div>
      <table><thead><tr><th>First column</th><th>Last column</th></tr></thead></table>
    </body></html>`);
  expect(await notPseudoLocalised(page, ['Brand', 'One', 'Two'])).toEqual(
    expect.arrayContaining([expect.stringContaining('Sign out'), expect.stringContaining('Menu')]),
  );
  const clipped = await clippedTexts(page);
  expect(clipped).toEqual(
    expect.arrayContaining([
      expect.stringContaining('A long clipped label'),
      expect.stringMatching(/"Pastthewindowedge.*out of the \d+ px wide window/),
    ]),
  );
  expect(clipped.join('\n')).not.toContain('Cut on purpose');
  expect(await overlaps(page)).toEqual([expect.stringContaining('"First" overlaps button "Second"')]);
  expect(await notMirrored(page)).toEqual([
    '<html dir="ltr">',
    'the header: the brand is left of the account menu',
    'the navigation: its first link is left of the second',
    'the table "First column…": its first column is left of its last',
  ]);
  const english = englishDetector('de', ['Pumpe 7']);
  expect(['Anmelden', 'Sign in', 'Pumpe 7', 'Die Pumpe with a filter'].map(english)).toEqual([
    null,
    'Sign in',
    null,
    'with',
  ]);
});
