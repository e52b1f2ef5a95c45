import { Suspense, use, useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { isProcessSlug } from '#domain/catalogue/process-choices';
import type { ProcessSlug } from '#domain/catalogue/types';
import { QuoteStart, createQuoteStartHandover, focusKeyOf, type QuoteStartHandover } from './quote-start.tsx';
import { countEarlyFiles, takeEarlyFiles } from '#lib/early-files';
import { lazyComponent } from '#lib/lazy-component';

// The workspace (its machine, the catalogue, prices and rules) is a chunk of its own, fetched as soon
// as the page first renders (ADR 137).
const QuoteWorkspaceView = lazyComponent(async () => (await import('./quote-workspace-view.tsx')).QuoteWorkspaceView);

/** Notes which of its controls has the focus as it goes, for the workspace to give it back. */
function KeepsFocus({ handover, onClickCapture, children }: { handover: QuoteStartHandover; onClickCapture: (event: MouseEvent) => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // A layout effect's cleanup runs while the leaving nodes are still in the document.
  useLayoutEffect(() => {
    const root = ref.current;
    return () => {
      const active = document.activeElement;
      handover.noteFocus(root && active && root.contains(active) ? focusKeyOf(active) : null);
    };
  }, [handover]);
  return (
    <div ref={ref} onClickCapture={onClickCapture}>
      {children}
    </div>
  );
}

interface PickerHold {
  closed: Promise<void>;
  release: () => void;
}

/** Renders nothing until the promise settles: keeps its Suspense boundary on the first render. */
function Hold({ until }: { until: Promise<void> }) {
  use(until);
  return null;
}

/**
 * A file picker opened from the first render must answer to the same file input: if the workspace
 * replaced the first render meanwhile, the chosen files would go to an input no longer on the page.
 * So the swap waits while it is open: until it answers (files, handed over with `onFiles`), is
 * cancelled (the input's `cancel` event), or the page is used again (a pointer or a key: the picker
 * is closed by then, in a browser without `cancel`).
 */
function usePickerHold(): [PickerHold | null, (event: MouseEvent) => void, () => void] {
  const [hold, setHold] = useState<PickerHold | null>(null);
  const holdRef = useRef<PickerHold | null>(null);
  const release = useCallback(() => {
    holdRef.current?.release();
  }, []);
  const onClickCapture = useCallback((event: MouseEvent) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file' || holdRef.current) return;
    let resolve!: () => void;
    const closed = new Promise<void>((r) => (resolve = r));
    const done = () => {
      input.removeEventListener('cancel', done);
      document.removeEventListener('pointerdown', done, true);
      document.removeEventListener('keydown', done, true);
      holdRef.current = null;
      setHold(null);
      resolve();
    };
    input.addEventListener('cancel', done);
    document.addEventListener('pointerdown', done, true);
    document.addEventListener('keydown', done, true);
    holdRef.current = { closed, release: done };
    setHold(holdRef.current);
  }, []);
  return [hold, onClickCapture, release];
}

/**
 * The instant quote page's view: the service choice and the drop zone at once, the workspace as soon
 * as its chunk is there, with what the visitor did in between handed over.
 */
export function QuoteView({ projectId, technology, fileId }: { projectId?: string; technology?: string | null; fileId?: string | null }) {
  const [handover] = useState(createQuoteStartHandover);
  const [process, setProcess] = useState<ProcessSlug>(isProcessSlug(technology) ? technology : '3d-printing');
  const [waitingFiles, setWaitingFiles] = useState(countEarlyFiles);
  useEffect(() => {
    void QuoteWorkspaceView.preload();
  }, []);
  const onProcess = useCallback(
    (chosen: ProcessSlug) => {
      handover.chooseProcess(chosen);
      setProcess(chosen);
    },
    [handover],
  );
  const [hold, onClickCapture, releaseHold] = usePickerHold();
  const onFiles = useCallback(
    (files: File[]) => {
      setWaitingFiles(handover.addFiles(files));
      releaseHold();
    },
    [handover, releaseHold],
  );
  // Files dropped on the prerendered page before the app took it over, kept by its first script
  // (ADR 168): counted as waiting from the first render, handed over once it is committed.
  useEffect(() => {
    const early = takeEarlyFiles();
    if (early.length > 0) handover.addFiles(early);
  }, [handover]);
  return (
    <Suspense
      fallback={
        <KeepsFocus handover={handover} onClickCapture={onClickCapture}>
          <QuoteStart process={process} onProcess={onProcess} onFiles={onFiles} waitingFiles={waitingFiles} opening={!!projectId} />
        </KeepsFocus>
      }
    >
      {hold ? <Hold until={hold.closed} /> : <QuoteWorkspaceView projectId={projectId} technology={technology} fileId={fileId} handover={handover} />}
    </Suspense>
  );
}
