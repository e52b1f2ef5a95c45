import type { CadFileReport } from '#domain/geometry/import-cad';
import { t } from '#lib/i18n/i18n';
import type { GeometryRequest, GeometryResponse } from './geometry-protocol.ts';

let worker: Worker | null = null;
const listeners = new Map<string, (message: GeometryResponse) => void>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./geometry-worker.ts', import.meta.url), { type: 'module', name: 'geometry' });
    worker.onmessage = (event: MessageEvent<GeometryResponse>) => listeners.get(event.data.id)?.(event.data);
    worker.onerror = () => {
      for (const [id, listener] of listeners) listener({ type: 'failed', id, message: t('quote.upload.readerStopped') });
      worker?.terminate();
      worker = null;
    };
  }
  return worker;
}

/**
 * Starts the geometry worker ahead of the first file: its script is fetched and compiled off the
 * page's thread while the visitor looks at the page, so a drop does not wait for it (ADR 142).
 */
export function startGeometryWorker(): void {
  if (typeof Worker !== 'undefined') getWorker();
}

/**
 * Analyses a file in the geometry worker. `onProgress` gets the fraction read, then null while the
 * geometry is measured. Resolves with the same report the server computes.
 */
export function analyseInWorker(id: string, file: File, onProgress: (fraction: number | null) => void): { result: Promise<CadFileReport>; cancel: () => void } {
  let cancel = () => {};
  const result = new Promise<CadFileReport>((resolve, reject) => {
    listeners.set(id, (message) => {
      if (message.type === 'progress') onProgress(message.fraction);
      else {
        listeners.delete(id);
        if (message.type === 'done') resolve(message.report);
        else reject(new Error(message.message ?? t('quote.upload.unreadable')));
      }
    });
    // The worker stops reading a file no longer wanted (a part removed, a file its checks refused, ADR 254).
    cancel = () => {
      if (listeners.delete(id)) worker?.postMessage({ type: 'cancel', id } satisfies GeometryRequest);
    };
    // A User Timing mark for the benchmarks (scripts/bench-quote-ui.ts MARKS=1).
    performance.mark('geometry:posted');
    getWorker().postMessage({ type: 'analyse', id, file } satisfies GeometryRequest);
  });
  return { result, cancel };
}
