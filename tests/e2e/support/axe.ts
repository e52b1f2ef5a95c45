import { expect, type Page } from '@playwright/test';
import { getViolations, injectAxe } from 'axe-playwright';

/**
 * axe on the page as it is now (WCAG 2.1 A and AA rules, best practices): no violation, each one
 * listed with its rule and elements when there is. react-aria's visually hidden live announcer is
 * left out, as in the stories (.storybook/test-runner.ts).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await injectAxe(page);
  const violations = await getViolations(page, { exclude: [['[data-live-announcer]']] } as never);
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(summary, `axe on ${page.url()}`).toEqual([]);
}
