/**
 * Every page's first script (ADR 242): the browser's first use of `Intl` loads its locale data,
 * 15–50 ms of one task on a phone (60–200 ms at Lighthouse's 4× CPU slowdown), wherever it comes
 * first. Left to the app it came inside the app's start, React Aria asking which locales are
 * supported as its module loads: one task already the page's longest. The build emits this module
 * as a chunk of its own (`scripts/vite-prerender.ts`), named `async` in every HTML before the app's
 * entry: it arrives first and runs in a task of its own while the app's scripts still load, and the
 * app's first `Intl` calls then cost what later ones cost.
 *
 * Self-contained on purpose: it imports nothing, so the bundler gives it no shared chunk to wait
 * for. It warms what the app uses first: React Aria's locale check (`navigator.language`), and
 * number and plural formatting for that locale and the app's (the catalogue's en-US, `lib/i18n`).
 */
export function warmIntl(locales: readonly string[]): void {
  try {
    Intl.DateTimeFormat.supportedLocalesOf([...locales]);
    for (const locale of locales) {
      new Intl.NumberFormat(locale).format(1);
      new Intl.PluralRules(locale).select(1);
    }
  } catch {
    // A browser without a locale's data: the app falls back as it would have.
  }
}

// At once, as the script arrives: on a slow network that is while the page waits for its style
// sheet and the app's scripts; waiting for the first paint instead lost the race to the app's start
// on a fast one (ADR 242).
warmIntl([...new Set([navigator.language, 'en-US'].filter(Boolean))]);
