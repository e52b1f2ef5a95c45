/**
 * Working arrays reused from one analysis to the next in the same thread (a worker, the server's
 * analysis threads). A fresh typed array costs a page fault per 4 KB on first touch, about 0.75 ms
 * per MB on this machine's virtual machines: for a 1M-triangle file the engine's internal arrays
 * (~40 MB: the weld's lists, the union-find, the edge groups) cost more in faults than in work. Only arrays that never leave the engine are kept,
 * each up to MAX_KEPT_BYTES and MAX_TOTAL_BYTES in all (docs/decisions/070-geometry-engine-passes.md).
 */

const MAX_KEPT_BYTES = 16 << 20;
const MAX_TOTAL_BYTES = 64 << 20;

const kept = new Map<string, Int32Array<ArrayBuffer>>();

function keptBytes(): number {
  let total = 0;
  for (const array of kept.values()) total += array.byteLength;
  return total;
}

/**
 * An Int32Array of `length` for the named use, reused when one was kept. Its contents are
 * whatever the last user left unless `zeroed`. The caller must be done with it before the next
 * call for the same name (each name has one user at a time; nothing built on it may be returned).
 */
export function scratchInt32(name: string, length: number, zeroed = false): Int32Array<ArrayBuffer> {
  const old = kept.get(name);
  if (old && old.length >= length) {
    const view = old.subarray(0, length);
    if (zeroed) view.fill(0);
    return view;
  }
  const fresh = new Int32Array(length);
  if (fresh.byteLength <= MAX_KEPT_BYTES) {
    kept.delete(name);
    if (keptBytes() + fresh.byteLength <= MAX_TOTAL_BYTES) kept.set(name, fresh);
  }
  return fresh;
}

/** Drops every kept array (for a long-lived thread that wants its memory back). */
export function releaseScratch(): void {
  kept.clear();
}
