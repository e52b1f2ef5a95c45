import path from 'node:path';
import type { TestRunnerConfig } from '@storybook/test-runner';
import { waitForPageReady } from '@storybook/test-runner';
import { checkA11y, injectAxe } from 'axe-playwright';
import { toMatchImageSnapshot } from 'jest-image-snapshot';

/** Committed, reviewed baselines: one PNG per story. A changed pixel fails the run. */
const snapshotsDir = path.join(process.cwd(), 'tests', 'visual', '__image_snapshots__');

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },
  async preVisit(page) {
    await injectAxe(page);
  },
  async postVisit(page, context) {
    // The play function has run: check what a user now meets, overlays included.
    // The a11y addon may still be running its own axe pass in the preview; wait for it.
    await page.waitForFunction(() => !(window as { axe?: { _running?: boolean } }).axe?._running, undefined, { timeout: 10_000 });
    // react-aria's visually hidden live announcer is left out: after an announcement it keeps a
    // `role="img"` node labelled by an element that may be gone (a remounted field), which axe
    // flags although nothing visible or focusable is wrong.
    await checkA11y(page, { include: [['body']], exclude: [['[data-live-announcer]']] }, {
      verbose: false,
      detailedReport: true,
      detailedReportOptions: { html: true },
      axeOptions: { rules: { region: { enabled: false } } },
    });
    await waitForPageReady(page);
    await page.evaluate(() => document.fonts.ready);
    const image = await page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });
    expect(image).toMatchImageSnapshot({
      customSnapshotsDir: snapshotsDir,
      customSnapshotIdentifier: context.id,
      failureThreshold: 0,
      failureThresholdType: 'pixel',
    });
  },
};
export default config;
