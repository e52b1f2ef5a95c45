/** Paths to the real CAD files the tests read: the repository's CAD fixtures and the stl-models corpus. */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is tests/domain/support/fixtures.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Real CAD files made outside the project, copied into tests/fixtures/cad (sources and licences in its SOURCES.md). */
export const CAD_FIXTURES = path.resolve(REPO_ROOT, 'tests/fixtures/cad');

/** The stl-models npm package: Stanford bunny, gearwheel, polytopes and 14 broken files. */
export const STL_MODELS = path.dirname(createRequire(import.meta.url).resolve('stl-models/package.json'));

/** occt-import-js's own test files (CAx-IF assemblies, external-reference assemblies). */
export const OCCT_TEST_FILES = path.join(path.dirname(createRequire(import.meta.url).resolve('occt-import-js/package.json')), 'test/testfiles');

export function readBytes(file: string): Uint8Array {
  const buffer = readFileSync(file);
  // A copy, so the bytes do not sit in Node's shared pool at a non-zero offset.
  return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
}

export const cadFixture = (name: string): Uint8Array => readBytes(path.join(CAD_FIXTURES, name));

/** Real files from real exporters (issue 33), by format folder: tests/fixtures/corpus (sources, licences and reference answers there). */
export const CORPUS = path.resolve(REPO_ROOT, 'tests/fixtures/corpus');
export const corpusFile = (relative: string): Uint8Array => readBytes(path.join(CORPUS, relative));
export const stlModel = (relative: string): Uint8Array => readBytes(path.join(STL_MODELS, relative));

export function stlModelFiles(folder: 'broken' | 'misc' | 'objects' | 'polytopes'): string[] {
  return readdirSync(path.join(STL_MODELS, folder)).filter((f) => f.endsWith('.stl')).sort();
}
