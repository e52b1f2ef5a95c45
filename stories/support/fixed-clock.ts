/**
 * A story's `beforeEach` that holds the page's clock at `iso` (Date.now() and new Date()) until the
 * story ends: the quote workspace counts ship dates from now, so its pictures changed with the hour
 * (a baseline drawn at 00:19 UTC showed "ships Tue, Dec 8" and a run after the day's cut-off "Wed,
 * Dec 9"). Timers keep running; only the calendar is held.
 */
export function fixedClock(iso: string): () => () => void {
  return () => {
    const RealDate = Date;
    const fixed = new RealDate(iso).getTime();
    class FixedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(fixed);
        else super(...(args as [string | number | Date]));
      }
      static override now(): number {
        return fixed;
      }
    }
    globalThis.Date = FixedDate as DateConstructor;
    return () => {
      globalThis.Date = RealDate;
    };
  };
}
