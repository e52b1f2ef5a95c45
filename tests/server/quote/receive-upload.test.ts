import fs from 'node:fs';
import { expect, test, vi } from 'vitest';
import { receiveUpload } from '#server/quote/receive-upload';
import { LateDisk, cutShortBody, tempSpools } from './late-disk.ts';

const newSpoolDir = tempSpools('receive-upload-');

test('a body cut short whose spool write outlasts the wait leaves no spool file once that write ends (stop 51)', async () => {
  const spoolDir = await newSpoolDir();
  const request = new Request('http://127.0.0.1/upload', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=XX' }, body: cutShortBody('file'), duplex: 'half' } as RequestInit);
  await expect(receiveUpload(request, { spoolDir, maxBytes: 1024 * 1024, openSpool: (localPath) => new LateDisk(localPath), settleMs: 20 })).rejects.toMatchObject({ status: 422 });
  // The answer went out before the late write landed (the file is written again after its removal);
  // once the disk has answered, that file goes too.
  await LateDisk.ended;
  await vi.waitFor(() => expect(fs.readdirSync(spoolDir)).toEqual([]), { timeout: 3000, interval: 50 });
});
