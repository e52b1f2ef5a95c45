import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { AppContext } from '../app-context.ts';
import { iso } from '../clock.ts';
import { AVATAR_MESSAGES, megabytes } from '#domain/rules/account-rules';
import { fieldError } from '../errors.ts';
import { sniffImageType } from '../storage/storage.ts';

/** Reads the one file of a `multipart/form-data` request, streaming, stopping at `maxBytes` (413). */
export function readSingleFile(request: Request, maxBytes: number): Promise<Buffer> {
  const contentType = request.headers.get('content-type') ?? '';
  const body = request.body;
  const required = () => fieldError('file', AVATAR_MESSAGES.imageRequired);
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !body) return Promise.reject(required());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fileSize: maxBytes, fields: 10 } });
    } catch {
      reject(required());
      return;
    }
    let file: Buffer | undefined;
    let tooLarge = false;
    parser.on('file', (_name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        file = Buffer.concat(chunks);
      });
    });
    parser.on('close', () => {
      if (tooLarge) reject(fieldError('file', AVATAR_MESSAGES.tooLarge(megabytes(maxBytes)), 413));
      else if (!file || file.length === 0) reject(required());
      else resolve(file);
    });
    parser.on('error', () => reject(required()));
    Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>).pipe(parser);
  });
}

/** Stores an avatar image (PNG, JPEG, GIF or WebP by its content) and answers its storage key. */
export async function saveAvatar(ctx: AppContext, userId: string, previousKey: string | null, data: Buffer): Promise<string> {
  const type = sniffImageType(data);
  if (!type) throw fieldError('file', AVATAR_MESSAGES.imageType);
  const key = `avatars/${randomUUID()}.${type.slice('image/'.length)}`;
  await ctx.storage.put(key, data, type);
  await ctx.db.updateTable('user_account').set({ avatar_key: key, updated_at: iso(ctx.clock()) }).where('id', '=', userId).execute();
  if (previousKey) await ctx.storage.delete(previousKey).catch(() => undefined);
  return key;
}
