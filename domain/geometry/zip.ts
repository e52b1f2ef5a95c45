/**
 * ZIP for 3MF packages (ADR 156). Reading an archive is zip.js's (`@zip.js/zip.js`, maintained,
 * browser and Node alike): ZIP64 sizes and offsets, data descriptors, stored, deflated and
 * deflate64 entries (deflate through the platform's DecompressionStream, deflate64 through its
 * JavaScript inflater), CRC checks. It is loaded only when a 3MF file arrives, as OpenCascade is for
 * STEP, so the geometry worker's script stays small. Telling a 3MF from other ZIP files is done
 * here, synchronously, from the central directory's names (ZIP64 records included).
 */

import type * as ZipJsModule from '@zip.js/zip.js';

export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflate, 9 deflate64; others are refused by name. */
  readonly method: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly encrypted: boolean;
}

/** An open archive: its entries, and each entry's content chunk by chunk. */
export interface ZipArchive {
  readonly entries: readonly ZipEntry[];
  /**
   * Calls `onChunk` with the entry's uncompressed bytes as they come. Refuses (throws
   * `ZipLimitError`) before inflating anything when the entry declares more than `maxBytes`, and
   * while inflating as soon as the bytes pass it; throws `ZipFormatError` on an unsupported method,
   * encryption or a damaged archive.
   */
  read(entry: ZipEntry, maxBytes: number, onChunk: (chunk: Uint8Array) => void): Promise<void>;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL_FILE_HEADER = 0x02014b50;

/** Compression methods read: stored, deflate, deflate64. */
export const READABLE_METHODS: Readonly<Record<number, string>> = { 0: 'stored', 8: 'deflate', 9: 'deflate64' };

/** Names of the methods a 3MF might meet that we cannot read, for the finding. */
const METHOD_NAMES: Readonly<Record<number, string>> = { 12: 'bzip2', 14: 'LZMA', 93: 'Zstandard', 95: 'XZ', 98: 'PPMd', 99: 'AES encryption' };

export function methodName(method: number): string {
  return READABLE_METHODS[method] ?? METHOD_NAMES[method] ?? `method ${method}`;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
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

/** The archive cannot be read as it is: damaged, encrypted, or packed with a method we do not read. */
export class ZipFormatError extends Error {}

/**
 * The names in an archive's central directory (ZIP64 records followed), or null when the bytes
 * are not a readable archive. Cheap and synchronous: for telling a 3MF package from another ZIP.
 */
export function listZipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) return null;
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_LOCATOR) {
    const record = Number(view.getBigUint64(eocd - 20 + 8, true));
    if (record + 56 > bytes.length || view.getUint32(record, true) !== ZIP64_END_OF_CENTRAL_DIRECTORY) return null;
    count = Number(view.getBigUint64(record + 32, true));
    offset = Number(view.getBigUint64(record + 48, true));
  }
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_FILE_HEADER) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) return i;
  }
  return -1;
}

type ZipJs = typeof ZipJsModule;
let zipJs: Promise<ZipJs> | null = null;

/** zip.js without its web workers and WASM: the geometry worker is already off the main thread. */
function loadZipJs(): Promise<ZipJs> {
  zipJs ??= import('@zip.js/zip.js/index-native.js').then((module) => {
    module.configure({ useWebWorkers: false });
    return module as ZipJs;
  });
  return zipJs;
}

/** Opens an archive; throws `ZipFormatError` when it is not a readable ZIP archive. */
export async function openZip(bytes: Uint8Array): Promise<ZipArchive> {
  const zip = await loadZipJs();
  const reader = new zip.ZipReader(new zip.Uint8ArrayReader(bytes), { useWebWorkers: false });
  let found: Awaited<ReturnType<typeof reader.getEntries>>;
  try {
    found = await reader.getEntries();
  } catch (error) {
    throw new ZipFormatError(`damaged archive: ${describe(error)}`);
  }
  const byEntry = new Map<ZipEntry, (typeof found)[number]>();
  const entries = found
    .filter((e) => !e.directory)
    .map((e) => {
      const entry: ZipEntry = {
        name: e.filename,
        method: e.compressionMethod,
        compressedSize: e.compressedSize,
        uncompressedSize: e.uncompressedSize,
        encrypted: e.encrypted,
      };
      byEntry.set(entry, e);
      return entry;
    });
  return {
    entries,
    async read(entry, maxBytes, onChunk) {
      const source = byEntry.get(entry);
      if (!source || source.directory) throw new ZipFormatError(`no entry ${entry.name}`);
      if (entry.encrypted) throw new ZipFormatError(`${entry.name} is encrypted`);
      if (!(entry.method in READABLE_METHODS)) throw new ZipFormatError(`${entry.name} is packed with ${methodName(entry.method)}, which we do not read`);
      if (entry.uncompressedSize > maxBytes) throw new ZipLimitError(entry.name, maxBytes, true);
      let total = 0;
      let stopped: unknown = null;
      const sink = new WritableStream<Uint8Array>({
        write(chunk) {
          total += chunk.length;
          if (total > maxBytes) {
            stopped = new ZipLimitError(entry.name, maxBytes, false);
            throw stopped;
          }
          try {
            onChunk(chunk);
          } catch (error) {
            stopped = error;
            throw error;
          }
        },
      });
      try {
        await source.getData(sink, { useWebWorkers: false });
      } catch (error) {
        if (stopped) throw stopped;
        if (describe(error) === 'Invalid uncompressed size') {
          throw new ZipFormatError(`damaged archive: ${entry.name} unpacks to more than the ${entry.uncompressedSize} bytes it declares`);
        }
        throw new ZipFormatError(`damaged archive: ${describe(error)}`);
      }
      if (stopped) throw stopped;
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
