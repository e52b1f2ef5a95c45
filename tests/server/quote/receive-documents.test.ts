import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { receiveDocuments } from '#server/quote/receive-documents';
import { LateDisk, cutShortBody } from './late-disk.ts';

let dir = '';
afterEach(async () => {
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
});

test('a drawing cut short whose spool file is written after the request failed leaves no spool file once it closes (stop 51)', async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'receive-documents-'));
  const spoolDir = path.join(dir, 'spool');
  const request = new Request('http://127.0.0.1/drawing', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=XX' }, body: cutShortBody('drawing'), duplex: 'half' } as RequestInit);
  await expect(
    receiveDocuments(request, { spoolDir, openSpool: (localPath) => new LateDisk(localPath), fileField: 'drawing', maxFiles: 1, maxBytesPerFile: 1024 * 1024, fields: {}, requireFile: true }),
  ).rejects.toMatchObject({ status: 422 });
  await LateDisk.ended;
  await vi.waitFor(() => expect(fs.readdirSync(spoolDir)).toEqual([]), { timeout: 3000, interval: 50 });
});
