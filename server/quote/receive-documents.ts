import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import Busboy from 'busboy';
import { DOCUMENT_HEAD_BYTES, DOCUMENT_MESSAGES, detectDocumentType, type DocumentType } from '#domain/rules/document-rules';
import { HttpError, MESSAGE_OUT_OF_SPACE, isOutOfSpace } from '../errors.ts';
import { closedOf, drainPart, settled } from '../storage/storage.ts';
import { cleanFileName } from './receive-upload.ts';

/** One document received: where its bytes wait, and what its content says it is. */
export interface ReceivedDocument {
  name: string;
  /** The spool file; the caller moves it into the store or deletes it (`discardDocuments`). */
  path: string;
  sizeBytes: number;
  sha256: string;
  type: DocumentType;
}

export interface ReceivedDocuments {
  /** The text fields asked for, trimmed ('' when absent). */
  fields: Record<string, string>;
  files: ReceivedDocument[];
}

export interface DocumentLimits {
  spoolDir: string;
  openSpool: (localPath: string) => Writable;
  /** The multipart part name the files come in. */
  fileField: string;
  maxFiles: number;
  maxBytesPerFile: number;
  /** The text fields taken, each with its longest length (characters) and its message when longer. */
  fields: Record<string, { max: number; message: string }>;
  /** At least one file must come (a drawing), or none need (a review request's attachments). */
  requireFile: boolean;
}

const MULTIPART_SLACK_BYTES = 64 * 1024;

export async function discardDocuments(files: readonly { path: string }[]): Promise<void> {
  for (const file of files) await fs.rm(file.path, { force: true });
}

/**
 * Streams the documents of a multipart request to spool files (never whole in memory), counted and
 * hashed on the way, each stopped at its size limit; then judges each by its first bytes. Anything
 * wrong deletes every spool file and answers in words: 413 a file too large (or the whole request
 * declared larger than the files allowed), 422 a file that is not a drawing, empty, one too many,
 * a note too long, or no file when one is needed. Fields not asked for are ignored.
 */
export async function receiveDocuments(request: Request, limits: DocumentLimits): Promise<ReceivedDocuments> {
  const field = limits.fileField;
  const contentType = request.headers.get('content-type') ?? '';
  const notMultipart = () => new HttpError(422, `Send the request as multipart/form-data, the files in parts named "${field}".`, { [field]: [DOCUMENT_MESSAGES.none] });
  if (!/^multipart\/form-data/i.test(contentType)) throw notMultipart();
  const fieldBytes = Object.values(limits.fields).reduce((sum, f) => sum + f.max * 4, 0);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxFiles * limits.maxBytesPerFile + fieldBytes + MULTIPART_SLACK_BYTES) {
    const message = DOCUMENT_MESSAGES.tooLarge('the request');
    throw new HttpError(413, message, { [field]: [message] }, { Connection: 'close' });
  }
  const body = request.body;
  if (!body) throw notMultipart();
  await fs.mkdir(limits.spoolDir, { recursive: true });

  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: {
        files: limits.maxFiles,
        // One byte more than the limit tells "at the limit" from "over it".
        fileSize: limits.maxBytesPerFile + 1,
        fields: Object.keys(limits.fields).length + 5,
        fieldSize: Math.max(1, ...Object.values(limits.fields).map((f) => f.max * 4)),
        parts: limits.maxFiles + Object.keys(limits.fields).length + 5,
      },
    });
  } catch {
    throw notMultipart();
  }

  const fields: Record<string, string> = Object.fromEntries(Object.keys(limits.fields).map((k) => [k, '']));
  const received: (Omit<ReceivedDocument, 'type'> & { truncated: boolean })[] = [];
  const writes: Promise<void>[] = [];
  // Each spool file's stream closes last: a file still opening when its pipeline failed is removed after it (stop 51).
  const closes: Promise<void>[] = [];
  let tooMany = false;
  let fieldTooLong: string | null = null;

  const parsed = new Promise<void>((resolve, reject) => {
    busboy.on('field', (name, value, info) => {
      const rule = limits.fields[name];
      if (!rule) return;
      if (info.valueTruncated || value.length > rule.max) fieldTooLong = rule.message;
      fields[name] = value.trim();
    });
    busboy.on('file', (name, stream, info) => {
      if (name !== field) {
        // A part nobody keeps: drained with its error caught (a body cut short fails it; issue 32 item 1).
        drainPart(stream);
        return;
      }
      const entry = { name: cleanFileName(info.filename), path: path.join(limits.spoolDir, `${randomUUID()}.part`), sizeBytes: 0, sha256: '', truncated: false };
      received.push(entry);
      const hash = createHash('sha256');
      stream.on('limit', () => {
        entry.truncated = true;
      });
      const spool = limits.openSpool(entry.path);
      closes.push(closedOf(spool));
      const write = pipeline(
        stream,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            if (entry.truncated) continue;
            entry.sizeBytes += chunk.length;
            hash.update(chunk);
            yield chunk;
          }
        },
        spool,
      ).then(() => {
        entry.sha256 = hash.digest('hex');
      });
      write.catch((error: unknown) => busboy.destroy(error instanceof Error ? error : new Error(String(error))));
      writes.push(write);
    });
    busboy.on('filesLimit', () => {
      tooMany = true;
    });
    busboy.on('error', reject);
    busboy.on('close', resolve);
  });

  const fail = async (status: 413 | 422, message: string, key = field): Promise<never> => {
    await discardDocuments(received);
    throw new HttpError(status, message, { [key]: [message] });
  };
  try {
    await Promise.all([pipeline(Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>), busboy), parsed]);
    await Promise.all(writes);
  } catch (error) {
    await settled([...writes, ...closes]); // a spool file still opening would reappear after its removal
    await discardDocuments(received);
    // A spool file still open after `settled`'s bound (a loaded machine) is removed again once it closes.
    void Promise.allSettled([...writes, ...closes]).then(() => discardDocuments(received).catch(() => undefined));
    if (error instanceof HttpError) throw error;
    if (isOutOfSpace(error)) throw new HttpError(507, MESSAGE_OUT_OF_SPACE, { [field]: [MESSAGE_OUT_OF_SPACE] }, { Connection: 'close' });
    throw new HttpError(422, 'The upload was interrupted or is not valid multipart/form-data; please try again.', { [field]: [DOCUMENT_MESSAGES.none] });
  }

  if (fieldTooLong) {
    const key = Object.entries(limits.fields).find(([, r]) => r.message === fieldTooLong)?.[0] ?? field;
    return fail(422, fieldTooLong, key);
  }
  if (tooMany) return fail(422, DOCUMENT_MESSAGES.tooMany);
  if (limits.requireFile && received.length === 0) return fail(422, DOCUMENT_MESSAGES.none);
  const files: ReceivedDocument[] = [];
  for (const file of received) {
    if (file.truncated || file.sizeBytes > limits.maxBytesPerFile) return fail(413, DOCUMENT_MESSAGES.tooLarge(file.name));
    if (file.sizeBytes === 0) return fail(422, DOCUMENT_MESSAGES.empty(file.name));
    const type = detectDocumentType(await readHead(file.path));
    if (!type) return fail(422, DOCUMENT_MESSAGES.type(file.name));
    files.push({ name: file.name, path: file.path, sizeBytes: file.sizeBytes, sha256: file.sha256, type });
  }
  return { fields, files };
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(DOCUMENT_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, DOCUMENT_HEAD_BYTES, 0);
    return new Uint8Array(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
