import { chromium } from 'playwright';
import { requireChromium, CHROMIUM_ARGS } from '/work/main/scripts/find-chromium.mjs';
import { summariseProfile } from '/work/main/scripts/cpu-profile-summary.ts';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
for (let run = 0; run < 2; run++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    (window as any).__loaf = [];
    new PerformanceObserver((l) => (window as any).__loaf.push(...l.getEntries())).observe({ type: 'long-animation-frame', buffered: true });
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const { profile } = (await cdp.send('Profiler.stop')) as any;
  const frames = await page.evaluate(() => (window as any).__loaf.filter((f: any) => f.duration > 50).map((f: any) => `${Math.round(f.startTime)} +${Math.round(f.duration)} blocking ${Math.round(f.blockingDuration)} render ${Math.round(f.startTime + f.duration - (f.renderStart || f.startTime + f.duration))}: ` + [...f.scripts].sort((a: any, b: any) => b.duration - a.duration).slice(0, 4).map((s: any) => `${s.invoker}|${s.sourceFunctionName}@${s.sourceURL.split('/').pop()} ${Math.round(s.duration)} (fwd ${Math.round(s.forcedStyleAndLayoutDuration)})`).join('; ')));
  console.log(`run ${run + 1}\n  ${frames.join('\n  ')}`);
  if (run === 1) console.log(summariseProfile(profile, '/work/main/dist', 30).join('\n'));
  await context.close();
}
await browser.close();
