import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach } from 'vitest';

/** A fresh spool folder per test, removed after it. */
export function tempSpools(prefix: string): () => Promise<string> {
  let dir = '';
  afterEach(async () => {
    if (dir) await fsp.rm(dir, { recursive: true, force: true });
  });
  return async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), prefix));
    return path.join(dir, 'spool');
  };
}

/** A spool file on a disk that answers late: each chunk lands 200 ms after it is written, even once the write is given up. */
export class LateDisk extends Writable {
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

/** A multipart body whose file part (named `part`) never gets its closing boundary: its start, then, 100 ms later, its end. */
export function cutShortBody(part: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`--XX\r\nContent-Disposition: form-data; name="${part}"; filename="cube.stl"\r\nContent-Type: application/octet-stream\r\n\r\n` + 'solid cube\n'.repeat(1000)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.close();
    },
  });
}
