import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import type { Writable } from 'node:stream';
import Busboy from 'busboy';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { withoutInvisible } from '#domain/rules/invisible-characters';
import { HttpError, MESSAGE_OUT_OF_SPACE, isOutOfSpace } from '../errors.ts';
import { closedOf, drainPart, settled } from '../storage/storage.ts';

export interface ReceivedFile {
  /** The file's name as the client gave it (no folders, no control characters). */
  name: string;
  /** The spool file holding the bytes; the caller moves or deletes it. */
  path: string;
  sizeBytes: number;
  sha256: string;
}

/** Room for the multipart framing around the one file part. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

export function sizeLimitMessage(name: string, maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const shown = mb >= 1 ? `${+mb.toFixed(2)} MB` : `${+(maxBytes / 1024).toFixed(2)} kB`;
  return `Quote file size is limited to ${shown}: "${name}" is larger`;
}

export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // No control characters, and nothing that reorders the name on a page ("bracket‮lts.exe", issue 32 item 11).
  const clean = withoutInvisible(base).replace(/[\t\n\r]/g, '').trim().slice(0, 200);
  return clean === '' ? 'model' : clean;
}

/**
 * Streams the single `file` part of a multipart request into a spool file (ADR 040): never whole
 * in memory, hashed and counted on the way. Over `maxBytes` the write stops, the partial file is
 * deleted and the answer is 413; a declared Content-Length that is already too large is refused
 * before reading. Anything else wrong (no file, a second file, not multipart) is a 422 with the
 * spool file deleted.
 */
export async function receiveUpload(
  request: Request,
  options: {
    spoolDir: string;
    maxBytes: number;
    openSpool?: (localPath: string) => Writable;
    /** How long a failed upload waits for its spool write to end before answering (`settled`'s 10 s). */
    settleMs?: number;
  },
): Promise<ReceivedFile> {
  const openSpool = options.openSpool ?? ((localPath: string) => createWriteStream(localPath, { mode: 0o600 }));
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new HttpError(422, 'Send the file as multipart/form-data, in a part named "file".', { file: [FILE_MESSAGES.none] });
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_SLACK_BYTES) {
    const message = sizeLimitMessage('the file', options.maxBytes);
    throw new HttpError(413, message, { file: [message] }, { Connection: 'close' });
  }
  const body = request.body;
  if (!body) throw new HttpError(422, FILE_MESSAGES.none, { file: [FILE_MESSAGES.none] });

  await fs.mkdir(options.spoolDir, { recursive: true });
  const spoolPath = path.join(options.spoolDir, `${randomUUID()}.part`);
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { 'content-type': contentType },
      // File names as browsers send them: UTF-8 (名前.stl stays 名前.stl; issue 12 item 13).
      defParamCharset: 'utf8',
      // busboy reports 'limit' on reaching fileSize, so one byte more tells "at the limit" from "over it".
      limits: { files: 1, fileSize: options.maxBytes + 1, fields: 20, parts: 25 },
    });
  } catch {
    throw new HttpError(422, 'Send the file as multipart/form-data, in a part named "file".', { file: [FILE_MESSAGES.none] });
  }

  let name: string | undefined;
  let sizeBytes = 0;
  let truncated = false;
  let extraFile = false;
  let writing: Promise<void> | undefined;
  // The spool file's stream closes last: after a failed pipeline has already settled, a file still
  // opening (or a write still landing) may create it again, so its removal waits for this.
  let spoolClosed: Promise<void> | undefined;
  const hash = createHash('sha256');

  const parsed = new Promise<void>((resolve, reject) => {
    busboy.on('file', (field, stream, info) => {
      if (field !== 'file' || writing) {
        if (writing) extraFile = true;
        drainPart(stream);
        return;
      }
      name = cleanFileName(info.filename);
      stream.on('limit', () => {
        truncated = true;
      });
      const spool = openSpool(spoolPath);
      spoolClosed = closedOf(spool);
      writing = pipeline(
        stream,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            if (truncated) continue; // drain the rest of the part without keeping it
            sizeBytes += chunk.length;
            hash.update(chunk);
            yield chunk;
          }
        },
        spool,
      );
      // A failed write (a full disk) stops the whole upload at once: without this, busboy would
      // wait for the dead file stream and the request would never be answered (issue 12 item 7).
      writing.catch((error: unknown) => busboy.destroy(error instanceof Error ? error : new Error(String(error))));
    });
    busboy.on('filesLimit', () => {
      extraFile = true;
    });
    busboy.on('error', reject);
    busboy.on('close', resolve);
  });

  try {
    await Promise.all([pipeline(Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>), busboy), parsed]);
    if (writing) await writing;
  } catch (error) {
    // The spool file may still be opening when the body fails: remove it only once its stream has
    // closed, or it reappears after the removal (a partial file left behind on a busy machine).
    const pending = [writing, spoolClosed].filter((p) => p !== undefined);
    await settled(pending, options.settleMs);
    await fs.rm(spoolPath, { force: true });
    // A spool file still open after `settled`'s bound (a loaded machine) is removed again once it closes.
    if (pending.length > 0) void Promise.allSettled(pending).then(() => fs.rm(spoolPath, { force: true }).catch(() => undefined));
    if (error instanceof HttpError) throw error;
    if (isOutOfSpace(error)) throw new HttpError(507, MESSAGE_OUT_OF_SPACE, { file: [MESSAGE_OUT_OF_SPACE] }, { Connection: 'close' });
    throw new HttpError(422, 'The upload was interrupted or is not valid multipart/form-data; please try again.', { file: [FILE_MESSAGES.none] });
  }

  const fail = async (status: 413 | 422, message: string): Promise<never> => {
    await fs.rm(spoolPath, { force: true });
    throw new HttpError(status, message, { file: [message] });
  };
  if (name === undefined) return fail(422, FILE_MESSAGES.none);
  if (truncated || sizeBytes > options.maxBytes) return fail(413, sizeLimitMessage(name, options.maxBytes));
  if (extraFile) return fail(422, 'Please upload one file per request.');
  if (sizeBytes === 0) return fail(422, FILE_MESSAGES.empty(name));
  return { name, path: spoolPath, sizeBytes, sha256: hash.digest('hex') };
}
