import path from 'node:path';
import type { CDPSession, Page } from 'playwright';
import type { TestRunnerConfig } from '@storybook/test-runner';
import { getStoryContext, waitForPageReady } from '@storybook/test-runner';
import { checkA11y, injectAxe } from 'axe-playwright';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import { FONT_FACE_NAME } from '../ui/tokens.ts';
import { defaultTestViewport, viewports, type ViewportName } from './viewports.ts';

/** Committed, reviewed baselines: one PNG per story. A changed pixel fails the run. */
const snapshotsDir = path.join(process.cwd(), 'tests', 'visual', '__image_snapshots__');

/** A story's own globals (`globals: { forcedColors: 'active', viewport: { value: 'mobile' } }`). */
interface StoryGlobals {
  forcedColors?: string;
  viewport?: string | { value?: string };
}

/**
 * The machine's fonts never reach a baseline: every text node of the page must have been drawn with a
 * web font (Inter), as Chromium reports through the DevTools protocol. A glyph Inter lacks, a font
 * that failed to load, or a `font-family` that skips the token would each fall back to a system font
 * (DejaVu on this machine) and fail here with the element and its text.
 */
async function assertOnlyWebFonts(page: Page): Promise<void> {
  const loaded = await page.evaluate(async (family) => {
    await document.fonts.ready;
    return [...document.fonts].some((face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded');
  }, FONT_FACE_NAME);
  if (!loaded) throw new Error(`The font "${FONT_FACE_NAME}" did not load before the screenshot: no baseline is taken in a machine font.`);

  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    // The page may still change while it is read (a loading story's skeleton, a live region): a node
    // gone between reading the document and asking for its fonts makes the protocol answer "Could not
    // find node with given id". Then the document is read again, a few times, until one pass sees it
    // whole (failed once under load, stop 25).
    for (let attempt = 1; ; attempt++) {
      try {
        const offenders = await machineFontTexts(cdp);
        if (offenders.length > 0) throw new Error(`Text drawn in a machine font instead of ${FONT_FACE_NAME}:\n  ${offenders.join('\n  ')}`);
        return;
      } catch (error) {
        if (attempt >= 5 || !/Could not find node with given id/.test(String(error))) throw error;
        await page.waitForTimeout(100 * attempt);
      }
    }
  } finally {
    await cdp.detach();
  }
}

/** Each element's text drawn (in part) with a font that is not a web font, read from the document as it is now. */
async function machineFontTexts(cdp: CDPSession): Promise<string[]> {
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  type DomNode = (typeof root) & { children?: DomNode[]; shadowRoots?: DomNode[] };
  const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE', 'HEAD']);
  const withText: { nodeId: number; text: string; name: string }[] = [];
  const walk = (node: DomNode) => {
    if (node.nodeType === 1 && skipped.has(node.nodeName)) return;
    const kids = [...(node.children ?? []), ...(node.shadowRoots ?? [])];
    const text = kids.filter((k) => k.nodeType === 3).map((k) => k.nodeValue).join('').trim();
    if (node.nodeType === 1 && text) withText.push({ nodeId: node.nodeId, text, name: node.localName });
    kids.forEach(walk);
  };
  walk(root as DomNode);
  const offenders: string[] = [];
  for (const { nodeId, text, name } of withText) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    for (const font of fonts) {
      if (!font.isCustomFont && font.glyphCount > 0) offenders.push(`${font.familyName} for ${font.glyphCount} glyph(s) in <${name}> "${text.slice(0, 60)}"`);
    }
  }
  return offenders;
}

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },
  async preVisit(page, context) {
    await injectAxe(page);
    // The page is reused between stories of a file: set forced colours and the size for each one.
    const { storyGlobals } = (await getStoryContext(page, context)) as { storyGlobals?: StoryGlobals };
    // Chromium's own forced-colours emulation (the toolbar's preview is only for the browser UI).
    await page.emulateMedia({ forcedColors: storyGlobals?.forcedColors === 'active' ? 'active' : 'none' });
    const viewportName = typeof storyGlobals?.viewport === 'string' ? storyGlobals.viewport : storyGlobals?.viewport?.value;
    const preset = viewportName ? viewports[viewportName as ViewportName] : undefined;
    if (viewportName && !preset) throw new Error(`Unknown viewport "${viewportName}": use one of ${Object.keys(viewports).join(', ')}`);
    await page.setViewportSize(
      preset ? { width: parseInt(preset.styles.width, 10), height: parseInt(preset.styles.height, 10) } : defaultTestViewport,
    );
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
    await assertOnlyWebFonts(page);
    const image = await page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });
    // Pixel-exact, but for a story that names a few pixels it may differ by, with the reason beside it
    // (`parameters: { visualTolerancePixels }`: Chromium's antialiasing where an overlay was).
    const { parameters } = (await getStoryContext(page, context)) as { parameters?: { visualTolerancePixels?: number } };
    expect(image).toMatchImageSnapshot({
      customSnapshotsDir: snapshotsDir,
      customSnapshotIdentifier: context.id,
      failureThreshold: parameters?.visualTolerancePixels ?? 0,
      failureThresholdType: 'pixel',
    });
  },
};
export default config;
