// A Chromium CPU profile (CDP `Profiler.stop`) summed by self time, each function found in its
// original source through the build's source maps (dist/assets/*.js.map): what the main thread ran.
// Used by scripts/bench-quote-ui.ts (PROFILE=1). A figure for reading, not a test.
import fs from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * The top `top` functions and source files by self time (ms), as printable lines; with `lastMs`,
 * only the samples of the profile's last `lastMs` milliseconds (the task that drew the first price).
 */
export function summariseProfile(profile: CpuProfile, distDir: string, top = 25, lastMs = Infinity): string[] {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const total = deltas.reduce((sum, d) => sum + d, 0) / 1000;
  // A sample's time is the delta to the next one.
  let at = 0;
  for (let i = 0; i < samples.length; i++) {
    at += (deltas[i] ?? 0) / 1000;
    if (total - at <= lastMs) self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string): TraceMap | null => {
    if (maps.has(url)) return maps.get(url)!;
    const name = url.split('?')[0]!.split('/').pop()!;
    const file = path.join(distDir, 'assets', `${name}.map`);
    const map = url.includes('/assets/') && fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : null;
    maps.set(url, map);
    return map;
  };
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id);
    if (!ms) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    let where = url ? `${url.split('/').pop()}:${lineNumber + 1}` : '';
    let file = url ? url.split('/').pop()! : functionName;
    const map = url ? mapOf(url) : null;
    if (map) {
      const original = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
      if (original.source) {
        file = original.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\/(\.pnpm\/)?/, '');
        where = `${file}:${original.line}${original.name ? ` ${original.name}` : ''}`;
      }
    }
    const key = `${where || '-'} (${functionName || 'anonymous'})`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    byFile.set(file || '(native)', (byFile.get(file || '(native)') ?? 0) + ms);
  }
  const sampled = [...byFile.values()].reduce((a, b) => a + b, 0);
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `      ${v.toFixed(1).padStart(7)} ms  ${k}`);
  return [`    ${sampled.toFixed(0)} ms sampled; by source file:`, ...rows(byFile, 15), '    by function (self time):', ...rows(byFunction, top)];
}
