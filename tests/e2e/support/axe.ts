import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails with a readable list when axe finds any WCAG 2.2 A/AA violation on the page as it is now.
 *
 * Axe runs in the page itself (`setLegacyMode`): by default @axe-core/playwright opens a blank page
 * for every scan to merge each frame's results there, which doubled a scan's time (590–1,666 ms
 * against 303–933 ms, the same passes, violations and inapplicable rules found). The one thing the
 * default adds is cross-origin frames, and the site has none. Only violations are asked for in
 * detail; every rule still runs (docs/decisions/069-axe-runs-in-the-page.md).
 */
export async function expectNoAxeViolations(page: Page, context = ''): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations ${context} on ${page.url()}`).toEqual([]);
}
