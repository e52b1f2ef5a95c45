/**
 * Upload rules for quote files (spec section 5): size, type and count limits, with the values
 * configured in domain/catalogue/limits.ts. The type is the format detected from the content
 * (`detectCadFormat`), not the name's extension.
 */
import { enforce } from 'vest';
import { ACCEPTED_CAD_FORMATS, MAX_FILE_SIZE_BYTES, MAX_FILE_SIZE_MB, MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';
import type { CadFormat } from '#domain/geometry/mesh';
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

export const FILE_MESSAGES = {
  none: 'Please add a 3D model file',
  tooMany: `You can upload at most ${MAX_FILES_PER_UPLOAD} files at a time`,
  tooLarge: (name: string) => `Quote file size is limited to ${MAX_FILE_SIZE_MB} MB: "${name}" is larger`,
  empty: (name: string) => `"${name}" is empty`,
  type: (name: string) => `"${name}" is not a supported file type: upload STL, STEP, OBJ or 3MF`,
  /** The server's analysis of an upload did not finish (a crash or the time limit), ADR 041. */
  notAnalysed: (name: string, reason: string) => `"${name}" could not be analysed: ${reason} Try again, or upload an STL or STEP export of the part.`,
  /** The queued analysis stopped twice (a crash or a worker that died), ADR 115. */
  analysisStopped: 'The analysis stopped twice before it could finish.',
  /** A configuration or price asked for while the queued analysis runs (ADR 115). */
  analysing: (name: string) => `"${name}" is still being analysed: its price follows in a moment.`,
  /** POST …/split of a file whose parts were already made (a double click, another tab): ADR 131. */
  alreadySplit: 'This file was already split into parts: they are in the project’s list of files.',
  /** POST …/split of a file of one body, or of more bodies than an assembly has (fragments). */
  notAssembly: (name: string) => `"${name}" is one part: there is nothing to split.`,
  /** POST …/split while the units of a file without units are still a guess. */
  splitUnitsFirst: (name: string) => `Confirm the units of "${name}" before splitting it: its parts are stored in millimetres.`,
  /** POST …/split that would make more files than a project holds. */
  splitTooMany: (name: string, parts: number, room: number) =>
    `Splitting "${name}" makes ${parts} parts, but the project has room for ${room}: remove some files or put it in a project of its own.`,
} as const;

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
