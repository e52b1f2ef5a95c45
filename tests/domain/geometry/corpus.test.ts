/**
 * The real-file corpus (issue 33, ADR 159): every file in tests/fixtures/corpus held to the answers
 * an independent script computed once (scripts/reference-geometry.py → reference.json; sources and
 * licences in SOURCES.md). Lengths are compared in the file's units (3MF in mm).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCad } from '#domain/geometry/import-cad';
import { analyseMesh } from '#domain/geometry/metrics';
import { CORPUS, corpusFile } from '../support/fixtures';

interface Reference {
  readonly triangles: number;
  readonly box: [[number, number, number], [number, number, number]];
  readonly volume: number;
  readonly area: number;
  readonly openEdges: number;
  readonly nonManifoldEdges: number;
  readonly pieces: number;
  readonly watertight: boolean;
}

const references = JSON.parse(readFileSync(path.join(CORPUS, 'reference.json'), 'utf8')) as Record<string, Reference | { unread: string }>;

/** Files the reference could not read, held to another file's answers or to a refusal. */
const SAME_AS: Record<string, string> = { '3mf/variant-sphere-deflate64.3mf': '3mf/3mfc-sphere.3mf' };
/** Files the engine refuses on purpose, with the words that say why. */
const REFUSED: Record<string, RegExp> = {
  '3mf/variant-sphere-lzma.3mf': /packed with LZMA, which we do not read/,
  '3mf/3mfc-pyramid.3mf': /beam lattices/,
  'obj/trimesh-face_in_group_name.obj': /holds no faces/,
};
/**
 * Repairs that show the file was not closed as written (ADR 154 joins rounding; these change the
 * part, or, for solids that touch along edges, read them as bodies of their own: ADR 285).
 */
const REPAIRS = ['holes-filled', 'cracks-closed', 'solids-separated'];

describe('the real-file corpus against independent reference answers', () => {
  it('has an answer for every file', () => {
    expect(Object.keys(references).length).toBeGreaterThanOrEqual(60);
  });

  for (const [file, answer] of Object.entries(references)) {
    if (file.startsWith('step/')) continue; // STEP: step.test.ts (no independent reader here)
    it(file, async () => {
      const imported = await importCad(corpusFile(file));
      const refusal = REFUSED[file];
      if (refusal) {
        expect(imported.mesh).toBeNull();
        expect(imported.findings.map((f) => f.message).join(' ')).toMatch(refusal);
        return;
      }
      const reference = (SAME_AS[file] ? references[SAME_AS[file]] : answer) as Reference;
      expect(imported.mesh, imported.findings.map((f) => f.message).join(' ')).not.toBeNull();
      expect(imported.mesh!.triangleCount).toBe(reference.triangles);
      const { metrics, findings } = analyseMesh(imported.mesh!, { declaredUnit: 'mm' });
      const codes = findings.map((f) => f.code);
      const size = Math.max(...metrics.size);
      for (let k = 0; k < 3; k++) {
        expect(metrics.bbox.min[k]).toBeCloseTo(reference.box[0][k] as number, -Math.log10(size * 1e-5));
        expect(metrics.bbox.max[k]).toBeCloseTo(reference.box[1][k] as number, -Math.log10(size * 1e-5));
      }
      if (reference.watertight) {
        expect(metrics.watertight, codes.join(', ')).toBe(true);
        expect(metrics.shellCount).toBe(reference.pieces);
        if (!codes.includes('orientation-repaired')) {
          expect(Math.abs(metrics.volumeMm3 - reference.volume)).toBeLessThanOrEqual(1e-5 * Math.max(reference.volume, size ** 3 * 1e-6));
        }
        expect(Math.abs(metrics.areaMm2 - reference.area)).toBeLessThanOrEqual(1e-5 * reference.area);
      } else {
        // Open or non-manifold as written: refused, or repaired and said so.
        expect(!metrics.watertight || codes.some((c) => REPAIRS.includes(c)), codes.join(', ')).toBe(true);
        if (!metrics.watertight && !codes.some((c) => REPAIRS.includes(c))) {
          expect(metrics.openEdgeCount).toBe(reference.openEdges);
          expect(metrics.nonManifoldEdgeCount).toBe(reference.nonManifoldEdges);
        }
        if (codes.includes('solids-separated')) {
          // Told apart along the reference's non-manifold edges, each solid closed: the same volume and area.
          expect(reference.openEdges).toBe(0);
          expect(findings.find((f) => f.code === 'solids-separated')?.message).toContain(`along ${reference.nonManifoldEdges} edge`);
          expect(Math.abs(metrics.volumeMm3 - reference.volume)).toBeLessThanOrEqual(1e-5 * reference.volume);
          expect(Math.abs(metrics.areaMm2 - reference.area)).toBeLessThanOrEqual(1e-5 * reference.area);
        }
      }
    });
  }
});
