import { describe, expect, it } from 'vitest';
import { MAX_FILE_SIZE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';
import { detectCadFormat } from '#domain/geometry/detect-format';
import { toValidationResult } from '#domain/rules/quote-rule-engine';
import { createQuoteFilesSuite, validateQuoteFiles, type QuoteFileCandidate } from '#domain/rules/quote-file-rules';
import { cadFixture } from '../support/fixtures';

const stl: QuoteFileCandidate = { name: 'bracket.stl', sizeBytes: 684, format: 'stl-binary' };

describe('quote file rules', () => {
  it('accepts up to the configured number of supported files within the size limit', () => {
    const files = Array.from({ length: MAX_FILES_PER_UPLOAD }, (_, i) => ({ ...stl, name: `p${i}.stl`, sizeBytes: MAX_FILE_SIZE_BYTES }));
    expect(validateQuoteFiles({ files }).valid).toBe(true);
  });

  it('limits the count, the size and the type', () => {
    const tooMany = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, () => stl);
    expect(validateQuoteFiles({ files: tooMany }).errors.files).toEqual(['You can upload at most 20 files at a time']);
    expect(validateQuoteFiles({ files: [] }).errors.files).toEqual(['Please add a 3D model file']);
    const result = validateQuoteFiles({
      files: [stl, { name: 'huge.step', sizeBytes: MAX_FILE_SIZE_BYTES + 1, format: 'step' }, { name: 'cat.jpg', sizeBytes: 5000, format: null }],
    });
    expect(result.errors).toEqual({
      'file.1': ['Quote file size is limited to 100 MB: "huge.step" is larger'],
      'file.2': ['"cat.jpg" is not a supported file type: upload STL, STEP, OBJ or 3MF'],
    });
  });

  it('judges the type by content: a STEP file named .stl is still STEP', () => {
    const bytes = cadFixture('cube-10x10mm--cube-10x10.stp');
    expect(validateQuoteFiles({ files: [{ name: 'looks-like.stl', sizeBytes: bytes.length, format: detectCadFormat(bytes) }] }).valid).toBe(true);
  });

  it('gives the same answer through the vest suite', () => {
    const input = { files: [stl, { name: 'empty.stl', sizeBytes: 0, format: null }] };
    expect(toValidationResult(createQuoteFilesSuite().run(input))).toEqual(validateQuoteFiles(input));
    expect(validateQuoteFiles(input).errors['file.1']).toContain('"empty.stl" is empty');
  });
});
