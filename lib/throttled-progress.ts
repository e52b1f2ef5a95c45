/**
 * How often a progress bar is told how far a read or an upload has come (ADR 237). Each report
 * renders the quote's workspace again; a 50 MB file read from disk reported per megabyte sent 48
 * of them within a fifth of a second, and rendering them kept the page's main thread busy for
 * 0.5–1.5 s after a drop, delaying the project, the upload and the first price.
 */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * `report`, called at most once per `intervalMs` (a bar need not move faster than a person reads
 * it): a fraction that comes sooner after the last one reported is dropped, but the end (1) and a
 * "no longer known" (null) are always reported.
 */
export function throttledProgress<F extends number | null>(report: (fraction: F) => void, intervalMs = PROGRESS_INTERVAL_MS, now: () => number = () => performance.now()): (fraction: F) => void {
  let last = -Infinity;
  return (fraction) => {
    const at = now();
    if (fraction !== null && fraction < 1 && at - last < intervalMs) return;
    last = at;
    report(fraction);
  };
}
