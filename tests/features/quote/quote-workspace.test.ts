import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { MAX_FILE_SIZE_BYTES } from '#domain/catalogue/limits';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { checkFile } from '#features/quote/quote-workspace';

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
