import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCadFile, importCad } from '#domain/geometry/import-cad';
import type { OcctModule } from '#domain/geometry/step';
import { cadFixture, stlModel } from '../support/fixtures';
import { loadOcct } from '../support/occt-node';
import { asciiStl, binaryStl, subdividedCube } from '../support/solids';
import { threeMfModel, threeMfPackage } from '../support/zip-writer';

let occt: OcctModule;
beforeAll(async () => {
  occt = await loadOcct();
});

describe('importCad and analyseCadFile', () => {
  it('dispatches on content: the same cube in four formats gives the same volume', async () => {
    const soup = subdividedCube(10, 2);
    const files = [binaryStl(soup), asciiStl(soup), threeMfPackage(threeMfModel([{ soup }])), cadFixture('cube-10x10mm--cube-10x10.stp')];
    const reports = await Promise.all(files.map((bytes) => analyseCadFile(bytes, { occt })));
    expect(reports.map((r) => r.format)).toEqual(['stl-binary', 'stl-ascii', '3mf', 'step']);
    for (const r of reports) {
      expect(r.metrics?.volumeMm3).toBeCloseTo(1000, 6);
      expect(r.orderable).toBe(true);
    }
  });

  it('reads a UTF-16 text STL and an OBJ whose lines end in CR alone as their UTF-8 twins', async () => {
    const soup = subdividedCube(10, 2);
    const stl = new TextDecoder().decode(asciiStl(soup));
    const utf16 = new Uint8Array(2 + stl.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < stl.length; i++) utf16[2 + i * 2] = stl.charCodeAt(i);
    const obj = 'o tetra\rv 0 0 0\rv 10 0 0\rv 0 10 0\rv 0 0 10\rf 1 3 2\rf 1 2 4\rf 1 4 3\rf 2 3 4\r';
    const [wide, mac] = await Promise.all([analyseCadFile(utf16), analyseCadFile(new TextEncoder().encode(obj))]);
    expect(wide.format).toBe('stl-ascii');
    expect(wide.metrics?.volumeMm3).toBeCloseTo(1000, 6);
    expect(mac.format).toBe('obj');
    expect(mac.metrics?.triangleCount).toBe(4);
    expect(mac.metrics?.volumeMm3).toBeCloseTo(1000 / 6, 6);
  });

  it('puts errors first and blocks ordering on them', async () => {
    const report = await analyseCadFile(stlModel('broken/quad.ascii.stl'));
    expect(report.findings[0]?.severity).toBe('error');
    expect(report.orderable).toBe(false);
  });

  it('says so when STEP arrives without the OpenCascade module', async () => {
    const result = await importCad(cadFixture('cube-10x10mm--cube-10x10.stp'));
    expect(result.findings.map((f) => f.code)).toEqual(['unreadable']);
  });

  it('rejects an unknown format and an empty file by name', async () => {
    expect((await importCad(new TextEncoder().encode('just text'))).findings.map((f) => f.code)).toEqual(['unsupported-format']);
    expect((await importCad(new Uint8Array())).findings.map((f) => f.code)).toEqual(['empty-file']);
  });

  it('never throws on random bytes: it returns findings, and any volume is finite', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async (bytes) => {
        const report = await analyseCadFile(bytes, { occt });
        expect(report.findings.length).toBeGreaterThan(0);
        if (report.metrics) expect(Number.isFinite(report.metrics.volumeMm3)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on random bytes dressed as each format', async () => {
    // A text STL's, a STEP's and an OBJ's first line; a binary STL's count; UTF-16's byte-order marks (ADR 282).
    const prefixes = [...['solid x\n', 'ISO-10303-21;\n', 'v 1 2 3\nf 1 2 3\n'].map((t) => new TextEncoder().encode(t)), new Uint8Array(), Uint8Array.of(0xff, 0xfe), Uint8Array.of(0xfe, 0xff)];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 2000 }), fc.nat({ max: 400 }), async (head, tail, count) => {
        const bytes = new Uint8Array(head.length + tail.length + (head.length === 0 ? 84 : 0));
        bytes.set(head);
        if (head.length === 0) new DataView(bytes.buffer).setUint32(80, count, true);
        bytes.set(tail, bytes.length - tail.length);
        const report = await analyseCadFile(bytes, { occt });
        expect(Array.isArray(report.findings)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
