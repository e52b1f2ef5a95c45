import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** Where uploaded files live: local disk by default; an S3-compatible store can implement the same. */
export interface FileStorage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Uint8Array; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key "${key}"`);
}

/** Files under `<root>/<key>`, the content type beside each in `<key>.type`. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    checkKey(key);
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      await fs.writeFile(file, data, { mode: 0o600 });
      await fs.writeFile(`${file}.type`, contentType, { mode: 0o600 });
    } catch (error) {
      // A full disk leaves no partial file behind.
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.type`, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<{ data: Uint8Array; contentType: string } | undefined> {
    checkKey(key);
    const file = path.join(this.root, key);
    try {
      const [data, contentType] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, 'utf8')]);
      return { data, contentType };
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    const file = path.join(this.root, key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.type`, { force: true });
  }
}

/** For tests. */
export class MemoryStorage implements FileStorage {
  readonly files = new Map<string, { data: Uint8Array; contentType: string }>();
  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    checkKey(key);
    this.files.set(key, { data, contentType });
  }
  async get(key: string) {
    return this.files.get(key);
  }
  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}

/** Image types by their first bytes, never by the name or the declared type. */
export function sniffImageType(data: Uint8Array): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | undefined {
  const b = (i: number) => data[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47 && b(4) === 0x0d && b(5) === 0x0a && b(6) === 0x1a && b(7) === 0x0a) return 'image/png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38) return 'image/gif';
  if (b(0) === 0x52 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x46 && b(8) === 0x57 && b(9) === 0x45 && b(10) === 0x42 && b(11) === 0x50) return 'image/webp';
  return undefined;
}

/**
 * A multipart part nobody keeps (a second file, a field the route does not read): its bytes are
 * read and dropped, and its error (a body cut short fails the part being read) is this request's
 * only. A stream's error with no listener would stop the process (issue 32 item 1).
 */
export function drainPart(stream: NodeJS.ReadableStream): void {
  stream.on('error', () => undefined);
  stream.resume();
}

/**
 * A stream handed to a caller that will consume it (pipeline, `for await`, a Response body), which
 * handle its errors; until then (a `mkdir` awaited before the pipeline, a caller that throws first)
 * its error, a file deleted meanwhile, a reset connection to the bucket, is kept from stopping
 * the process (issue 32 item 1). The consumer still sees it.
 */
export function guardedStream<S extends NodeJS.ReadableStream>(stream: S): S {
  stream.on('error', () => undefined);
  return stream;
}

/** Settles when the stream has closed (its file descriptor too), whether it finished or failed. */
export function closedOf(stream: Writable): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => stream.once('close', () => resolve()));
}

/**
 * Waits for writes to finish either way, at most `maxMs` (a destroyed stream settles its write;
 * the bound only keeps a request from hanging on a stream that never does).
 */
export async function settled(writes: readonly Promise<unknown>[], maxMs = 10_000): Promise<void> {
  if (writes.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled(writes), new Promise((resolve) => (timer = setTimeout(resolve, maxMs)))]);
  clearTimeout(timer);
}
