// An S3-protocol server on loopback for tests (s3rver, files in a temp folder; ADR 120).
// Run as its own process, so that what it holds in memory is not counted against the client:
//   node scripts/s3-server.mjs <bucket>   → prints one line `S3 http://127.0.0.1:<port>` when ready
// Stops on SIGTERM and removes its folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export async function startS3Server(bucket = 'manufacture') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'manufacture-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const s3 = await startS3Server(process.argv[2] || 'manufacture');
  console.log(`S3 ${s3.endpoint}`);
  const stop = () => void s3.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
