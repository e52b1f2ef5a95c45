import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.ts';
import { checkKey, guardedStream, type FileStorage } from './storage.ts';

/**
 * Object storage over the S3 protocol (issue 21 item 2, ADR 120): AWS S3 or any S3-compatible
 * store (MinIO, Ceph, R2, …) through `@aws-sdk/client-s3`, selected by STORAGE=s3.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: many S3-compatible stores do not read the trailing
    // checksums the SDK otherwise adds to every upload (ADR 120).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
  return false;
}

/** Keys under an optional prefix (S3_PREFIX), so that one bucket may serve several installations. */
export class S3Objects {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    private readonly prefix: string,
  ) {}

  key(key: string): string {
    checkKey(key);
    return `${this.prefix}${key}`;
  }

  /** Throws a one-sentence Error when the bucket cannot be reached (main.ts checks at start). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      const why = status === 404 ? 'the bucket does not exist' : status === 403 ? 'access is denied' : error instanceof Error ? error.message || error.name : String(error);
      throw new Error(`Manufacture cannot start: it cannot use the S3 bucket "${this.bucket}" at ${this.client.config.endpoint ? 'the configured S3_ENDPOINT' : 'AWS'}, because ${why}. Check STORAGE, S3_ENDPOINT, S3_BUCKET, S3_REGION and the credentials.`, { cause: error });
    }
  }

  async open(key: string): Promise<{ stream: Readable; sizeBytes: number; contentType: string | undefined } | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { stream: guardedStream(object.Body as Readable), sizeBytes: Number(object.ContentLength ?? 0), contentType: object.ContentType };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  /**
   * Streams a local file into the bucket: a multipart upload of PART_BYTES parts, QUEUE_SIZE at a
   * time, so at most PART_BYTES × QUEUE_SIZE (32 MiB) is held in memory whatever the file's size.
   * A failed upload is aborted (no parts left behind).
   */
  async uploadFile(key: string, localPath: string, contentType = 'application/octet-stream'): Promise<void> {
    const size = (await fs.stat(localPath)).size;
    const body = createReadStream(localPath, { highWaterMark: 1024 * 1024 });
    try {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: this.key(key), Body: body, ContentType: contentType, ContentLength: size },
        partSize: PART_BYTES,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      await upload.done();
    } finally {
      body.destroy();
    }
  }
}

/** 8 MiB parts (S3's minimum is 5 MiB), four in flight. */
export const PART_BYTES = 8 * 1024 * 1024;
export const QUEUE_SIZE = 4;

/** Avatars (and any small file kept whole) in the bucket under `uploads/` (FileStorage). */
export class S3FileStorage implements FileStorage {
  constructor(private readonly objects: S3Objects) {}

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    await this.objects.client.send(new PutObjectCommand({ Bucket: this.objects.bucket, Key: this.objects.key(`uploads/${key}`), Body: data, ContentType: contentType }));
  }

  async get(key: string): Promise<{ data: Uint8Array; contentType: string } | undefined> {
    const object = await this.objects.open(`uploads/${key}`);
    if (!object) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    return { data: Buffer.concat(chunks), contentType: object.contentType ?? 'application/octet-stream' };
  }

  async delete(key: string): Promise<void> {
    await this.objects.delete(`uploads/${key}`);
  }
}
