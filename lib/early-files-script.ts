/**
 * The prerendered quote page's first script (ADR 168): a file dropped on the page before the app
 * has taken it over is kept, not lost (nor opened by the browser in place of the page), and the
 * page says so. The build emits this module as a chunk of its own (`scripts/vite-prerender.ts`),
 * loaded `async` by the prerendered pages only, well before the app's entry and its chunks.
 *
 * Self-contained on purpose: it imports nothing, so the bundler gives it no shared chunk to wait
 * for. The app takes the files with `takeEarlyFiles` (`lib/early-files.ts`, the same key).
 */

/** Where the kept files wait for the app (`lib/early-files.ts` reads the same key). */
const KEY = '__manufactureEarlyFiles';

type EarlyWindow = Window & { [KEY]?: File[] };

export function installEarlyFiles(doc: Document, win: EarlyWindow): void {
  const root = doc.getElementById('root');
  // Only while the prerendered screen waits for the app (the app removes the mark as it takes over).
  if (!root || !root.hasAttribute('data-prerendered') || win[KEY]) return;
  const kept: File[] = [];
  win[KEY] = kept;
  const waiting = () => !!doc.getElementById('root')?.hasAttribute('data-prerendered');
  const carriesFiles = (event: DragEvent) => !!event.dataTransfer && Array.prototype.indexOf.call(event.dataTransfer.types, 'Files') >= 0;
  // The screen is inert until then: a drop lands on the document, which takes it here.
  doc.addEventListener('dragover', (event) => {
    if (!waiting() || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer!.dropEffect = 'copy';
  });
  doc.addEventListener('drop', (event) => {
    if (!waiting() || !carriesFiles(event)) return;
    event.preventDefault();
    const files = event.dataTransfer!.files;
    for (let i = 0; i < files.length; i++) kept.push(files[i]!);
    // The prerendered drop zone's notice, drawn hidden in the catalogue's words (quote-start.tsx).
    if (kept.length > 0) doc.querySelector('[data-early-files]')?.removeAttribute('hidden');
  });
}

installEarlyFiles(document, window);
