import { MAX_FILE_SIZE_MB, MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';

/**
 * What the client and the server say about a quote file (spec section 5), in a module without vest
 * (the rules are in quote-file-rules.ts), so that code that only reports an upload's outcome (the
 * upload client on the profile page, ADR 140) does not load the rules' engine.
 */
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
