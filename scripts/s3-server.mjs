// An S3-protocol server on loopback (s3rver; ADR 120), for tests and for trying STORAGE=s3 on one
// machine (docs/deploy.md, "Object storage on one machine"). Run as its own process, so that what
// it holds in memory is not counted against the client:
//   node scripts/s3-server.mjs <bucket> [--port <port>] [--dir <folder>]
// prints one line `S3 http://127.0.0.1:<port>` when ready, the bucket created. Its access key and
// secret are both `S3RVER`. Without --port a free port is taken; without --dir the files go to a
// temporary folder removed when it stops, with --dir they stay there for the next start. Stops on
// SIGTERM and SIGINT.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

/** s3rver's fixed credentials: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY for a server using it. */
export const S3RVER_KEY = 'S3RVER';

export async function startS3Server(bucket = 'manufacture', { port = 0, directory } = {}) {
  const keep = Boolean(directory);
  const folder = directory ? path.resolve(directory) : fs.mkdtempSync(path.join(os.tmpdir(), 'manufacture-s3-'));
  fs.mkdirSync(folder, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: folder, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    directory: folder,
    async stop() {
      await server.close();
      if (!keep) fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { port: { type: 'string' }, dir: { type: 'string' } } });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number; got "${values.port}"`);
    process.exit(1);
  }
  const s3 = await startS3Server(positionals[0] || 'manufacture', { port, ...(values.dir ? { directory: values.dir } : {}) });
  console.log(`S3 ${s3.endpoint}`);
  const stop = () => void s3.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
