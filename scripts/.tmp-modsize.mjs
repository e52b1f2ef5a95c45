import fs from 'node:fs'; import zlib from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = fs.readFileSync(file, 'utf8'); const map = JSON.parse(fs.readFileSync(file + '.map', 'utf8'));
const smc = new SourceMapConsumer(map);
const lines = code.split('\n'); const bySrc = new Map();
let prev = null;
smc.eachMapping(m => {
  if (prev) { const src = prev.source ?? '(none)'; const line = lines[prev.generatedLine - 1];
    const end = m.generatedLine === prev.generatedLine ? m.generatedColumn : line.length;
    const s = bySrc.get(src) ?? []; s.push(line.slice(prev.generatedColumn, end)); bySrc.set(src, s); }
  prev = m;
});
const out = [...bySrc].map(([s, parts]) => { const t = parts.join(''); return [s.replace(/.*node_modules\//, 'nm:'), t.length, zlib.gzipSync(t, { level: 9 }).length]; });
out.sort((a, b) => b[2] - a[2]);
let tot = 0; for (const o of out) tot += o[2];
console.log('sum gz (separate)', tot);
const pk = new Map(); for (const [s, , g] of out) { const k = s.startsWith('nm:') ? s.split('/').slice(0, s.startsWith('nm:@') ? 2 : 1).join('/') : s.split('/').slice(0, 2).join('/'); pk.set(k, (pk.get(k) ?? 0) + g); }
console.log([...pk].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, g]) => `${(g / 1000).toFixed(1)} ${k}`).join('\n'));
console.log('---'); console.log(out.slice(0, +process.env.N || 40).map(o => `${(o[2] / 1000).toFixed(1)} ${o[1]} ${o[0]}`).join('\n'));
