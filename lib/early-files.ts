/**
 * Files dropped on the prerendered quote page before the app took it over (ADR 168), kept by
 * `lib/early-files-script.ts` under the same key. Taking them empties the list: each is taken once.
 */
const KEY = '__manufactureEarlyFiles';

type EarlyWindow = Window & { [KEY]?: File[] };

export function takeEarlyFiles(win: Window = window): File[] {
  const kept = (win as EarlyWindow)[KEY];
  return kept ? kept.splice(0, kept.length) : [];
}

/** How many wait, without taking them (what a first render may show). */
export function countEarlyFiles(win: Window | undefined = typeof window === 'undefined' ? undefined : window): number {
  return (win as EarlyWindow | undefined)?.[KEY]?.length ?? 0;
}
