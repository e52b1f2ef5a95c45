import fs from 'node:fs';
import { expect, test, vi } from 'vitest';
import { receiveDocuments } from '#server/quote/receive-documents';
import { LateDisk, cutShortBody, tempSpools } from './late-disk.ts';

const newSpoolDir = tempSpools('receive-documents-');

test('a drawing cut short whose spool file is written after the request failed leaves no spool file once it closes (stop 51)', async () => {
  const spoolDir = await newSpoolDir();
  const request = new Request('http://127.0.0.1/drawing', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=XX' }, body: cutShortBody('drawing'), duplex: 'half' } as RequestInit);
  await expect(
    receiveDocuments(request, { spoolDir, openSpool: (localPath) => new LateDisk(localPath), fileField: 'drawing', maxFiles: 1, maxBytesPerFile: 1024 * 1024, fields: {}, requireFile: true }),
  ).rejects.toMatchObject({ status: 422 });
  await LateDisk.ended;
  await vi.waitFor(() => expect(fs.readdirSync(spoolDir)).toEqual([]), { timeout: 3000, interval: 50 });
});
