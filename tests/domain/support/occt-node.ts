/**
 * OpenCascade (occt-import-js) initialised in Node, for tests and scripts. The browser worker
 * loads the same module with its own `locateFile` for the .wasm; domain code only sees the
 * initialised module (see domain/geometry/step.ts).
 */
import { createRequire } from 'node:module';
import type { OcctModule } from '#domain/geometry/step';

type OcctFactory = (options?: { print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<OcctModule>;

let loading: Promise<OcctModule> | undefined;

/** The initialised module, loaded once per process; OpenCascade's console chatter is silenced. */
export function loadOcct(): Promise<OcctModule> {
  if (!loading) {
    const require = createRequire(import.meta.url);
    const factory = require('occt-import-js') as OcctFactory;
    loading = factory({ print: () => {}, printErr: () => {} });
  }
  return loading;
}
