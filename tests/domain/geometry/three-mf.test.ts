import { describe, expect, it } from 'vitest';
import { analyseMesh } from '#domain/geometry/metrics';
import { MAX_TRIANGLES } from '#domain/catalogue/limits';
import { MAX_MODEL_BYTES, importThreeMf, modelInflateLimit } from '#domain/geometry/three-mf';
import { subdividedCube, translated } from '../support/solids';
import { threeMfBomb } from '../support/zip-bomb';
import { threeMfModel, threeMfPackage, writeZip } from '../support/zip-writer';
import { corpusFile } from '../support/fixtures';

describe('3MF', () => {
  it('reads a deflated package, in millimetres', async () => {
    const result = await importThreeMf(threeMfPackage(threeMfModel([{ soup: subdividedCube(8, 2), name: 'Cube' }])));
    expect(result.findings).toEqual([]);
    expect(result.declaredUnit).toBe('mm');
    expect(result.mesh?.bodies).toEqual([{ name: 'Cube', firstTriangle: 0, triangleCount: 48 }]);
    const { metrics } = analyseMesh(result.mesh!, { declaredUnit: 'mm' });
    expect(metrics.volumeMm3).toBe(512);
    expect(metrics.watertight).toBe(true);
  });

  it('converts the declared unit to millimetres', async () => {
    const result = await importThreeMf(threeMfPackage(threeMfModel([{ soup: subdividedCube(2, 1) }], 'inch')));
    const { metrics } = analyseMesh(result.mesh!, { declaredUnit: result.declaredUnit });
    for (const side of metrics.size) expect(side).toBeCloseTo(50.8, 5); // 50.8 stored as float32
    expect(metrics.units.source).toBe('file');
  });

  it('applies build transforms, keeping outward faces under a mirror', async () => {
    const mirrorAndMove = '-1 0 0 0 1 0 0 0 1 100 0 0';
    const result = await importThreeMf(threeMfPackage(threeMfModel([
      { soup: subdividedCube(4, 1) },
      { soup: translated(subdividedCube(4, 1), [1, 1, 1]), transform: mirrorAndMove },
    ])));
    const { metrics } = analyseMesh(result.mesh!, { declaredUnit: 'mm' });
    expect(metrics.bodyCount).toBe(2);
    expect(metrics.orientation).toBe('outward');
    expect(metrics.volumeMm3).toBeCloseTo(128, 9);
    expect(metrics.bbox.max[0]).toBe(99);
  });

  it('follows components of components', async () => {
    const model = threeMfModel([{ soup: subdividedCube(4, 1) }])
      .replace('<build>', '<object id="7" name="assembly"><components><component objectid="1" /><component objectid="1" transform="1 0 0 0 1 0 0 0 1 10 0 0" /></components></object><build>')
      .replace('<item objectid="1" />', '<item objectid="7" />');
    const result = await importThreeMf(threeMfPackage(model));
    expect(result.mesh?.bodies.map((b) => [b.name, b.triangleCount])).toEqual([['assembly', 24]]);
  });

  it('turns damaged packages into findings', async () => {
    expect((await importThreeMf(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]))).findings[0]?.code).toBe('unreadable');
    expect((await importThreeMf(writeZip([{ name: '3D/other.txt', data: 'x' }]))).findings[0]?.code).toBe('no-triangles');
    const broken = threeMfPackage(threeMfModel([{ soup: subdividedCube(4, 1) }]).replace('v1="0"', 'v1="999"'));
    expect((await importThreeMf(broken)).findings.map((f) => f.code)).toEqual(['malformed-facet']);
  });
});

describe('3MF limits (issue 12 item 4)', () => {
  it('reads a model that arrives in many inflated chunks, tags split across them', async () => {
    const soup = subdividedCube(64, 20); // 4,800 triangles, ~400 kB of XML: several inflated chunks
    for (const deflate of [true, false]) {
      const model = threeMfModel([{ soup, name: 'Big' }]);
      const result = await importThreeMf(writeZip([{ name: '3D/3dmodel.model', data: model, deflate }]));
      expect(result.findings).toEqual([]);
      expect(result.mesh?.bodies).toEqual([{ name: 'Big', firstTriangle: 0, triangleCount: 4_800 }]);
    }
  });

  it('a 0.5 MB package that would inflate to 500 MiB is refused by its declared size, before inflating', async () => {
    const bomb = threeMfBomb(500);
    expect(bomb.length).toBeLessThan(600 * 1024);
    const started = performance.now();
    const result = await importThreeMf(bomb);
    expect(result.mesh).toBeNull();
    expect(result.findings.map((f) => [f.code, f.message])).toEqual([
      ['unreadable', `The 3MF model part would unpack from 507 kB to more than 25 MB: far more than a mesh needs, so it was not read.`],
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a package that lies about its size is stopped while inflating', async () => {
    const lying = await importThreeMf(threeMfBomb(500, 1024));
    expect(lying.findings[0]?.code).toBe('unreadable');
    expect(lying.findings[0]?.message).toMatch(/unpacks to more than the 1024 bytes it declares/);
    // Declared within the ratio limit (25 MB for ~0.5 MB packed) but inflating past it.
    const underDeclared = await importThreeMf(threeMfBomb(500, 20 * 1024 * 1024));
    expect(underDeclared.findings[0]?.message).toMatch(/unpacks to more than the 20971520 bytes it declares/);
  });

  it('the limit: what MAX_TRIANGLES need, and at most 50 times the packed size (real meshes pack 5–7 times)', () => {
    expect(MAX_MODEL_BYTES).toBe(MAX_TRIANGLES * 80);
    expect(modelInflateLimit({ compressedSize: 100 })).toBe(1024 * 1024);
    expect(modelInflateLimit({ compressedSize: 1024 * 1024 })).toBe(50 * 1024 * 1024);
    expect(modelInflateLimit({ compressedSize: 100 * 1024 * 1024 })).toBe(MAX_MODEL_BYTES);
  });

  it('stops reading once the triangles pass the limit', async () => {
    const result = await importThreeMf(threeMfPackage(threeMfModel([{ soup: subdividedCube(8, 4) }])), { maxTriangles: 100 });
    expect(result.findings.map((f) => f.code)).toEqual(['too-many-triangles']);
  });
});

describe('3MF packages as real ZIP tools write them (ADR 156)', () => {
  const volume = async (file: string) => {
    const result = await importThreeMf(corpusFile(`3mf/${file}`));
    expect(result.findings, file).toEqual([]);
    return analyseMesh(result.mesh!, { declaredUnit: 'mm' }).metrics.volumeMm3;
  };

  it('reads the same sphere from ZIP64 entries (Info-ZIP -fz), data descriptors (-fd), stored entries and deflate64 (7-Zip)', async () => {
    const reference = await volume('3mfc-sphere.3mf');
    expect(reference).toBeGreaterThan(4000);
    for (const variant of ['variant-sphere-zip64.3mf', 'variant-sphere-descriptors.3mf', 'variant-sphere-stored.3mf', 'variant-sphere-deflate64.3mf']) {
      expect(await volume(variant), variant).toBe(reference);
    }
  });

  it('refuses an entry packed with a method it does not read, by name (LZMA)', async () => {
    const result = await importThreeMf(corpusFile('3mf/variant-sphere-lzma.3mf'));
    expect(result.mesh).toBeNull();
    expect(result.findings.map((f) => f.message)).toEqual(['The 3MF model part could not be unpacked (3D/3dmodel.model is packed with LZMA, which we do not read).']);
  });

  it('follows the production extension into another model part (p:path)', async () => {
    expect(await volume('3mfc-box_prod.3mf')).toBeCloseTo(await volume('3mfc-box.3mf'), 2); // the same box, placed by a transform
  });

  it('reads a mesh kept beside full-resolution slices, and refuses a beam lattice by name', async () => {
    expect(await volume('3mfc-box_sliced.3mf')).toBeGreaterThan(0);
    const lattice = await importThreeMf(corpusFile('3mf/3mfc-pyramid.3mf'));
    expect(lattice.findings[0]?.message).toBe('The 3MF build holds beam lattices (3MF extensions we do not read), so part of the model would be missing.');
  });
});
