/**
 * Just enough ZIP to read a 3MF package: the central directory, and stored or deflated entries
 * inflated with the platform's DecompressionStream (browsers, workers and Node 20 alike).
 */

export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflate; others are not supported. */
  readonly method: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The entries of a ZIP archive, or null when the bytes are not a readable (non-ZIP64) archive. */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_FILE_HEADER) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) return i;
  }
  return -1;
}

/** An entry would unpack to more than its limit (a ZIP bomb, or a model too large to accept). */
export class ZipLimitError extends Error {
  constructor(
    readonly entryName: string,
    readonly limitBytes: number,
    readonly declared: boolean,
  ) {
    super(`${entryName} would unpack to more than ${limitBytes} bytes`);
  }
}

/**
 * The uncompressed content of one entry, chunk by chunk, so that a caller can parse it without
 * holding it whole (issue 12 item 4). Refuses (throws `ZipLimitError`) before inflating anything
 * when the entry declares more than `maxBytes`, and while inflating as soon as the bytes pass
 * `maxBytes` or the size the entry declared (a header that lies is a damaged archive). Throws on an
 * unsupported method or a damaged archive.
 */
export async function* readZipEntryChunks(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): AsyncGenerator<Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_FILE_HEADER) {
    throw new Error(`damaged archive: no local header for ${entry.name}`);
  }
  if (entry.uncompressedSize > maxBytes) throw new ZipLimitError(entry.name, maxBytes, true);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new Error(`damaged archive: ${entry.name} is cut short`);
  const data = bytes.subarray(start, end);
  if (entry.method === 0) {
    yield data;
    return;
  }
  if (entry.method !== 8) throw new Error(`unsupported compression method ${entry.method}`);
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.length;
      if (total > maxBytes) throw new ZipLimitError(entry.name, maxBytes, false);
      if (total > entry.uncompressedSize) throw new Error(`damaged archive: ${entry.name} unpacks to more than the ${entry.uncompressedSize} bytes it declares`);
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The uncompressed content of one entry, whole (small entries); the limits of `readZipEntryChunks`. */
export async function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of readZipEntryChunks(bytes, entry, maxBytes)) {
    chunks.push(chunk);
    total += chunk.length;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
