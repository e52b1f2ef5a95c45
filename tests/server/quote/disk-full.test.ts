import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGE_OUT_OF_SPACE } from '#server/errors';
import { LocalDiskQuoteFileStore } from '#server/quote/file-store';
import { binaryStl, subdividedCube } from '../../domain/support/solids.ts';
import { CUBE_STL, createQuoteTestApp, db, readFixture, type QuoteTestApp } from './quote-test-app.ts';

/**
 * Issue 12 item 7: with the disk full, uploads of 1 MB or more were never answered and other
 * writes answered 500 with raw SQLite errors. Now a write that fails for lack of space answers 507
 * with the catalogue's sentence, leaves no partial file, and reads go on being served. The failure
 * is injected: a spool file that fails with ENOSPC part-way, and a database that cannot grow
 * (SQLite: max_page_count; PostgreSQL: a trigger raising disk_full, SQLSTATE 53100).
 */
const ENOSPC = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/** A spool file on a disk with `room` bytes left: it writes that much for real, then fails. */
class NearlyFullDisk extends Writable {
  private written = 0;
  private readonly file: fs.WriteStream;

  constructor(
    localPath: string,
    private readonly room: number,
  ) {
    super();
    this.file = fs.createWriteStream(localPath);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.written += chunk.length;
    if (this.written > this.room) {
      this.file.end(() => callback(ENOSPC()));
      return;
    }
    this.file.write(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.file.end(callback);
  }
}

let t: QuoteTestApp;
let root: string;
let diskFull = false;

beforeAll(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'quote-disk-full-'));
  const disk = new LocalDiskQuoteFileStore(root);
  const quoteFiles = Object.assign(Object.create(disk) as LocalDiskQuoteFileStore, {
    openSpool: (localPath: string) => (diskFull ? new NearlyFullDisk(localPath, 256 * 1024) : disk.openSpool(localPath)),
  });
  t = await createQuoteTestApp({}, { quoteFiles });
});
afterAll(async () => {
  await t.close();
  await fsp.rm(root, { recursive: true, force: true });
});

const filesUnder = async (dir: string) => (await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => e.name);

/** The database refuses to grow from now on, as a full disk makes it; answers how to undo it. */
async function fillDatabase(): Promise<() => Promise<void>> {
  const d = t.database.db;
  if (t.database.kind === 'sqlite') {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(d);
    await sql.raw(`pragma max_page_count = ${Number(rows[0]?.page_count)}`).execute(d);
    return async () => {
      await sql.raw('pragma max_page_count = 1073741823').execute(d);
    };
  }
  await sql`create or replace function disk_is_full() returns trigger language plpgsql as $$ begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(d);
  for (const table of ['contact_message', 'quote_file', 'quote_project']) {
    await sql.raw(`create trigger disk_is_full before insert on ${table} for each row execute function disk_is_full()`).execute(d);
  }
  return async () => {
    for (const table of ['contact_message', 'quote_file', 'quote_project']) await sql.raw(`drop trigger disk_is_full on ${table}`).execute(d);
  };
}

describe(`a full disk (${db})`, () => {
  test('an upload of 1 MB answers 507 at once, keeps no partial file, and reads go on', async () => {
    const token = await t.temporaryToken();
    const project = await t.project(token);
    const big = binaryStl(subdividedCube(64, 64)); // 49,152 triangles: 2.4 MB
    expect(big.length).toBeGreaterThan(1024 * 1024);
    diskFull = true;
    try {
      const res = await t.upload(project.id, token, big, 'big.stl');
      expect(res.status).toBe(507);
      expect(res.body.message).toBe(MESSAGE_OUT_OF_SPACE);
      expect(await filesUnder(root)).toEqual([]);
      expect((await t.ms(`project/${project.id}/files`, { token })).status).toBe(200);
    } finally {
      diskFull = false;
    }
    // Space again: the same upload goes through.
    expect((await t.upload(project.id, token, big, 'big.stl')).status).toBe(201);
  });

  test('database writes answer 507 with the catalogue’s sentence, not the database’s; nothing is half-written; reads go on', async () => {
    const token = await t.temporaryToken();
    const project = await t.project(token);
    const cube = await readFixture(CUBE_STL);
    const before = await filesUnder(root);
    const contactsBefore = await t.database.db.selectFrom('contact_message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const undo = await fillDatabase();
    try {
      const contact = await t.call<{ message: string }>('account/contactUs', { body: { name: 'Ada', email: 'ada@example.com', subject: 'Question', message: 'x'.repeat(4900) } });
      expect(contact).toEqual({ status: 507, body: { message: MESSAGE_OUT_OF_SPACE } });
      // SQLite still fits a small row in a page it has; only the trigger fails every insert on PostgreSQL.
      if (t.database.kind === 'postgres') {
        const created = await t.ms<{ message: string }>('project', { token, body: { name: 'P', process: 'cnc' } });
        expect(created).toEqual({ status: 507, body: { message: MESSAGE_OUT_OF_SPACE } });
        const upload = await t.upload(project.id, token, cube, 'cube.stl');
        expect(upload.status).toBe(507);
        expect(upload.body.message).toBe(MESSAGE_OUT_OF_SPACE);
        // The uploaded bytes did not stay behind a row that was never written.
        expect(await filesUnder(root)).toEqual(before);
      }
      // Reads are served.
      expect((await t.call('common/index')).status).toBe(200);
      expect((await t.call('tools/countryList?type=phoneCode')).status).toBe(200);
      expect((await t.ms(`project/${project.id}/files`, { token })).status).toBe(200);
    } finally {
      await undo();
    }
    const contactsAfter = await t.database.db.selectFrom('contact_message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(contactsAfter.n)).toBe(Number(contactsBefore.n));
    expect(t.log.join('\n')).not.toContain('database or disk is full');
  });
});
