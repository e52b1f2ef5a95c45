/// <reference lib="webworker" />
/**
 * The proof-of-work worker (ADR 081): solves one ALTCHA challenge with WebCrypto's PBKDF2 off the
 * page's thread, so the form stays responsive while it works. Loaded from this origin (CSP
 * `worker-src 'self'`); it evaluates no code and reads nothing but the challenge it is sent.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { CaptchaChallenge } from '#domain/api/tools';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<CaptchaChallenge>) => {
  solveChallenge({ challenge: { parameters: event.data }, deriveKey }).then(
    (solution) => self.postMessage(solution ? { counter: solution.counter } : { failed: true }),
    () => self.postMessage({ failed: true }),
  );
};
