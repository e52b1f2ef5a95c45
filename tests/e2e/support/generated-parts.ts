/**
 * Parts with known answers for the findings end-to-end test, generated as binary STL (no file from
 * elsewhere): the solids come from the domain tests' generators.
 */
import { binaryStl, box, concat, cup, rotationMatrix, transformed, withReversedFacets } from '../../domain/support/solids.ts';

/** A cup 40 mm across and 30 mm tall whose side wall is 0.6 mm thick (its bottom 2 mm). */
export function thinWalledCup(): Buffer {
  return Buffer.from(binaryStl(cup(20, 30, 0.6, 2, 64)));
}

/**
 * The same thin-walled cup in about 276,000 triangles: over the server's 250,000, so its upload is
 * answered before its walls and holes are measured (ADR 145).
 */
export function finelyMeshedThinCup(): Buffer {
  return Buffer.from(binaryStl(cup(20, 30, 0.6, 2, 2000, 14)));
}

/** A 10 mm cube (1000 mm³) with 6 of its 12 facets reversed, as poor exporters write them. */
export function reversedFacetCube(): Buffer {
  return Buffer.from(binaryStl(withReversedFacets(box(10, 10, 10), [0, 2, 4, 6, 8, 10])));
}

/**
 * An assembly of five bodies in one binary STL (ADR 131): four identical 10 mm cubes, each turned
 * and moved differently, then a 60 × 40 × 4 mm plate. It splits into two parts: the cube, quantity
 * 4 ("Body 1"), and the plate, quantity 1 ("Body 5").
 */
export function cubesAndPlate(): Buffer {
  return Buffer.from(binaryStl(cubesAndPlateSoup()));
}

export function cubesAndPlateSoup(): Float32Array {
  const cube = box(10, 10, 10);
  const cubes = [
    transformed(cube, rotationMatrix([0, 0, 1], 0), [0, 0, 40]),
    transformed(cube, rotationMatrix([0, 0, 1], Math.PI / 5), [40, 0, 40]),
    transformed(cube, rotationMatrix([1, 1, 0], 0.7), [80, 0, 40]),
    transformed(cube, rotationMatrix([0.3, -1, 0.5], 2.1), [120, 0, 40]),
  ];
  return concat(...cubes, box(60, 40, 4));
}

/**
 * A flat plate 400 × 350 × 20 mm: standard resin's 600 × 600 × 400 mm build volume takes it,
 * Nylon PA12 (SLS)'s 340 × 340 × 580 mm does not, however it is turned (issue 34 item 2).
 */
export function wideFlatPlate(): Buffer {
  return Buffer.from(binaryStl(box(400, 350, 20)));
}
