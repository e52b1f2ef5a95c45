import { create } from 'vest';

/**
 * A vest suite for rules shared by the client and the server. The client's forms use the suite's
 * stateful `run` as the user types. `runStatic` (the server, once per request) runs a fresh suite
 * each time: vest 6.3's `runStatic` on a shared suite grows slower with every call (measured:
 * 6.7 ms per call after 100 calls, 94 ms after 300), which would let traffic slow the server down
 * without bound. A fresh suite costs about 0.4 ms, whatever came before.
 */
export function defineSuite<Args extends unknown[]>(callback: (...args: Args) => void) {
  const shared = create(callback);
  const runStatic: typeof shared.runStatic = (...args) => create(callback).runStatic(...args);
  return Object.assign(shared, { runStatic });
}
