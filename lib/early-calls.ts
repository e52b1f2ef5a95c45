/**
 * API calls the checkout's HTML started before the app ran (issue 39 item 3, ADR 227), kept by
 * `lib/early-calls-script.ts` under the same key. Each answer is taken once, by the call that would
 * otherwise ask for it, and only on the page it was started for: a later visit to the page (a
 * remount, a navigation inside the app) asks the server as always. An answer that is not a 200, or
 * that never arrived, is not used: the app's own call is made, and says what went wrong as always.
 */
const KEY = '__manufactureEarlyCalls';

type EarlyAnswer = { status: number; body: unknown } | null;
interface EarlyCalls {
  page: string;
  calls: Record<string, Promise<EarlyAnswer>>;
}
type EarlyWindow = Window & { [KEY]?: EarlyCalls };

const currentWindow = (): EarlyWindow | undefined => (typeof window === 'undefined' ? undefined : (window as EarlyWindow));

/**
 * The answer the page's HTML started for `url` (its path from the site's root), or what `call`
 * answers when there is none to take. Takes it: a second call for the same `url` calls.
 */
export async function earlyOr<T>(url: string, call: () => Promise<T>, win: EarlyWindow | undefined = currentWindow()): Promise<T> {
  const early = win?.[KEY];
  const started = early && early.page === win.location.pathname.replace(/\/$/, '') ? early.calls[url] : undefined;
  if (!started) return call();
  delete early!.calls[url];
  const answer = await started;
  return answer && answer.status === 200 ? (answer.body as T) : call();
}

/** Drops the calls not taken yet (the app has left the page they were started for). */
export function dropEarlyCalls(win: EarlyWindow | undefined = currentWindow()): void {
  if (win?.[KEY]) delete win[KEY];
}
