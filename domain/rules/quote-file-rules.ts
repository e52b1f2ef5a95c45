/**
 * Upload rules for quote files (spec section 5): size, type and count limits, with the values
 * configured in domain/catalogue/limits.ts. The type is the format detected from the content
 * (`detectCadFormat`), not the name's extension.
 */
import { enforce } from 'vest';
import { ACCEPTED_CAD_FORMATS, MAX_FILE_SIZE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';
import type { CadFormat } from '#domain/geometry/mesh';
import { FILE_MESSAGES } from './quote-file-messages.ts';
import { runRules, suiteFromRules, type Rule, type ValidationResult } from './quote-rule-engine';

export interface QuoteFileCandidate {
  readonly name: string;
  readonly sizeBytes: number;
  /** `detectCadFormat(bytes)`; null when the content is not a supported format. */
  readonly format: CadFormat | null;
}

export interface QuoteFilesInput {
  readonly files: readonly QuoteFileCandidate[];
}

type FileRule = Rule<QuoteFilesInput>;

export function quoteFileRules(input: QuoteFilesInput): FileRule[] {
  const rules: FileRule[] = [
    { field: 'files', key: 'files-any', message: FILE_MESSAGES.none, severity: 'error', check: (c) => enforce(c.files).isNotEmpty() },
    {
      field: 'files',
      key: 'files-count',
      message: FILE_MESSAGES.tooMany,
      severity: 'error',
      check: (c) => enforce(c.files).shorterThanOrEquals(MAX_FILES_PER_UPLOAD),
    },
  ];
  input.files.forEach((file, i) => {
    const field = `file.${i}`;
    rules.push(
      { field, key: `${field}-size`, message: FILE_MESSAGES.tooLarge(file.name), severity: 'error', check: () => enforce(file.sizeBytes).lessThanOrEquals(MAX_FILE_SIZE_BYTES) },
      { field, key: `${field}-empty`, message: FILE_MESSAGES.empty(file.name), severity: 'error', check: () => enforce(file.sizeBytes).greaterThan(0) },
      {
        field,
        key: `${field}-type`,
        message: FILE_MESSAGES.type(file.name),
        severity: 'error',
        check: () => enforce(file.format).inside([...ACCEPTED_CAD_FORMATS]),
      },
    );
  });
  return rules;
}

export function validateQuoteFiles(input: QuoteFilesInput): ValidationResult {
  return runRules(quoteFileRules(input), input);
}

/** A new vest suite over the same rules, for the upload form or a server request. */
export function createQuoteFilesSuite() {
  return suiteFromRules((input: QuoteFilesInput) => input, quoteFileRules);
}
