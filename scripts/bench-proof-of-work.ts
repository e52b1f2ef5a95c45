/**
 * The sign-up's proof-of-work way (ADR 081; server/auth/captcha.ts): how long a browser-like
 * solver (altcha-lib with WebCrypto's PBKDF2, as the worker runs it) takes on challenges made with
 * the server's PROOF_OF_WORK parameters, and how fast the server makes them.
 *
 *   node --import tsx scripts/bench-proof-of-work.ts
 *
 * Prints a markdown table for docs/benchmarks.md.
 */
import os from 'node:os';
import { createChallenge, randomInt, solveChallenge } from 'altcha-lib';
import { deriveKey as nodeKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as webKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { PROOF_OF_WORK } from '../server/auth/captcha.ts';

const RUNS = 12;
const make = (counter: number) => createChallenge({ algorithm: PROOF_OF_WORK.algorithm, cost: PROOF_OF_WORK.cost, counter, deriveKey: nodeKey });

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

await solveChallenge({ challenge: await make(50), deriveKey: webKey }); // warm-up
const create: number[] = [];
const solve: number[] = [];
let derivations = 0;
for (let i = 0; i < RUNS; i++) {
  const counter = randomInt(PROOF_OF_WORK.counterMin, PROOF_OF_WORK.counterMax);
  let t = performance.now();
  const challenge = await make(counter);
  create.push(performance.now() - t);
  t = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey: webKey });
  solve.push(performance.now() - t);
  if (solution?.counter !== counter) throw new Error(`solved ${solution?.counter}, expected ${counter}`);
  derivations += counter + 1;
}
const total = solve.reduce((a, b) => a + b, 0);
console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}; ${RUNS} challenges, PBKDF2-SHA-256 ${PROOF_OF_WORK.cost} rounds, counter in [${PROOF_OF_WORK.counterMin}, ${PROOF_OF_WORK.counterMax}]\n`);
console.log('| create (server) median | solve median | solve p90 | solve max | derivations per second |');
console.log('| --- | --- | --- | --- | --- |');
console.log(`| ${percentile(create, 0.5).toFixed(1)} ms | ${(percentile(solve, 0.5) / 1000).toFixed(2)} s | ${(percentile(solve, 0.9) / 1000).toFixed(2)} s | ${(Math.max(...solve) / 1000).toFixed(2)} s | ${Math.round(derivations / (total / 1000))} |`);
