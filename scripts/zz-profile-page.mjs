// scratch: inclusive CPU time per original source file on a page's start, 4x CPU
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { CHROMIUM_ARGS, requireChromium } from './find-chromium.mjs';
import { PAGES, pageAddress, signInAndFillCart, startProductionServer } from './measured-pages.mjs';
const name = process.argv[2] ?? 'project';
const runs = Number(process.argv[3] ?? 2);
const dir = path.resolve(process.env.STATIC_DIR ?? 'dist');
const server = await startProductionServer({ STATIC_DIR: dir });
const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
const maps = new Map();
const mapOf = (url) => { const f = url.split('/').pop(); if (!maps.has(f)) { const p = path.join(dir, 'assets', f + '.map'); maps.set(f, fs.existsSync(p) ? new TraceMap(JSON.parse(fs.readFileSync(p, 'utf8'))) : null); } return maps.get(f); };
try {
  let state;
  if (PAGES[name].signedIn) { const c = await browser.newContext(); server.projectId = await signInAndFillCart(await c.newPage(), server.origin); state = await c.storageState(); await c.close(); }
  const incl = new Map(); let total = 0;
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ...(state ? { storageState: state } : {}) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
    await page.goto(`${server.origin}${pageAddress(name, server.projectId)}`, { waitUntil: 'load' });
    await page.waitForTimeout(3500);
    const { profile } = await cdp.send('Profiler.stop');
    await context.close();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const label = new Map();
    const labelOf = (n) => { if (label.has(n.id)) return label.get(n.id); const { url, lineNumber, columnNumber, functionName } = n.callFrame; let l = null; if (url && url.includes('/assets/')) { const m = mapOf(url); if (m) { const o = originalPositionFor(m, { line: lineNumber + 1, column: columnNumber }); if (o.source) { const s = o.source.replace(/^(\.\.\/)+/, ''); l = s.startsWith('node_modules') ? (process.env.FINE_NM && /react-aria|react-stately/.test(s) ? s.replace(/^node_modules\/([^/]+)\/dist\/private\//, 'nm:$1:') : s.replace(/^node_modules\/((@[^/]+\/)?[^/]+).*/, 'nm:$1')) : `${s} ${o.name ?? functionName}`; } } } else if (!url) l = functionName.startsWith('(') ? functionName : null; label.set(n.id, l); return l; };
    // tasks: runs of samples that are not (idle)
    { let cur = null; const tasks = []; let t = 0;
      for (let i = 0; i < profile.samples.length; i++) { const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000; t += dt; const n = byId.get(profile.samples[i]); const idle = n.callFrame.functionName === '(idle)';
        if (idle) { if (cur) { tasks.push(cur); cur = null; } continue; }
        if (!cur) cur = { start: t, ms: 0, idx: [] }; cur.ms += dt; cur.idx.push(i); }
      if (cur) tasks.push(cur);
      for (const task of [...tasks].sort((a, b) => b.ms - a.ms).slice(0, 5)) {
        const m = new Map();
        for (const i of task.idx) { const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000; const seen = new Set(); let id = profile.samples[i]; while (id !== undefined) { const l = labelOf(byId.get(id)); if (l && !seen.has(l)) { seen.add(l); m.set(l, (m.get(l) ?? 0) + dt); } id = parent.get(id); } }
        console.log(`  run ${r + 1} task at ${task.start.toFixed(0)} ms: ${task.ms.toFixed(0)} ms`);
        for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).filter(([k]) => !/^\((root|program)\)$/.test(k)).slice(0, Number(process.env.TASKTOP ?? 14))) console.log(`      ${v.toFixed(0).padStart(6)}  ${k}`);
      }
    }
    for (let i = 0; i < profile.samples.length; i++) {
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000; total += dt;
      const seen = new Set(); let id = profile.samples[i];
      while (id !== undefined) { const n = byId.get(id); const l = labelOf(n); if (l && !seen.has(l)) { seen.add(l); incl.set(l, (incl.get(l) ?? 0) + dt); } id = parent.get(id); }
    }
  }
  console.log(`${name}: ${(total / runs).toFixed(0)} ms sampled per run; inclusive per run:`);
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 60))) console.log(`${(v / runs).toFixed(1).padStart(8)}  ${k}`);
} finally { await browser.close(); await server.stop(); }
