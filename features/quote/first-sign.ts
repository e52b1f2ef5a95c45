/** What says a file may come any moment: an input, or a file dragged over the page. */
const SIGNS = ['pointerdown', 'keydown', 'dragenter'] as const;

/**
 * Runs `run` once at the visitor's first sign that a file may come (ADR 246): at once when the page
 * already had an input (the browser's sticky user activation: one made on the first render, before
 * the workspace's chunk was there), else at the first input or file dragged over the page. Returns
 * what stops waiting.
 */
export function onFirstSign(run: () => void): () => void {
  if (navigator.userActivation?.hasBeenActive) {
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
