import { Suspense, lazy, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { isProcessSlug } from '#domain/catalogue/process-choices';
import type { ProcessSlug } from '#domain/catalogue/types';
import { QuoteStart, createQuoteStartHandover, focusKeyOf, type QuoteStartHandover } from './quote-start.tsx';

// The workspace (its machine, the catalogue, prices and rules) is a chunk of its own, fetched as soon
// as the page first renders (ADR 137).
const loadWorkspaceView = () => import('./quote-workspace-view.tsx');
const QuoteWorkspaceView = lazy(async () => ({ default: (await loadWorkspaceView()).QuoteWorkspaceView }));

/** Notes which of its controls has the focus as it goes, for the workspace to give it back. */
function KeepsFocus({ handover, children }: { handover: QuoteStartHandover; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // A layout effect's cleanup runs while the leaving nodes are still in the document.
  useLayoutEffect(() => {
    const root = ref.current;
    return () => {
      const active = document.activeElement;
      handover.noteFocus(root && active && root.contains(active) ? focusKeyOf(active) : null);
    };
  }, [handover]);
  return <div ref={ref}>{children}</div>;
}

/**
 * The instant quote page's view: the service choice and the drop zone at once, the workspace as soon
 * as its chunk is there, with what the visitor did in between handed over.
 */
export function QuoteView({ projectId, technology, fileId }: { projectId?: string; technology?: string | null; fileId?: string | null }) {
  const [handover] = useState(createQuoteStartHandover);
  const [process, setProcess] = useState<ProcessSlug>(isProcessSlug(technology) ? technology : '3d-printing');
  const [waitingFiles, setWaitingFiles] = useState(0);
  useEffect(() => {
    void loadWorkspaceView();
  }, []);
  const onProcess = useCallback(
    (chosen: ProcessSlug) => {
      handover.chooseProcess(chosen);
      setProcess(chosen);
    },
    [handover],
  );
  const onFiles = useCallback((files: File[]) => setWaitingFiles(handover.addFiles(files)), [handover]);
  return (
    <Suspense
      fallback={
        <KeepsFocus handover={handover}>
          <QuoteStart process={process} onProcess={onProcess} onFiles={onFiles} waitingFiles={waitingFiles} opening={!!projectId} />
        </KeepsFocus>
      }
    >
      <QuoteWorkspaceView projectId={projectId} technology={technology} fileId={fileId} handover={handover} />
    </Suspense>
  );
}
