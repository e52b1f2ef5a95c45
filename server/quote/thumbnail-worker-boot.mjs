// Starts a thumbnail thread the way analysis-worker-boot.mjs starts an analysis thread (ADR 041):
// it registers tsx itself, since a worker does not inherit the parent's loader in every host.
import { register } from 'tsx/esm/api';

register();
await import('./thumbnail-worker.ts');
