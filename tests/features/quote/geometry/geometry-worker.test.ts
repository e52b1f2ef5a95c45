// @vitest-environment node
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { MAX_FILE_SIZE_BYTES } from '#domain/catalogue/limits';
import type { GeometryRequest, GeometryResponse } from '#features/quote/geometry/geometry-protocol';
import { binaryStl, torus } from '../../../domain/support/solids';

// The worker's scope in a test: its handler is called directly, its posts recorded.
const posted: GeometryResponse[] = [];
const scope = globalThis as unknown as { self: { onmessage: ((event: { data: GeometryRequest }) => Promise<void>) | null; postMessage: (message: GeometryResponse) => void } };
beforeAll(async () => {
  scope.self = { onmessage: null, postMessage: (message) => posted.push(message) };
  await import('#features/quote/geometry/geometry-worker');
});
afterEach(() => {
  posted.length = 0;
});
const send = (data: GeometryRequest) => scope.self.onmessage!({ data });

describe("the geometry worker: a file's import, stopped when it is no longer wanted (ADR 254)", () => {
  test('reads and measures a file', async () => {
    await send({ type: 'analyse', id: 'a', file: new File([binaryStl(torus(20, 5, 24, 12)) as Uint8Array<ArrayBuffer>], 'ring.stl') });
    expect(posted.at(-1)).toMatchObject({ type: 'done', id: 'a', report: { format: 'stl-binary', orderable: true } });
  });

  test('a file over the size limit is refused without being read (the checks beside it refuse it too)', async () => {
    const stream = vi.fn();
    const huge = { size: MAX_FILE_SIZE_BYTES + 1, name: 'scan.stl', stream } as unknown as File;
    await send({ type: 'analyse', id: 'b', file: huge });
    expect(posted).toEqual([{ type: 'failed', id: 'b', message: null }]);
    expect(stream).not.toHaveBeenCalled();
  });

  test('a file cancelled while it is read stops at its next chunk and is not measured', async () => {
    const bytes = binaryStl(torus(20, 5, 240, 120));
    let chunks = 0;
    const file = {
      size: bytes.length,
      name: 'ring.stl',
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull(controller) {
            const at = chunks++ * 4096;
            if (at >= bytes.length) controller.close();
            else controller.enqueue(bytes.subarray(at, at + 4096));
            // The page's cancel arrives as the first chunk is read.
            if (chunks === 1) void send({ type: 'cancel', id: 'c' });
          },
        }),
    } as unknown as File;
    await send({ type: 'analyse', id: 'c', file });
    expect(posted.filter((m) => m.type !== 'progress')).toEqual([]);
    expect(chunks).toBeLessThan(4);
  });

  test('a cancel for a file not being read (already answered, or never asked for) is not kept: that id is measured when asked', async () => {
    await send({ type: 'cancel', id: 'd' });
    await send({ type: 'analyse', id: 'd', file: new File([binaryStl(torus(20, 5, 24, 12)) as Uint8Array<ArrayBuffer>], 'ring.stl') });
    expect(posted.at(-1)).toMatchObject({ type: 'done', id: 'd' });
  });
});
