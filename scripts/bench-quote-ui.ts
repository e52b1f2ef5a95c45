// The instant quote in headless Chromium against the real production server (not a timed test):
//   1. drop of a generated 1M-triangle binary STL (50 MB) → the configurator on screen, → the first
//      price on screen (no click: the configurator opens priced), → the server's confirmation
//      (the upload runs while the browser imports; server analysis; server price);
//   2. an option change (quantity +1) → the next painted frame with the new price, 20 changes a
//      run (median and p95 over all of them).
// Run: npm run build && node --import tsx scripts/bench-quote-ui.ts [runs]   (BENCH_PORT: another port than 4373; TIMELINE=1: each run's API calls, ms after the drop, with Server-Timing; SCRIPTS=1: the scripts fetched around the drop; FRAMES=1: the long animation frames after it; MARKS=1: the page's and its workers' User Timing marks; PROFILE=1: the main thread's CPU profile from the drop to the first price, by self time, through the build's source maps (PROFILE_TAIL=ms: only its last ms, the task that drew the price); PROFILE_CHANGES=1: the same over the option changes; MUTATIONS=1: what one more quantity +1 changes in the document up to the next frame, by kind and place; EXTRA_ARGS: more Chromium switches, e.g. --disable-3d-apis to measure without the 3D view)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { binaryStl, torus } from '../tests/domain/support/solids';
import { summariseProfile, type CpuProfile } from './cpu-profile-summary.ts';
import { CHROMIUM_ARGS, requireChromium } from './find-chromium.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4373);
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
const results: Record<string, number[]> = { configurator: [], firstPrice: [], serverConfirmed: [], repaint: [], changeWork: [] };
const CHANGES = 20;

/** A CDP session profiling the page's main thread, sampled every `intervalUs` µs (stop it with `Profiler.stop`). */
async function startProfile(page: Page, intervalUs: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return cdp;
}
try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS, ...(process.env.EXTRA_ARGS ?? '').split(' ').filter(Boolean)] });
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${base}/manufacture/quote?technology=3d-printing`);
    await page.getByRole('button', { name: 'Accept cookies' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    // Each milestone is stamped in the page when it first shows (a MutationObserver), so the three
    // figures do not depend on the order Playwright polls them in.
    // (A string: tsx would wrap named functions in a helper the page does not have.)
    await page.evaluate(`(() => {
      const marks = (window.__marks = {});
      new MutationObserver(() => {
        if (!marks.configurator && document.querySelector('#configure-heading')) marks.configurator = performance.now();
        if (!marks.firstPrice && document.querySelector('[data-testid="total"]')) marks.firstPrice = performance.now();
        if (!marks.confirmed && [...document.querySelectorAll('[role="status"]')].some((e) => e.textContent === 'Price confirmed by the server.')) marks.confirmed = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
      // The file input's change: where the page's own work starts (setFiles' round trip is before it).
      document.addEventListener('change', () => marks.change === undefined && (marks.change = performance.now(), performance.mark('bench:input-change')), true);
      window.__frames = [];
      new PerformanceObserver((list) => window.__frames.push(...list.getEntries())).observe({ type: 'long-animation-frame', buffered: false });
    })()`);
    // With TIMELINE=1: each API call after the drop, its start and end (ms after the drop) and the server's timing.
    const calls: string[] = [];
    let dropEpoch = Infinity;
    if (process.env.TIMELINE) {
      page.on('requestfinished', async (request) => {
        const url = new URL(request.url());
        const t = request.timing();
        if (!/^\/(ms)?api\//.test(url.pathname) || t.startTime < dropEpoch) return;
        const timing = (await request.response())?.headers()['server-timing'] ?? '';
        calls.push(`    ${request.method()} ${url.pathname.replace(/[0-9a-f-]{36}/g, ':id')}  ${Math.round(t.startTime - dropEpoch)} → ${Math.round(t.startTime + t.responseEnd - dropEpoch)} ms  ${timing}`);
      });
    }
    const cdp = process.env.PROFILE ? await startProfile(page, 250) : null;
    const dropAt = await page.evaluate(() => performance.now());
    dropEpoch = Date.now();
    await (await chooser).setFiles(file);
    if (cdp) {
      await page.waitForFunction(() => (window as unknown as { __marks: Record<string, number> }).__marks.firstPrice !== undefined, undefined, { timeout: 60_000 });
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      const tail = Number(process.env.PROFILE_TAIL) || Infinity;
      console.log(`  run ${run + 1}: the main thread from the drop to the first price${tail < Infinity ? ` (its last ${tail} ms)` : ''}\n${summariseProfile(profile, path.resolve(process.env.STATIC_DIR ?? 'dist'), 25, tail).join('\n')}`);
      await cdp.detach();
    }
    await page.getByText('Price confirmed by the server.').waitFor({ timeout: 60_000 });
    const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
    // With PROFILE_CHANGES=1: the main thread's CPU profile over the option changes.
    const changesCdp = process.env.PROFILE_CHANGES ? await startProfile(page, 100) : null;
    // Option changes → the frame that shows the new total, measured inside the page.
    const repaints = await page.evaluate(async (changes) => {
      const total = document.querySelector('[data-testid="total"]')!;
      const input = [...document.querySelectorAll('input')].find((i) => i.getAttribute('aria-labelledby')?.split(' ').some((id) => document.getElementById(id)?.textContent?.startsWith('Quantity')));
      const button = input?.closest('[role="group"]')?.querySelector<HTMLButtonElement>('button[slot="increment"], button:last-of-type');
      if (!button) throw new Error('no quantity button');
      // The time to "the next frame" holds the wait for the display's next frame (0–16.7 ms at 60 Hz,
      // whatever the work), so the page's own work (the change to the new text) is kept apart too.
      const times: { total: number; work: number }[] = [];
      for (let i = 0; i < changes; i++) {
        times.push(
          await new Promise<{ total: number; work: number }>((resolve) => {
            const before = total.textContent;
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (total.textContent === before) return;
              observer.disconnect();
              const work = performance.now() - start;
              requestAnimationFrame(() => resolve({ total: performance.now() - start, work }));
            });
            observer.observe(total, { childList: true, subtree: true, characterData: true });
            button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
            button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
            button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
          }),
        );
        // Let the page settle (the debounced save) before the next change, as a person pauses.
        await new Promise((r) => setTimeout(r, 50));
      }
      return times;
    }, CHANGES);
    if (changesCdp) {
      const { profile } = (await changesCdp.send('Profiler.stop')) as { profile: CpuProfile };
      console.log(`  run ${run + 1}: the main thread over the ${CHANGES} option changes\n${summariseProfile(profile, path.resolve(process.env.STATIC_DIR ?? 'dist')).join('\n')}`);
      await changesCdp.detach();
    }
    if (process.env.MUTATIONS) {
      // What one more quantity +1 changes in the document, up to the next frame: records by kind and
      // where (the nearest element with a test id, a role or an id), to see what an option change redraws.
      const summary = await page.evaluate(async () => {
        const input = [...document.querySelectorAll('input')].find((i) => i.getAttribute('aria-labelledby')?.split(' ').some((id) => document.getElementById(id)?.textContent?.startsWith('Quantity')));
        const button = input?.closest('[role="group"]')?.querySelector<HTMLButtonElement>('button[slot="increment"], button:last-of-type');
        if (!button) throw new Error('no quantity button');
        const records: MutationRecord[] = [];
        const observer = new MutationObserver((list) => records.push(...list));
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
        button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
        button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        records.push(...observer.takeRecords());
        observer.disconnect();
        const counts = new Map<string, number>();
        for (const r of records) {
          // Where: the nearest element with a test id, a role or an id (a function here would need tsx's __name).
          const element = r.target instanceof Element ? r.target : r.target.parentElement;
          const named = element?.closest('[data-testid],[role],[id],section,figure');
          const label = named ? (named.getAttribute('data-testid') ?? named.getAttribute('aria-label') ?? named.getAttribute('aria-labelledby') ?? named.id ?? '') : '';
          const place = named ? `${named.tagName.toLowerCase()}[${named.getAttribute('role') ?? ''}] ${label.slice(0, 40)}` : '?';
          const key = `${r.type}${r.type === 'attributes' ? `:${r.attributeName}` : ''} @ ${place}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        return { total: records.length, elements: document.getElementsByTagName('*').length, top: [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25) };
      });
      console.log(`  run ${run + 1}: one quantity +1 changed ${summary.total} records (the page has ${summary.elements} elements)\n${summary.top.map(([k, n]) => `    ${n}  ${k}`).join('\n')}`);
    }
    if (process.env.FRAMES) {
      // Each long animation frame (over 50 ms) from the drop to the confirmation: when, how long, and its longest scripts.
      const frames = await page.evaluate(
        (d) =>
          (window as unknown as { __frames: (PerformanceEntry & { scripts: { sourceURL: string; sourceFunctionName: string; invoker: string; duration: number }[]; renderStart: number; styleAndLayoutStart: number })[] }).__frames
            .filter((f) => f.startTime >= d)
            .map((f) => {
              const scripts = [...f.scripts].sort((a, b) => b.duration - a.duration).slice(0, 3);
              const named = scripts.map((x) => `${x.invoker} ${x.sourceFunctionName || '?'}@${x.sourceURL.split('/').pop()} ${Math.round(x.duration)}`).join('; ');
              return `    ${Math.round(f.startTime - d)} ms +${Math.round(f.duration)} (render ${Math.round(f.startTime + f.duration - f.renderStart)}): ${named}`;
            }),
        dropAt,
      );
      console.log(`  run ${run + 1}: long animation frames after the drop\n${frames.join('\n')}`);
    }
    if (process.env.SCRIPTS) {
      // Each script (and worker) fetched around the drop: its name, start → end in ms after the drop.
      const fetched = await page.evaluate(
        (d) =>
          performance
            .getEntriesByType('resource')
            .map((r) => r as PerformanceResourceTiming)
            .filter((r) => /\.(js|wasm)$/.test(r.name) && r.responseEnd > d - 500)
            .map((r) => `    ${r.name.split('/').pop()}  ${Math.round(r.startTime - d)} → ${Math.round(r.responseEnd - d)} ms`),
        dropAt,
      );
      console.log(`  run ${run + 1}: scripts fetched from 0.5 s before the drop on\n${fetched.join('\n')}`);
    }
    if (process.env.MARKS) {
      // The page's marks and its workers' (the geometry worker's read and analysis), in ms after the drop.
      const pageOrigin = await page.evaluate(() => performance.timeOrigin);
      const marks = [await page.evaluate(() => performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime + performance.timeOrigin })))];
      for (const worker of page.workers()) marks.push(await worker.evaluate(() => performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime + performance.timeOrigin }))));
      console.log(`  run ${run + 1}: marks, ms after the drop: ${marks.flat().sort((a, b) => a.at - b.at).map((m) => `${m.name} ${Math.round(m.at - pageOrigin - dropAt)}`).join('  ')}`);
    }
    if (process.env.TIMELINE) console.log(`  run ${run + 1}: configurator ${Math.round(marks.configurator! - dropAt)}, confirmed ${Math.round(marks.confirmed! - dropAt)} ms\n${calls.join('\n')}`);
    results.configurator!.push(Math.round(marks.configurator! - dropAt));
    results.firstPrice!.push(Math.round(marks.firstPrice! - dropAt));
    results.serverConfirmed!.push(Math.round(marks.confirmed! - dropAt));
    results.repaint!.push(...repaints.map((r) => r.total));
    results.changeWork!.push(...repaints.map((r) => r.work));
    await page.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
const load = (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`Instant quote in headless Chromium, ${sizeMb} MB binary STL of 1 000 000 triangles, ${runs} runs (median, all); load average after: ${load}`);
console.log(`  drop → configurator on screen (worker import + metrics): ${median(results.configurator!)} ms  [${results.configurator!.join(', ')}]`);
console.log(`  drop → first price on screen (no click):                 ${median(results.firstPrice!)} ms  [${results.firstPrice!.join(', ')}]`);
console.log(`  drop → price confirmed by the server (upload + analysis): ${median(results.serverConfirmed!)} ms  [${results.serverConfirmed!.join(', ')}]`);
console.log(`  quantity +1 → next frame with the new price, ${results.repaint!.length} changes: median ${median(results.repaint!).toFixed(1)} ms, p95 ${p95(results.repaint!).toFixed(1)} ms, max ${Math.max(...results.repaint!).toFixed(1)} ms`);
console.log(`    of which the page's work (change → the new text, before the frame): median ${median(results.changeWork!).toFixed(1)} ms, p95 ${p95(results.changeWork!).toFixed(1)} ms, max ${Math.max(...results.changeWork!).toFixed(1)} ms`);
