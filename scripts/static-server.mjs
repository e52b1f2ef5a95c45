// A minimal static file server for a built folder (Storybook's static build in tests).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};

export function serveFolder(root, port = 0) {
  const rootDir = path.resolve(root);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = path.join(rootDir, decodeURIComponent(url.pathname));
    if (!file.startsWith(rootDir)) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404).end('Not found');
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(data);
    });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${address.port}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

// `npm run serve-storybook` (or `node scripts/static-server.mjs <folder> [port]`): the static
// Storybook build on this machine, with nothing to download (docs/design-review.md).
if (import.meta.url === `file://${process.argv[1]}`) {
  const [folder = 'storybook-static', port = '6006'] = process.argv.slice(2);
  if (!fs.existsSync(path.join(folder, 'index.html'))) {
    console.error(`No built Storybook in ${folder}/: run npm run build-storybook first.`);
    process.exit(1);
  }
  const { url } = await serveFolder(folder, Number(port));
  console.log(`Serving ${folder}/ at ${url}/ (Ctrl+C to stop)`);
}
