import { readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import type { QuoteFile } from '#domain/api/quote';
import { MAX_FILE_SIZE_BYTES } from '#domain/catalogue/limits';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { checkFile, followAnalysis } from '#features/quote/quote-workspace';
import { storedQuoteFile } from '../../../stories/support/quote-fixtures.ts';

const cube = readFileSync('tests/fixtures/cad/cube-10x10mm--cube-10x10.stl');

/** A file that says it is larger than the limit, without holding 100 MB in memory: never read. */
function oversized(name: string): File {
  const file = new File(['solid'], name);
  Object.defineProperty(file, 'size', { value: MAX_FILE_SIZE_BYTES + 1 });
  Object.defineProperty(file, 'slice', { value: () => { throw new Error('an oversized file must not be read'); } });
  return file;
}

describe('checkFile: the domain’s upload rules, with their words, before the geometry is read', () => {
  test('a CAD file within the limits passes', async () => {
    await expect(checkFile({ file: new File([cube], 'cube.stl'), slotsLeft: 3 })).resolves.toBeUndefined();
  });

  test('each refusal says what the server would say', async () => {
    await expect(checkFile({ file: new File([], 'empty.stl'), slotsLeft: 3 })).rejects.toThrow(FILE_MESSAGES.empty('empty.stl'));
    await expect(checkFile({ file: oversized('huge.stl'), slotsLeft: 3 })).rejects.toThrow(FILE_MESSAGES.tooLarge('huge.stl'));
    await expect(checkFile({ file: new File(['these are not triangles'], 'holiday.stl'), slotsLeft: 3 })).rejects.toThrow(FILE_MESSAGES.type('holiday.stl'));
    await expect(checkFile({ file: new File([cube], 'one-too-many.stl'), slotsLeft: 0 })).rejects.toThrow(FILE_MESSAGES.tooMany);
  });

  test('the words are the domain’s', () => {
    expect(FILE_MESSAGES.tooLarge('huge.stl')).toBe('Quote file size is limited to 100 MB: "huge.stl" is larger');
    expect(FILE_MESSAGES.type('holiday.stl')).toBe('"holiday.stl" is not a supported file type: upload STL, STEP, OBJ or 3MF');
  });
});

describe('followAnalysis: a file the job queue analyses (ADR 115)', () => {
  const file = (analysis: QuoteFile['analysis']): QuoteFile => storedQuoteFile({ id: 'file-a', name: 'a.stl', metrics: null, findings: [], analysis });

  test('asks again until the analysis settles, through a failed read, and hands over the settled file once', async () => {
    const answers: (QuoteFile | Error)[] = [file('analysing'), new Error('Failed to fetch'), file('done')];
    const read = vi.fn(async (id: string) => {
      expect(id).toBe('file-a');
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const settled = vi.fn();
    followAnalysis(file('analysing'), read, settled, 1);
    await vi.waitFor(() => expect(settled).toHaveBeenCalledTimes(1));
    expect(read).toHaveBeenCalledTimes(3);
    expect(settled.mock.calls[0]![0].analysis).toBe('done');
  });

  test('stops asking when stopped (the part was removed)', async () => {
    const read = vi.fn(async () => file('analysing'));
    const settled = vi.fn();
    const stop = followAnalysis(file('analysing'), read, settled, 1);
    await vi.waitFor(() => expect(read).toHaveBeenCalled());
    stop();
    const calls = read.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read.mock.calls.length).toBeLessThanOrEqual(calls + 1);
    expect(settled).not.toHaveBeenCalled();
  });

  test('a file already measured is handed over at once, without a read', async () => {
    const read = vi.fn();
    const settled = vi.fn();
    followAnalysis(file('done'), read, settled, 1);
    await vi.waitFor(() => expect(settled).toHaveBeenCalledTimes(1));
    expect(read).not.toHaveBeenCalled();
  });
});

describe('followAnalysis: a large file’s walls and holes (ADR 145)', () => {
  const file = (checks: QuoteFile['checks']): QuoteFile => ({ ...storedQuoteFile({ id: 'file-a', name: 'a.stl', findings: [] }), checks });

  test('asks again, at the shorter interval, until the walls and holes are stored, then hands the file over', async () => {
    const answers = [file('pending'), file('done')];
    const read = vi.fn(async () => answers.shift()!);
    const settled = vi.fn();
    const started = performance.now();
    // The queue's interval is long here: only the checks' interval can make this quick.
    followAnalysis(file('pending'), read, settled, 60_000, 1);
    await vi.waitFor(() => expect(settled).toHaveBeenCalledTimes(1));
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(read).toHaveBeenCalledTimes(2);
    expect(settled.mock.calls[0]![0].checks).toBe('done');
  });
});
