// The instant quote in headless Chromium against the real production server (not a timed test):
//   1. drop of a generated 1M-triangle binary STL (50 MB) → the configurator on screen
//      (browser import in the worker), → the first price on screen after choosing a colour,
//      → the server's confirmation (upload + server analysis + server price);
//   2. an option change (quantity +1) → the next painted frame with the new price.
// Run: npm run build && node --import tsx scripts/bench-quote-ui.ts
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { binaryStl, torus } from '../tests/domain/support/solids';
import { CHROMIUM_ARGS, requireChromium } from './find-chromium.mjs';

const PORT = 4373;
const base = `http://127.0.0.1:${PORT}`;
const dir = path.resolve('.tmp', 'bench-quote-ui');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

// 1 000 000 triangles: u × v × 2.
const file = path.join(dir, 'torus-1m.stl');
fs.writeFileSync(file, binaryStl(torus(60, 20, 1000, 500), 'bench torus'));
const sizeMb = (fs.statSync(file).size / 1024 / 1024).toFixed(1);

const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: path.join(dir, 'data'), SEED_DEMO: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const runs = Number(process.argv[2] ?? 3);
const results: Record<string, number[]> = { configurator: [], firstPrice: [], serverConfirmed: [], repaint: [] };
try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${base}/manufacture/quote?technology=3d-printing`);
    await page.getByRole('button', { name: 'Accept cookies' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    const t0 = Date.now();
    await (await chooser).setFiles(file);
    await page.getByRole('heading', { name: /Configure torus-1m/ }).waitFor({ timeout: 60_000 });
    const t1 = Date.now();
    await page.getByRole('radiogroup', { name: 'Colour' }).getByText('White').click();
    await page.getByTestId('total').waitFor();
    const t2 = Date.now();
    await page.getByText('Price confirmed by the server.').waitFor({ timeout: 60_000 });
    const t3 = Date.now();
    // Option change → the frame that shows the new total, measured inside the page.
    const repaint = await page.evaluate(async () => {
      const total = document.querySelector('[data-testid="total"]')!;
      const input = [...document.querySelectorAll('input')].find((i) => i.labels?.[0]?.textContent?.startsWith('Quantity') || i.getAttribute('aria-labelledby')?.split(' ').some((id) => document.getElementById(id)?.textContent?.startsWith('Quantity')));
      const button = input?.closest('[role="group"]')?.querySelector<HTMLButtonElement>('button[slot="increment"], button:last-of-type');
      if (!button) throw new Error('no quantity button');
      const before = total.textContent;
      const start = performance.now();
      return new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (total.textContent === before) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(total, { childList: true, subtree: true, characterData: true });
        button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
        button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
        button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      });
    });
    results.configurator!.push(t1 - t0);
    results.firstPrice!.push(t2 - t1);
    results.serverConfirmed!.push(t3 - t0);
    results.repaint!.push(repaint);
    await page.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Instant quote in headless Chromium, ${sizeMb} MB binary STL of 1 000 000 triangles, ${runs} runs (median, all):`);
console.log(`  drop → configurator on screen (worker import + metrics): ${median(results.configurator!)} ms  [${results.configurator!.join(', ')}]`);
console.log(`  colour chosen → first price on screen:                    ${median(results.firstPrice!)} ms  [${results.firstPrice!.join(', ')}]`);
console.log(`  drop → price confirmed by the server (upload + analysis): ${median(results.serverConfirmed!)} ms  [${results.serverConfirmed!.join(', ')}]`);
console.log(`  quantity +1 → next frame with the new price:              ${median(results.repaint!).toFixed(1)} ms  [${results.repaint!.map((r) => r.toFixed(1)).join(', ')}]`);
