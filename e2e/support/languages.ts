import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { apiSignIn } from './api.ts';
import { E2E_ADMIN } from './environment.ts';
import { reportProblem } from './reports.ts';
import { uniqueSuffix } from './run-id.ts';

/**
 * The language walks (docs/translating.md#checking-in-the-browser): what a screen shows, gathered in
 * the page, and the checks run on it: English left on a translated screen, texts the pseudo-locale did
 * not reach, clipped texts, a right-to-left layout that is not mirrored, and overlapping controls.
 */

const WEB_SOURCE = path.resolve(import.meta.dirname, '../../apps/web/src');

// ---------------------------------------------------------------------------------------------------
// The catalogs and the route table, read as files (the web app's modules need its bundler).

/** msgid → msgstr of one of the web app's catalogs (apps/web/src/locales/<locale>/messages.po). */
export function readCatalog(locale: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (text: string) => JSON.parse(`"${text}"`) as string;
  let field: 'msgid' | 'msgstr' | null = null;
  let id = '';
  let translation = '';
  const flush = () => {
    if (id) entries.set(id, translation);
    id = '';
    translation = '';
  };
  for (const line of readFileSync(path.join(WEB_SOURCE, 'locales', locale, 'messages.po'), 'utf8').split(
    '\n',
  )) {
    const start = /^(msgid|msgstr) "(.*)"$/.exec(line);
    const more = /^"(.*)"$/.exec(line);
    if (start?.[1] === 'msgid') {
      flush();
      field = 'msgid';
      id = unquote(start[2]!);
    } else if (start) {
      field = 'msgstr';
      translation = unquote(start[2]!);
    } else if (more && field === 'msgid') id += unquote(more[1]!);
    else if (more && field === 'msgstr') translation += unquote(more[1]!);
    else field = null;
  }
  flush();
  return entries;
}

/** A route of apps/web/src/app/route-table.ts: its path pattern and who may open it. */
export type TRouteEntry = { path: string; access: 'public' | 'signed-in' | 'admin' | 'super-admin' };

/** Every route of the route table, read from its source (its screens are modules only Vite can load). */
export function routeTable(): TRouteEntry[] {
  const source = readFileSync(path.join(WEB_SOURCE, 'app/route-table.ts'), 'utf8');
  const routes = [...source.matchAll(/path: '([^']+)',\s*access: '([a-z-]+)'/g)].map(([, path, access]) => ({
    path: path!,
    access: access as TRouteEntry['access'],
  }));
  expect(routes.length, 'routes read from route-table.ts').toBeGreaterThan(10);
  return routes;
}

/** The route's address with its parameters filled in (`:id` → ids[':id' of that route]). */
export function addressOf(route: TRouteEntry, ids: Record<string, Record<string, string>>): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const id = ids[route.path]?.[name];
    expect(id, `the walk has no ${name} for ${route.path}: add one to its ids`).toBeTruthy();
    return id!;
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A control's name in a language, as a pattern that also matches the English source: a screen not yet
 * translated can still be walked (and its English is reported by the check, not by a missing button).
 */
export function nameIn(locale: string, english: string): RegExp {
  const translated = readCatalog(locale).get(english) || english;
  return new RegExp(`^(${escapeRegExp(translated)}|${escapeRegExp(english)})$`);
}

// ---------------------------------------------------------------------------------------------------
// What a screen shows.

/** A text the page shows or speaks: a text node, an attribute read aloud or shown, or the title. */
export type TShownText = { text: string; kind: string; where: string };

/**
 * Every text of the page a person sees or a screen reader reads: rendered text nodes (screen-reader-only
 * ones too; the options of a shown select), aria-label, aria-description, placeholder, title and alt of
 * rendered elements, and the document's title.
 */
export async function shownTexts(page: Page): Promise<TShownText[]> {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const parts: string[] = [];
      for (
        let e: Element | null = element, n = 0;
        e && e !== document.body && n < 4;
        e = e.parentElement, n++
      ) {
        const label = e.getAttribute('aria-label');
        parts.unshift(
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${label ? `[aria-label="${label}"]` : ''}`,
        );
      }
      return parts.join(' > ');
    };
    const rendered = (element: Element) =>
      (element.closest('select') ?? element).checkVisibility({ visibilityProperty: true });
    const texts: { text: string; kind: string; where: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
      if (rendered(parent)) texts.push({ text, kind: 'text', where: describe(parent) });
    }
    const attributes = ['aria-label', 'aria-description', 'placeholder', 'title', 'alt'];
    for (const element of document.body.querySelectorAll(attributes.map((name) => `[${name}]`).join(','))) {
      if (!rendered(element)) continue;
      for (const name of attributes) {
        const text = element.getAttribute(name)?.trim();
        if (text) texts.push({ text, kind: name, where: describe(element) });
      }
    }
    if (document.title) texts.push({ text: document.title, kind: 'document title', where: 'title' });
    return texts;
  });
}

/** Takes out of a text what is not the product's words: data, e-mail and web addresses, time zones, currencies. */
function withoutData(text: string, data: readonly string[]): string {
  // Currencies as the organization's currency select shows them, their names Intl's in the page's
  // language (ADR 131; the pseudo-locales borrow English's): "CHF – Swiss Franc". Before the data,
  // which could cut a code's letters.
  let rest = text.replace(/^[A-Z]{3} – .*$/, ' ');
  for (const value of data) if (rest.includes(value)) rest = rest.split(value).join(' ');
  return (
    rest
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
      .replace(/\bhttps?:\/\/\S+/g, ' ')
      .replace(/\b[\w-]+(\.[\w-]+)*\.(com|org|net)\b/g, ' ') // host names: example.com
      .replace(/\b[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\b/g, ' ') // ids
      // IANA time zones, as the selects show them: Europe/Berlin, America/Port of Spain.
      .replace(
        /\b(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[^,;()]*/g,
        ' ',
      )
  );
}

/**
 * Names shown as they are in every language: the product's, the languages' names in themselves (the
 * language selects), and technical names.
 */
export const UNTRANSLATED_NAMES = [
  'Maintenance QR',
  // The single sign-on settings' example of a provider's name (a placeholder).
  'Acme Login',
  'English',
  'Deutsch',
  'Français',
  'Español',
  'OpenID Connect',
  'CSV',
  'JSON',
  'PDF',
  'QR',
  'UTC',
];

// ---------------------------------------------------------------------------------------------------
// English left on a translated screen.

/** English function words no German, French or Spanish sentence has: a sentence left in the code. */
const ENGLISH_WORDS = [
  'the',
  'and',
  'of',
  'to',
  'your',
  'you',
  'with',
  'this',
  'for',
  'are',
  'is',
  'from',
  'has',
  'have',
  'been',
  'were',
  'by',
  'or',
  'that',
  'there',
  'which',
  'not',
  'no',
];

/**
 * English messages that are German words too, which a German sentence may hold although the German
 * catalog translates the message itself otherwise ("Export" the button is "Exportieren"; "aus dem
 * Export" is German). Messages the catalog translates to themselves are found by the catalog.
 */
const SHARED_WITH_GERMAN: readonly string[] = ['Export', 'Import'];

export type TEnglishDetector = (text: string) => string | null;

/**
 * The English a text shows on a screen in `locale`: an English message of the web's catalog in it
 * (whole words; a message with `{values}` with anything in their place; plurals and selects skipped),
 * unless the locale's catalog translates it to the same words; else an English function word. Data
 * taken out first.
 */
export function englishDetector(locale: string, data: readonly string[]): TEnglishDetector {
  const translations = readCatalog(locale);
  const patterns: string[] = [];
  for (const english of readCatalog('en').keys()) {
    if (translations.get(english) === english) continue;
    if (SHARED_WITH_GERMAN.includes(english) || /[<>]|\{\w+,/.test(english)) continue;
    const parts = english.split(/\{\w+\}/);
    if (parts.join('').replace(/[^\p{L}]/gu, '').length < 3) continue;
    patterns.push(parts.map(escapeRegExp).join('.+?'));
  }
  patterns.sort((a, b) => b.length - a.length);
  const messages = new RegExp(`(?<![\\p{L}\\p{N}])(${patterns.join('|')})(?![\\p{L}\\p{N}])`, 'u');
  const words = new RegExp(`(?<![\\p{L}\\p{N}'’-])(${ENGLISH_WORDS.join('|')})(?![\\p{L}\\p{N}'’-])`, 'iu');
  const known = [...data, ...UNTRANSLATED_NAMES].sort((a, b) => b.length - a.length);
  return (text) => {
    const rest = withoutData(text, known);
    return messages.exec(rest)?.[1] || words.exec(rest)?.[1] || null;
  };
}

/** Each shown text with English in it, as "kind at where: text (English)". */
export async function englishLeft(page: Page, detect: TEnglishDetector): Promise<string[]> {
  return (await shownTexts(page)).flatMap(({ text, kind, where }) => {
    const english = detect(text);
    return english ? [`${kind} at ${where}: "${text}" (English: "${english}")`] : [];
  });
}

// ---------------------------------------------------------------------------------------------------
// The pseudo-locale: every product text accented and bracketed.

/** Words of an English date or time, which the pseudo-locale writes in English (lib/i18n.ts intlLocale). */
const DATE_WORDS = new Set(
  [
    ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September'],
    ...['October', 'November', 'December', 'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep'],
    ...['Sept', 'Oct', 'Nov', 'Dec', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    ...['Saturday', 'Sunday', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mo', 'Tu', 'We'],
    ...['Th', 'Fr', 'Sa', 'Su', 'AM', 'PM'],
  ].map((word) => word.toLowerCase()),
);

/**
 * The words of a text the pseudo-locale did not write: words of two or more letters all plain a–z
 * (the pseudo-locale accents every letter but v and x), data, names and date words excepted.
 */
export function unlocalisedWords(text: string, data: readonly string[]): string[] {
  const known = [...data, ...UNTRANSLATED_NAMES].sort((a, b) => b.length - a.length);
  const words = withoutData(text, known).match(/\p{L}+/gu) ?? [];
  return words.filter(
    (word) =>
      word.length > 1 &&
      /^[A-Za-z]+$/.test(word) &&
      !/^[vx]+$/i.test(word) &&
      !DATE_WORDS.has(word.toLowerCase()),
  );
}

/** Each shown text the pseudo-locale did not reach, as "kind at where: text". */
export async function notPseudoLocalised(page: Page, data: readonly string[]): Promise<string[]> {
  return (await shownTexts(page)).flatMap(({ text, kind, where }) =>
    unlocalisedWords(text, data).length > 0 ? [`${kind} at ${where}: "${text}"`] : [],
  );
}

// ---------------------------------------------------------------------------------------------------
// Layout: clipped texts, a mirrored layout, overlaps.

/**
 * Elements whose text is cut: their content is wider (or taller) than their box while they hide the
 * overflow (overflow hidden or clip, or text-overflow: ellipsis), or their text runs out of the window
 * (the page scrolls sideways). Screen-reader-only boxes (1 px) and elements inside `[data-truncates]`
 * (where cutting a long name is the design) are left out.
 */
export async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('[data-truncates]') || !element.checkVisibility({ visibilityProperty: true }))
        continue;
      if (element.clientWidth <= 1 || element.clientHeight <= 1 || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      const wide =
        (hides(style.overflowX) || style.textOverflow === 'ellipsis') &&
        element.scrollWidth > element.clientWidth + 1;
      const tall = hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (wide || tall) {
        const text = element.textContent.replace(/\s+/g, ' ').trim().slice(0, 80);
        const size = wide
          ? `${element.scrollWidth} > ${element.clientWidth} px wide`
          : `${element.scrollHeight} > ${element.clientHeight} px high`;
        clipped.push(`${element.tagName.toLowerCase()} "${text}": ${size}`);
      }
    }
    // Wider than the window: the page scrolls sideways and a text runs out of it (a long word that
    // does not wrap). Each text that ends past an edge of the window, by its parent.
    const width = document.documentElement.clientWidth;
    const screenReaderOnly = (element: Element) => {
      for (let e: Element | null = element; e; e = e.parentElement) {
        if (e.clientWidth <= 1 && e.clientHeight <= 1 && getComputedStyle(e).overflow !== 'visible')
          return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > width + 1) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent?.trim() || !parent || parent.closest('[data-truncates], script, style'))
          continue;
        if (!parent.checkVisibility({ visibilityProperty: true }) || screenReaderOnly(parent)) continue;
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.width > 1 && (box.right > width + 1 || box.left < -1)) {
          const text = node.textContent.replace(/\s+/g, ' ').trim().slice(0, 80);
          clipped.push(`${parent.tagName.toLowerCase()} "${text}": out of the ${width} px wide window`);
        }
      }
    }
    return clipped;
  });
}

const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], h1, h2, h3, h4, h5, h6';

/**
 * Sibling boxes that overlap: among the children of each element, those that are or hold a control or
 * a heading, rendered in the flow (not absolute or fixed: popovers, the skip link), more than 1 px each
 * way.
 */
export async function overlaps(page: Page): Promise<string[]> {
  return page.evaluate((controls) => {
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
    for (const parent of document.body.querySelectorAll('*')) {
      const boxes = [...parent.children]
        .filter((child) => child.matches(controls) || child.querySelector(controls))
        .filter((child) => child.checkVisibility({ visibilityProperty: true }))
        .filter((child) => !['absolute', 'fixed'].includes(getComputedStyle(child).position))
        .map((child) => ({ child, box: child.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 1 && box.height > 1);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!.box;
          const b = boxes[j]!.box;
          const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (across > 1 && down > 1)
            found.push(`${name(boxes[i]!.child)} overlaps ${name(boxes[j]!.child)}`);
        }
      }
    }
    return found;
  }, CONTROLS);
}

/**
 * What is not mirrored on a right-to-left screen: `<html dir>`, the header's brand left of the account
 * menu, the navigation's first link left of the second (same row), a table's first column left of its
 * last.
 */
export async function notMirrored(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.dir !== 'rtl') problems.push(`<html dir="${document.documentElement.dir}">`);
    const shown = (element: Element | null | undefined): element is Element =>
      !!element &&
      element.checkVisibility({ visibilityProperty: true }) &&
      element.getBoundingClientRect().width > 1;
    const centre = (element: Element) => {
      const box = element.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    };
    const header = document.querySelector('header');
    const brand = header?.querySelector('a[href="/"]');
    const account = [...(header?.querySelectorAll('button, a[href="/login"]') ?? [])].filter(shown).at(-1);
    if (shown(brand) && account && centre(brand).x < centre(account).x) {
      problems.push('the header: the brand is left of the account menu');
    }
    const links = [...document.querySelectorAll('nav#main-navigation a')].filter(shown);
    if (links.length > 1 && Math.abs(centre(links[0]!).y - centre(links[1]!).y) < 4) {
      if (centre(links[0]!).x < centre(links[1]!).x)
        problems.push('the navigation: its first link is left of the second');
    }
    for (const table of document.querySelectorAll('table')) {
      const headings = [...table.querySelectorAll('thead th')].filter(shown);
      if (headings.length > 1 && centre(headings[0]!).x < centre(headings.at(-1)!).x) {
        problems.push(
          `the table "${headings[0]!.textContent?.trim()}…": its first column is left of its last`,
        );
      }
    }
    return problems;
  });
}

// ---------------------------------------------------------------------------------------------------
// Walking.

/** The app settled on an address: a main heading shown and the requests done (or 3 s gone). */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
}

/** Opens `address` and waits for its screen, failing if the app sent it elsewhere (another screen). */
export async function openScreen(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await settle(page);
  expect(new URL(page.url()).pathname, `${address} stays open`).toBe(address.split('?')[0]);
}

/** A full-page screenshot of the screen, kept with the test's results and attached to its report. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(
    `${name.replace(/[^\p{L}\p{N}-]+/gu, '_').replace(/^_|_$/g, '') || 'home'}.png`,
  );
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** A walk's organization: its administrator (in the walk's language) and its data. */
export type TWalkOrganization = {
  user: { email: string; password: string; displayName: string };
  organizationId: string;
  asset: { id: string; slug: string; name: string };
  /** The room the asset is in (below a site), with the slug of its QR code. */
  location: { id: string; slug: string };
  importId: string;
  /** A problem reported on the asset: its staff id and its reporter's status page, `/r/{token}`. */
  report: { id: string; statusPath: string };
  /** A checklist template, and an open task of the asset that has it, one step answered out of range. */
  checklist: { templateId: string; eventId: string };
  /** Every name and value the screens may show that a person wrote (this walk's and the others'). */
  data: string[];
};

/** The keys of API answers whose values a person wrote. */
const WRITTEN_KEYS = new Set([
  'name',
  'displayName',
  'email',
  'label',
  'title',
  'description',
  'notes',
  'value',
  'options',
  'slug',
  // A custom field's key, which the administrator chose.
  'key',
]);

/** The strings of an API answer that a person wrote (names, titles, field values and options). */
function writtenStrings(value: unknown, into: Set<string>, key = ''): void {
  if (typeof value === 'string') {
    if (key === 'optionsJson') writtenStrings(JSON.parse(value), into, 'value');
    else if (WRITTEN_KEYS.has(key) && value.trim().length > 1) into.add(value.trim());
  } else if (Array.isArray(value))
    for (const item of value) writtenStrings(item, into, key === 'optionsJson' ? 'value' : key);
  else if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) writtenStrings(item, into, name);
  }
}

/** The day `days` from today, as YYYY-MM-DD. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A new organization with an administrator in `language` (null: the organization's) and what the
 * main screens show: a select field, two assets (one in a room of a site), an open task and a logged
 * event, a schedule, an import.
 */
export async function prepareWalk(
  request: APIRequestContext,
  language: string | null,
): Promise<TWalkOrganization> {
  const run = uniqueSuffix();
  const superAdmin = await apiSignIn(request, E2E_ADMIN);
  const organization = await superAdmin.post<{ id: string }>('/api/admin/organizations', {
    name: `Werkstatt ${run}`,
  });
  const user = {
    email: `walker-${run}@example.com`,
    password: 'walker-password-1',
    displayName: 'Kim Walker',
  };
  await superAdmin.post('/api/admin/users', {
    ...user,
    isAdmin: true,
    organizationId: organization.id,
  });
  const api = await apiSignIn(request, user);
  await api.put('/api/auth/me', { language });
  const zones = [`Halle ${run}`, `Keller ${run}`];
  const zone = await api.post<{ id: string }>('/api/admin/fields', {
    target: 'Asset',
    label: `Zone ${run}`,
    key: `zone_${run}`,
    dataType: 'Select',
    optionsJson: JSON.stringify(zones),
  });
  // A site and a room in it, the asset in the room. (Their public pages stay off: the audit log
  // would show the settings' values as recorded, true and false.)
  const site = await api.post<{ id: string }>('/api/admin/locations', {
    name: `Werk ${run}`,
    code: `W-${run}`,
  });
  const room = await api.post<{ id: string; publicUrl: string }>('/api/admin/locations', {
    name: `Kesselraum ${run}`,
    parentId: site.id,
  });
  const asset = await api.post<{ id: string; slug: string; name: string }>('/api/assets', {
    name: `Pumpe ${run}`,
    description: `Kühlkreislauf ${run}`,
    fields: [{ fieldId: zone.id, value: zones[0] }],
    locationId: room.id,
  });
  await api.post('/api/assets', { name: `Lüfter ${run}`, fields: [{ fieldId: zone.id, value: zones[1] }] });
  await api.post(`/api/assets/${asset.id}/events`, {
    title: `Dichtungen prüfen ${run}`,
    notes: `Auf Lecks achten ${run}`,
    startTask: true,
  });
  await api.post(`/api/assets/${asset.id}/events`, {
    title: `Filter gewechselt ${run}`,
    notes: `Erledigt ${run}`,
  });
  // A checklist of every kind of step, on an open task whose pressure reads out of range (ADR 136).
  const template = await api.post<{ id: string; steps: { key: string }[] }>('/api/admin/checklists', {
    name: `Jahresprüfung ${run}`,
    steps: [
      { kind: 'check', label: `Plombe intakt ${run}`, required: true },
      { kind: 'number', label: `Druck ${run}`, required: true, unit: 'bar', min: 1.5, max: 2.5 },
      { kind: 'choice', label: `Schlauch ${run}`, required: true, options: [`Gut ${run}`, `Rissig ${run}`] },
      { kind: 'text', label: `Bemerkungen ${run}`, required: false },
      { kind: 'photo', label: `Foto ${run}`, required: false },
      { kind: 'signature', label: `Unterschrift ${run}`, required: true },
    ],
  });
  const inspection = await api.post<{ id: string }>(`/api/assets/${asset.id}/events`, {
    title: `Prüfung mit Checkliste ${run}`,
    startTask: false,
    checklistTemplateId: template.id,
  });
  await api.put(`/api/events/${inspection.id}/checklist/steps/${template.steps[1]!.key}`, {
    numberValue: 3.1,
  });
  await api.post('/api/admin/schedules', {
    assetId: asset.id,
    title: `Monatsprüfung ${run}`,
    recurrence: { pattern: 'interval', every: 1, unit: 'month' },
    startsOn: daysFromNow(5),
    leadDays: 7,
  });
  const csv = `Name;Standort ${run}\r\nKompressor ${run};Werkhalle ${run}\r\n`;
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
  const upload = await request.post('/api/admin/imports?kind=assets', {
    headers: { authorization: `Bearer ${api.token}`, ...(xsrf ? { 'X-XSRF-TOKEN': xsrf.value } : {}) },
    multipart: { file: { name: `inventar-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const importRun = (await upload.json()) as { id: string };
  // A visitor's problem report on the asset (its public form is on by default).
  const statusPath = await reportProblem(request, organization.id, asset.slug, {
    description: `Es tropft unter der Pumpe ${run}`,
    urgency: 'stopped',
    name: `Besucher ${run}`,
  });
  const reports = await api.get<{ items: { id: string }[] }>('/api/requests?state=new');
  const report = { id: reports.items[0]!.id, statusPath };

  // What this walk wrote (the import's file and cells, the avatar's initials), and what the screens
  // of the demo's super administrator list: every organization and user; this organization's assets and fields.
  const data = new Set<string>([
    ...[`Dichtungen prüfen ${run}`, `Auf Lecks achten ${run}`, `Filter gewechselt ${run}`, `Erledigt ${run}`],
    ...[`Monatsprüfung ${run}`, `inventar-${run}.csv`, 'Name', `Standort ${run}`, `Kompressor ${run}`],
    ...[`Werkhalle ${run}`, 'KW', `W-${run}`, `Werk ${run} / Kesselraum ${run}`],
    ...[`Es tropft unter der Pumpe ${run}`, `Besucher ${run}`],
    ...[`Jahresprüfung ${run}`, `Plombe intakt ${run}`, `Druck ${run}`, `Schlauch ${run}`, `Gut ${run}`],
    ...[`Rissig ${run}`, `Bemerkungen ${run}`, `Foto ${run}`, `Unterschrift ${run}`],
    ...[`Prüfung mit Checkliste ${run}`, 'bar'],
  ]);
  for (const answer of await Promise.all([
    superAdmin.get('/api/admin/organizations'),
    superAdmin.get('/api/admin/users'),
    api.get('/api/assets'),
    api.get('/api/fields'),
    api.get('/api/locations'),
    api.get(`/api/locations?parentId=${site.id}`),
  ])) {
    writtenStrings(answer, data);
  }
  return {
    user,
    organizationId: organization.id,
    asset,
    location: { id: room.id, slug: new URL(room.publicUrl).pathname.split('/').at(-1)! },
    importId: importRun.id,
    report,
    checklist: { templateId: template.id, eventId: inspection.id },
    data: [...data],
  };
}
