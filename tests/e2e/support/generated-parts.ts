/**
 * Parts with known answers for the findings end-to-end test, generated as binary STL (no file from
 * elsewhere): the solids come from the domain tests' generators.
 */
import { binaryStl, box, cup, withReversedFacets } from '../../domain/support/solids.ts';

/** A cup 40 mm across and 30 mm tall whose side wall is 0.6 mm thick (its bottom 2 mm). */
export function thinWalledCup(): Buffer {
  return Buffer.from(binaryStl(cup(20, 30, 0.6, 2, 64)));
}

/** A 10 mm cube (1000 mm³) with 6 of its 12 facets reversed, as poor exporters write them. */
export function reversedFacetCube(): Buffer {
  return Buffer.from(binaryStl(withReversedFacets(box(10, 10, 10), [0, 2, 4, 6, 8, 10])));
}
