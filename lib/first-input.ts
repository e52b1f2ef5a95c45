/**
 * The visitor's first input on the page (issue 39 item 2, ADR 189): code a page needs only once it
 * is used (a form's rules, a dialog behind a button, a combo box's list) is fetched then, not while
 * the page loads, so what a route fetches before its first input stays within its budget.
 *
 * An input is a pointer press, a key press, a touch, a click or text typed (autofill included), on
 * the page's window, caught before anything handles it. The page's own moves (the focus the router
 * puts on a new page's heading, a scroll) are not inputs. Once there has been one, it stays so for
 * the page's life: the document element carries `data-first-input`, which `ui/first-input.ts` (the
 * same for the design system, which imports nothing of lib/) reads and sets too.
 * `routes/main.tsx` imports this module first, so an input made before a lazily loaded page arrives
 * counts.
 */
const MARK = 'data-first-input';
const EVENTS = ['pointerdown', 'keydown', 'touchstart', 'click', 'input'] as const;
const waiting = new Set<() => void>();
let listening = false;

/** True once the visitor has given an input (and outside a browser: nothing waits there). */
export function hadFirstInput(): boolean {
  return typeof document === 'undefined' || document.documentElement.hasAttribute(MARK);
}

function onInput() {
  document.documentElement.setAttribute(MARK, '');
  for (const type of EVENTS) window.removeEventListener(type, onInput, true);
  listening = false;
  const runs = [...waiting];
  waiting.clear();
  for (const run of runs) run();
}

/** Listens for the first input, unless there has been one (again when the mark was taken off, as a test does). */
function listen() {
  if (listening || hadFirstInput()) return;
  listening = true;
  for (const type of EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
}
listen();

/**
 * Runs `run` at the visitor's first input, or now if there has been one. Answers a function that
 * cancels a run still waiting (an effect's cleanup).
 */
export function afterFirstInput(run: () => void): () => void {
  if (hadFirstInput()) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  listen();
  return () => waiting.delete(run);
}
