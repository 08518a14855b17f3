import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No WCAG 2.1 A or AA violation on the page as it stands. `soft` lets the test go on (a walk over
 * several screens reports each one's); `screen` names the page in the failure.
 */
export async function expectNoViolations(page: Page, { soft = false, screen = '' } = {}) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  (soft ? expect.soft : expect)(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    screen ? `axe on ${screen}` : undefined,
  ).toEqual([]);
}
