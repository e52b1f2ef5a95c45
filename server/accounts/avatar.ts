import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { iso, type Clock } from '../clock.ts';
import { AVATAR_MESSAGES, megabytes } from '#domain/rules/account-rules';
import { fieldError } from '../errors.ts';
import { drainPart, sniffImageType, type FileStorage } from '../storage/storage.ts';

/**
 * Reads the one file of a `multipart/form-data` request, streaming, stopping at `maxBytes` (413).
 * Every stream here has its error handled (issue 32 item 1): a body cut short (a part with no
 * closing boundary, a client that hangs up) makes busboy fail the file's stream, and an error
 * nobody listens to would stop the process; here it is a 422 for this request only.
 */
export async function readSingleFile(request: Request, maxBytes: number): Promise<Buffer> {
  const contentType = request.headers.get('content-type') ?? '';
  const body = request.body;
  const required = () => fieldError('file', AVATAR_MESSAGES.imageRequired);
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !body) throw required();
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fileSize: maxBytes, fields: 10 } });
  } catch {
    throw required();
  }
  let reading: Promise<Buffer> | undefined;
  let tooLarge = false;
  parser.on('file', (_name, stream) => {
    if (reading) {
      drainPart(stream);
      return;
    }
    stream.on('limit', () => {
      tooLarge = true;
    });
    reading = collect(stream);
    reading.catch(() => undefined); // awaited below; a failure is the request's, not the process's
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', reject);
  });
  let file: Buffer | undefined;
  try {
    await Promise.all([pipeline(Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>), parser), parsed]);
    file = await reading;
  } catch {
    throw fieldError('file', AVATAR_MESSAGES.interrupted);
  }
  if (tooLarge) throw fieldError('file', AVATAR_MESSAGES.tooLarge(megabytes(maxBytes)), 413);
  if (!file || file.length === 0) throw required();
  return file;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Stores an avatar image (PNG, JPEG, GIF or WebP by its content) and answers its storage key. */
export async function saveAvatar(ctx: { db: Kysely<Database>; clock: Clock; storage: FileStorage }, userId: string, previousKey: string | null, data: Buffer): Promise<string> {
  const type = sniffImageType(data);
  if (!type) throw fieldError('file', AVATAR_MESSAGES.imageType);
  const key = `avatars/${randomUUID()}.${type.slice('image/'.length)}`;
  await ctx.storage.put(key, data, type);
  await ctx.db.updateTable('user_account').set({ avatar_key: key, updated_at: iso(ctx.clock()) }).where('id', '=', userId).execute();
  if (previousKey) await ctx.storage.delete(previousKey).catch(() => undefined);
  return key;
}
