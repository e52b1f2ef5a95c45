import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect, test, vi } from 'vitest';
import { LocalDiskQuoteFileStore } from '#server/quote/file-store';

/**
 * Issue 32 item 1: a stored file's stream that fails before anyone reads it (the file deleted
 * between the lookup and the read, by the retention job or a parallel delete) does not stop the
 * process; whoever consumes it later still sees the failure.
 */
test('a stored file deleted before its stream is read: no crash, the consumer gets the error', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'guarded-'));
  const store = new LocalDiskQuoteFileStore(root);
  const spool = path.join(store.spoolDir, 'in.part');
  fs.mkdirSync(store.spoolDir, { recursive: true });
  fs.writeFileSync(spool, 'solid x\nendsolid x\n');
  await store.putFile('p/f', spool);
  // The file goes between the store's look-up (its size) and the stream's open.
  const stat = vi.spyOn(fsPromises, 'stat').mockImplementationOnce(async (file) => {
    const answer = await fs.promises.stat(file);
    fs.rmSync(file);
    return answer;
  });
  const opened = await store.open('p/f');
  stat.mockRestore();
  expect(opened).toBeDefined();
  // The stream opens its file on its own and fails; without a listener the error would be uncaught (Vitest fails the run on one).
  await new Promise((resolve) => setTimeout(resolve, 50));
  await expect(pipeline(opened!.stream, new Writable({ write: (_c, _e, done) => done() }))).rejects.toThrow(/ENOENT/);
});
