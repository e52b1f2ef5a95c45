/**
 * What says a file may come any moment: an input, or a file dragged over the page. A click counts on
 * its own: a screen reader in browse mode activates a button ("Choose files") with a click and no key
 * or pointer down before it.
 */
const SIGNS = ['pointerdown', 'keydown', 'click', 'dragenter'] as const;

/**
 * Runs `run` once at the visitor's first sign that a file may come (ADR 246): at once when the page
 * already had an input (the browser's sticky user activation: one made on the first render, before
 * the workspace's chunk was there), else at the first input or file dragged over the page. Returns
 * what stops waiting. `sticky: false` waits for an input on the page whatever the activation says:
 * Chromium also counts as active a page the browser navigated to itself (an address typed, a test
 * driver's navigation), before any input on it (ADR 260).
 */
export function onFirstSign(run: () => void, { sticky = true }: { sticky?: boolean } = {}): () => void {
  if (sticky && navigator.userActivation?.hasBeenActive) {
    run();
    return () => {};
  }
  const stop = () => {
    for (const type of SIGNS) document.removeEventListener(type, once, true);
  };
  const once = () => {
    stop();
    run();
  };
  for (const type of SIGNS) document.addEventListener(type, once, true);
  return stop;
}
