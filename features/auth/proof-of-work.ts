import type { CaptchaChallenge } from '#domain/api/tools';

/**
 * Solves a proof-of-work challenge (ADR 081) in a worker from this origin and answers the counter
 * the server expects as the captcha's answer. Where no worker can be started (a test's document),
 * the same altcha-lib solver runs on the page. `signal` stops the work.
 */
export async function solveProofOfWork(challenge: CaptchaChallenge, signal?: AbortSignal): Promise<number> {
  if (typeof Worker === 'undefined') return solveHere(challenge, signal);
  const worker = new Worker(new URL('./proof-of-work-worker.ts', import.meta.url), { type: 'module', name: 'proof-of-work' });
  try {
    return await new Promise<number>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      worker.onmessage = (event: MessageEvent<{ counter?: number }>) =>
        typeof event.data.counter === 'number' ? resolve(event.data.counter) : reject(new Error('The challenge was not solved.'));
      worker.onerror = () => reject(new Error('The proof-of-work worker stopped.'));
      worker.postMessage(challenge);
    });
  } finally {
    worker.terminate();
  }
}

async function solveHere(challenge: CaptchaChallenge, signal?: AbortSignal): Promise<number> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge: { parameters: challenge }, deriveKey, controller });
  if (!solution) throw new DOMException('Aborted', 'AbortError');
  return solution.counter;
}
