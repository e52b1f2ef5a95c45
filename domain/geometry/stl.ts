/** STL, binary or ASCII, told apart by content: the size rule first, then the "solid" keyword. */
import { createFinding } from './findings';
import { detectCadFormat } from './detect-format';
import type { ImportResult } from './mesh';
import { parseAsciiStl } from './stl-ascii';
import { parseBinaryStl, type StlOptions } from './stl-binary';

export type { StlOptions } from './stl-binary';

export function importStl(bytes: Uint8Array, options: StlOptions = {}): ImportResult {
  if (bytes.length === 0) {
    return {
      format: null,
      mesh: null,
      findings: [createFinding('empty-file', 'The file is empty (0 bytes).')],
      declaredUnit: null,
    };
  }
  return detectCadFormat(bytes) === 'stl-ascii' ? parseAsciiStl(bytes, options) : parseBinaryStl(bytes, options);
}
