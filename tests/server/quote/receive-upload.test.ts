import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, expect, test, vi } from 'vitest';
import { receiveUpload } from '#server/quote/receive-upload';

let dir = '';
afterEach(async () => {
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
});

/** A spool file on a disk that answers late: each chunk lands 200 ms after it is written, even once the write is given up. */
class LateDisk extends Writable {
  /** Settles once the disk has answered the write's end. */
  static ended: Promise<void> = Promise.resolve();

  constructor(private readonly localPath: string) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    setTimeout(() => {
      fs.appendFileSync(this.localPath, chunk);
      callback();
    }, 200);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    LateDisk.ended = new Promise((resolve) =>
      setTimeout(() => {
        callback(error);
        resolve();
      }, 300),
    );
  }
}

test('a body cut short whose spool write outlasts the wait leaves no spool file once that write ends (stop 51)', async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'receive-upload-'));
  const spoolDir = path.join(dir, 'spool');
  // A file part whose closing boundary never comes: its start, then, 100 ms later, the end of the body.
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode('--XX\r\nContent-Disposition: form-data; name="file"; filename="cube.stl"\r\nContent-Type: application/octet-stream\r\n\r\n' + 'solid cube\n'.repeat(1000)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.close();
    },
  });
  const request = new Request('http://127.0.0.1/upload', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=XX' }, body, duplex: 'half' } as RequestInit);
  await expect(receiveUpload(request, { spoolDir, maxBytes: 1024 * 1024, openSpool: (localPath) => new LateDisk(localPath), settleMs: 20 })).rejects.toMatchObject({ status: 422 });
  // The answer went out before the late write landed (the file is written again after its removal);
  // once the disk has answered, that file goes too.
  await LateDisk.ended;
  await vi.waitFor(() => expect(fs.readdirSync(spoolDir)).toEqual([]), { timeout: 3000, interval: 50 });
});
