import path from 'node:path'; import fs from 'node:fs'; import zlib from 'node:zlib';
import { checkBundle, routeTable, KNOWN_OVER } from './check-bundle-size.mjs';
const dir = path.resolve('dist');
const { routes } = checkBundle(dir, { table: await routeTable(), known: KNOWN_OVER, root: process.cwd(), copies: false });
const want = process.argv.slice(2);
for (const r of routes) { if (want.length && !want.includes(r.path)) continue;
  const files = [...r.files].filter(f => f.endsWith('.js')).map(f => [f, zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length]).sort((a, b) => b[1] - a[1]);
  console.log(r.name, files.length); for (const [f, g] of files) console.log('   ', (g / 1000).toFixed(1), f);
}
