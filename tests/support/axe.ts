// axe-core over a Playwright page, limited to WCAG 2.1 A/AA, with violations as readable lines for a test failure.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per failing rule: `rule (impact): selector — what is wrong` for each node (first few). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Only violations are collected in detail: passes and incomplete results cost time on every node. (`options()`
  // replaces what `withTags()` set, so it comes first.) Legacy mode runs axe in the page itself: the default
  // opens a second page per check to merge the results of cross-origin frames, which the shop has none of, and
  // took 2.5 times as long (1.5 s against 0.6 s a check on the home page).
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  return result.violations.map((violation) => {
    const nodes = violation.nodes.slice(0, 4).map((node) => {
      const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 220);
      return `    ${node.target.join(' ')} — ${summary}`;
    });
    const more = violation.nodes.length > 4 ? [`    … ${violation.nodes.length - 4} more`] : [];
    return [`${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`, ...nodes, ...more].join('\n');
  });
}
