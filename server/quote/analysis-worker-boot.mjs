// Starts a geometry analysis thread: the server and its domain code are TypeScript run through
// tsx, and a worker thread does not inherit the parent's loader in every host (vitest), so it
// registers tsx itself before importing the worker module (ADR 041).
import { register } from 'tsx/esm/api';

register();
await import('./analysis-worker.ts');
