import { Suspense, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { isProcessSlug } from '#domain/catalogue/process-choices';
import type { ProcessSlug } from '#domain/catalogue/types';
import { useLoadedSessionActor } from '#machines/session-context';
import { onFirstSign } from '../first-sign.ts';
import { startGeometryWorker } from '../geometry/geometry-client.ts';
import { prepareTemporaryToken } from '../temporary-token.ts';
import { FolderNoteProvider, QuoteStart, createQuoteStartHandover, focusKeyOf, type QuoteStartHandover } from './quote-start.tsx';
import { countEarlyFiles, takeEarlyFiles } from '#lib/early-files';
import { lazyComponent } from '#lib/lazy-component';

// The workspace (its machine, the catalogue, prices and rules) is a chunk of its own (ADR 137),
// fetched at the visitor's first sign that a file may come (ADR 260).
const QuoteWorkspaceView = lazyComponent(async () => (await import('./quote-workspace-view.tsx')).QuoteWorkspaceView);

/** Notes which of its controls has the focus as it goes, for the workspace to give it back. */
function KeepsFocus({ handover, holds, children }: { handover: QuoteStartHandover; holds: SwapHoldHandlers; children: ReactNode }) {
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
    <div ref={ref} {...holds}>
      {children}
    </div>
  );
}

/** Renders nothing until the promise settles: keeps its Suspense boundary on the first render. */
function Hold({ until }: { until: Promise<void> }) {
  use(until);
  return null;
}

/** A promise and what settles it: the visitor's first sign that a file may come. */
function createSign(): { promise: Promise<void>; give: () => void } {
  let give!: () => void;
  const promise = new Promise<void>((resolve) => (give = resolve));
  return { promise, give };
}

/** Keys that press a button or a radio. */
const PRESS_KEYS = new Set(['Enter', ' ']);

/** The first render's handlers that hold the swap to the workspace. */
interface SwapHoldHandlers {
  onPointerDownCapture: () => void;
  onKeyDownCapture: (event: KeyboardEvent) => void;
  onClickCapture: (event: MouseEvent) => void;
}

/**
 * The swap from the first render to the workspace waits while the visitor is in the middle of
 * something on the first render (ADR 137, amended by 240):
 * - a press under way (a pointer down, Enter or Space held): the workspace would take the release
 *   on a control that never saw the press, and the press (on "Choose files", on a service) would be
 *   lost. It ends once the release and its click are handled, or the press is cancelled;
 * - a file picker opened from the first render: the chosen files would go to an input no longer on
 *   the page. It ends when the picker answers (files, handed over with `onFiles`, which calls
 *   `pickerAnswered`), is cancelled (the input's `cancel` event), or the page is used again (a
 *   pointer or a key: the picker is closed by then, in a browser without `cancel`).
 * `hold` is the promise the swap waits on while any of them lasts, null when none does.
 */
function useSwapHold(): { hold: Promise<void> | null; handlers: SwapHoldHandlers; pickerAnswered: () => void } {
  const [hold, setHold] = useState<Promise<void> | null>(null);
  const state = useRef<{ reasons: Set<string>; resolve: (() => void) | null }>({ reasons: new Set(), resolve: null });
  const take = useCallback((reason: string) => {
    const held = state.current;
    held.reasons.add(reason);
    if (held.resolve) return;
    setHold(new Promise<void>((resolve) => (held.resolve = resolve)));
  }, []);
  const give = useCallback((reason: string) => {
    const held = state.current;
    if (!held.reasons.delete(reason) || held.reasons.size > 0) return;
    const resolve = held.resolve;
    held.resolve = null;
    setHold(null);
    resolve?.();
  }, []);
  // The picker's end, however it comes; replaced by each picker opened.
  const pickerEnd = useRef<(() => void) | null>(null);
  const pickerAnswered = useCallback(() => pickerEnd.current?.(), []);
  const handlers = useMemo<SwapHoldHandlers>(() => {
    /** Holds from a press's start until its release (and the click it makes) is handled, or it is cancelled. */
    const press = (reason: string, releaseEvents: string[], cancelEvents: string[]) => {
      if (state.current.reasons.has(reason)) return;
      take(reason);
      const end = (later: boolean) => {
        for (const type of [...releaseEvents, ...cancelEvents]) document.removeEventListener(type, listeners[type]!, true);
        if (later) setTimeout(() => give(reason), 0);
        else give(reason);
      };
      const listeners: Record<string, () => void> = {};
      for (const type of releaseEvents) listeners[type] = () => end(true);
      for (const type of cancelEvents) listeners[type] = () => end(false);
      for (const type of [...releaseEvents, ...cancelEvents]) document.addEventListener(type, listeners[type]!, true);
    };
    return {
      onPointerDownCapture: () => press('pointer', ['pointerup'], ['pointercancel']),
      onKeyDownCapture: (event) => {
        if (PRESS_KEYS.has(event.key) && !event.repeat) press('key', ['keyup'], ['focusout']);
      },
      onClickCapture: (event) => {
        const input = event.target;
        if (!(input instanceof HTMLInputElement) || input.type !== 'file' || pickerEnd.current) return;
        const done = () => {
          input.removeEventListener('cancel', done);
          document.removeEventListener('pointerdown', done, true);
          document.removeEventListener('keydown', done, true);
          pickerEnd.current = null;
          give('picker');
        };
        input.addEventListener('cancel', done);
        document.addEventListener('pointerdown', done, true);
        document.addEventListener('keydown', done, true);
        pickerEnd.current = done;
        take('picker');
      },
    };
  }, [take, give]);
  return { hold, handlers, pickerAnswered };
}

/**
 * The instant quote page's view: the service choice and the drop zone at once, the workspace as soon
 * as its chunk is there, with what the visitor did in between handed over.
 */
export function QuoteView({ projectId, technology, fileId }: { projectId?: string; technology?: string | null; fileId?: string | null }) {
  const [handover] = useState(createQuoteStartHandover);
  const [process, setProcess] = useState<ProcessSlug>(isProcessSlug(technology) ? technology : '3d-printing');
  const [waitingFiles, setWaitingFiles] = useState(countEarlyFiles);
  // The workspace is fetched and drawn at the first sign that a file may come (a pointer or a key
  // down, a file dragged over the page, files taken; ADR 260), at once on a project's page or with
  // files dropped before the app: a visitor who only reads the page fetches none of it.
  const [sign] = useState(createSign);
  const [signed, setSigned] = useState(() => !!projectId || waitingFiles > 0);
  const signal = useCallback(() => {
    setSigned(true);
    sign.give();
  }, [sign]);
  // An input on the page, not the browser's sticky activation, which Chromium also gives a page it
  // navigated to itself (an address typed): that visitor has not touched the page yet.
  useEffect(() => {
    if (signed) void QuoteWorkspaceView.preload();
    else return onFirstSign(signal, { sticky: false });
  }, [signed, signal]);
  // The geometry worker boots (~50 ms of fetching and compiling) at the same sign: a file picked from
  // the first render, whose swap to the workspace waits for the picker, no longer waits for the worker
  // once it is chosen (ADR 254).
  useEffect(() => onFirstSign(startGeometryWorker, { sticky: false }), []);
  // A new quote's temporary token, at the same sign (ADR 246, here since ADR 254): a file picked on
  // the first render does not wait for the token's round trip once it is chosen.
  const session = useLoadedSessionActor();
  useEffect(() => {
    if (projectId || !session) return;
    return onFirstSign(() => prepareTemporaryToken(session));
  }, [projectId, session]);
  const onProcess = useCallback(
    (chosen: ProcessSlug) => {
      handover.chooseProcess(chosen);
      setProcess(chosen);
    },
    [handover],
  );
  const { hold, handlers, pickerAnswered } = useSwapHold();
  const onFiles = useCallback(
    (files: File[]) => {
      setWaitingFiles(handover.addFiles(files));
      pickerAnswered();
      signal();
    },
    [handover, pickerAnswered, signal],
  );
  // Files dropped on the prerendered page before the app took it over, kept by its first script
  // (ADR 168): counted as waiting from the first render, handed over once it is committed.
  useEffect(() => {
    const early = takeEarlyFiles();
    if (early.length > 0) handover.addFiles(early);
  }, [handover]);
  return (
    <FolderNoteProvider>
      <Suspense
        fallback={
          <KeepsFocus handover={handover} holds={handlers}>
            <QuoteStart process={process} onProcess={onProcess} onFiles={onFiles} waitingFiles={waitingFiles} opening={!!projectId} />
          </KeepsFocus>
        }
      >
        {!signed ? <Hold until={sign.promise} /> : hold ? <Hold until={hold} /> : <QuoteWorkspaceView projectId={projectId} technology={technology} fileId={fileId} handover={handover} />}
      </Suspense>
    </FolderNoteProvider>
  );
}
