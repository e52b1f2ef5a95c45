import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { ACCEPTED_FILE_EXTENSIONS, MAX_FILE_SIZE_MB, MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';
import { PROCESS_CHOICES } from '#domain/catalogue/process-choices';
import type { ProcessSlug } from '#domain/catalogue/types';
import { announce } from '#lib/a11y/announce';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { DropZone, droppedFiles, useDropZoneOpensPicker } from '#ui/drop-zone';
import { FileTrigger } from '#ui/file-trigger';
import { Radio, RadioGroup } from '#ui/radio-group';

/**
 * What the quote page shows before anything is dropped: the service, the drop zone and how it works.
 * These pieces are in the page's first load; the workspace (its machine, the rules, the prices) loads
 * in a chunk of its own right after, and renders the same pieces (ADR 137). The page is usable at
 * once: a service chosen or files dropped before the workspace is there are handed to it.
 */

/** Where the workspace takes the service and the files once it is there. */
export interface QuoteStartSink {
  chooseProcess(process: ProcessSlug): void;
  addFiles(files: File[]): void;
}

/**
 * What the visitor gives the quote page before its workspace has loaded: the service chosen, the
 * files dropped or picked, and where the keyboard focus was. They wait until the workspace connects,
 * which takes them at once and everything given after (a drop on the first render whose files are
 * still being read when the workspace takes over), until it disconnects.
 */
export interface QuoteStartHandover {
  chooseProcess(process: ProcessSlug): void;
  /** Adds files; answers how many wait for the workspace (0 once it has them). */
  addFiles(files: File[]): number;
  /** The focused control, by `focusKeyOf`, as the first render leaves (null: it had no focus). */
  noteFocus(key: string | null): void;
  /** The focus noted, once (a second take answers nothing). */
  takeFocus(): string | null;
  /** Hands what waits to the workspace, then whatever comes; answers the disconnection. */
  connect(sink: QuoteStartSink): () => void;
}

export function createQuoteStartHandover(): QuoteStartHandover {
  let process: ProcessSlug | null = null;
  let files: File[] = [];
  let focusKey: string | null = null;
  let sink: QuoteStartSink | null = null;
  return {
    chooseProcess: (chosen) => {
      if (sink) sink.chooseProcess(chosen);
      else process = chosen;
    },
    addFiles: (added) => {
      if (sink) sink.addFiles(added);
      else files = [...files, ...added];
      return files.length;
    },
    noteFocus: (key) => (focusKey = key),
    takeFocus: () => {
      const key = focusKey;
      focusKey = null;
      return key;
    },
    connect: (connected) => {
      sink = connected;
      // The service first: the files go to a project of that service.
      if (process) connected.chooseProcess(process);
      if (files.length > 0) connected.addFiles(files);
      process = null;
      files = [];
      return () => {
        if (sink === connected) sink = null;
      };
    },
  };
}

/**
 * A control's identity across the swap from the first render to the workspace, which render the same
 * service choice and drop zone: a radio by its value, a button by its name and text.
 */
export function focusKeyOf(element: Element | null): string | null {
  if (element instanceof HTMLInputElement) return `input:${element.type}:${element.value}`;
  if (element instanceof HTMLButtonElement) return `button:${element.getAttribute('aria-label') ?? ''}:${element.textContent ?? ''}`;
  return null;
}

/** Gives the focus back to the control the first render had focused, when the swap dropped it. */
export function restoreFocus(root: ParentNode, key: string | null): void {
  if (!key) return;
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const target = [...root.querySelectorAll('input, button')].find((element) => focusKeyOf(element) === key);
  if (target instanceof HTMLElement) target.focus();
}

/** The quote page's three columns: the parts, the selected part's details, its options and price. */
export const QUOTE_GRID = 'grid grid-cols-1 gap-8 lg:grid-cols-[18rem_minmax(0,1fr)_22rem]';

/** The manufacturing service of the project. */
export function ProcessChoice({
  value,
  onChange,
  isDisabled,
  description,
}: {
  value: ProcessSlug;
  onChange: (process: ProcessSlug) => void;
  isDisabled?: boolean;
  description?: string;
}) {
  const t = useT();
  return (
    <RadioGroup label={t('quote.project.process')} value={value} onChange={(v) => onChange(v as ProcessSlug)} isDisabled={isDisabled} description={description}>
      {PROCESS_CHOICES.map((p) => (
        <Radio key={p.slug} value={p.slug}>
          {p.name}
        </Radio>
      ))}
    </RadioGroup>
  );
}

type FolderNoteState = readonly [string | null, (note: string | null) => void];
const FolderNote = createContext<FolderNoteState | null>(null);

/**
 * The note under the drop zone about a dropped folder without part files, kept by the quote view
 * across the swap from its first render to the workspace (both draw a drop zone): a folder dropped
 * on the first render while the workspace loads keeps its note once the workspace is drawn (ADR 260).
 */
export function FolderNoteProvider({ children }: { children: ReactNode }) {
  const [note, setNote] = useState<string | null>(null);
  const value = useMemo(() => [note, setNote] as const, [note]);
  return <FolderNote.Provider value={value}>{children}</FolderNote.Provider>;
}

/** Drop zone and file button, with the formats and limits stated before the drop; `children` below (the file list). */
export function FileDropArea({ onFiles, children }: { onFiles: (files: File[]) => void; children?: ReactNode }) {
  const t = useT();
  const zoneRef = useDropZoneOpensPicker();
  // A dropped folder gives its part files (ADR 253); one without any is named under the zone until
  // the next drop, and said through the page's one announcer (a live region of its own would compete
  // with the start screen's and the workspace's). The quote view keeps the note (FolderNoteProvider).
  const own = useState<string | null>(null);
  const [folderNote, setFolderNote] = useContext(FolderNote) ?? own;
  const take = (files: File[], emptyFolders: readonly string[] = []) => {
    const note = emptyFolders.length > 0 ? t('quote.upload.emptyFolder', { count: emptyFolders.length, names: emptyFolders.map((name) => `“${name}”`).join(', ') }) : null;
    setFolderNote(note);
    if (note) announce(note);
    if (files.length > 0) onFiles(files);
  };
  return (
    <section aria-labelledby="upload-heading" className="flex flex-col gap-3" data-upload-panel>
      <h2 id="upload-heading" className="text-title">
        {t('quote.upload.heading')}
      </h2>
      <DropZone
        ref={zoneRef}
        aria-label={t('quote.upload.dropLabel')}
        onDrop={async (e) => {
          const dropped = await droppedFiles(e.items, ACCEPTED_FILE_EXTENSIONS);
          take(dropped.files, dropped.emptyFolders);
        }}
        className={({ isDropTarget, isFocusVisible }) =>
          `flex flex-col items-center gap-2 rounded-card border-2 border-dashed p-gutter text-center ${isDropTarget ? 'border-brand-600 bg-brand-50' : 'border-neutral-400 bg-neutral-0'} ${isFocusVisible ? 'outline-2 outline-offset-2 outline-focus' : ''}`
        }
      >
        <p className="font-semibold">{t('quote.upload.dropTitle')}</p>
        <p className="text-caption text-neutral-600">{t('quote.upload.limits', { sizeMb: MAX_FILE_SIZE_MB, files: MAX_FILES_PER_UPLOAD })}</p>
        <FileTrigger allowsMultiple acceptedFileTypes={[...ACCEPTED_FILE_EXTENSIONS]} onSelect={(list) => list && take([...list])}>
          <Button variant="secondary">{t('quote.upload.choose')}</Button>
        </FileTrigger>
      </DropZone>
      {folderNote && <p className="text-caption text-danger-700">{folderNote}</p>}
      {children}
    </section>
  );
}

/** The three steps, in the middle column until a part is selected. */
export function HowItWorks() {
  const t = useT();
  return (
    <div className="rounded-card border border-neutral-200 bg-neutral-0 p-gutter text-neutral-700">
      <h2 className="text-title">{t('quote.howItWorks.heading')}</h2>
      <ol className="mt-2 list-decimal pl-5">
        <li>{t('quote.howItWorks.drop')}</li>
        <li>{t('quote.howItWorks.configure')}</li>
        <li>{t('quote.howItWorks.checkout')}</li>
      </ol>
    </div>
  );
}

/** A status said politely, in the page's own words. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <p role="status" className="text-neutral-600">
      {text}
    </p>
  );
}

/**
 * The class of the place where a project's name goes (`project-name.tsx`: a line of caption text and
 * its Rename button, 24 px), held while a project's own page opens, so that the drop zone below it
 * does not move when the name arrives (the page's layout shift, Lighthouse's CLS).
 */
export const PROJECT_NAME_SLOT = 'min-h-6';

/**
 * The quote page while its workspace loads: the same service choice, drop zone and steps, taking
 * the service and the files the visitor gives (`onProcess`, `onFiles`) for the workspace.
 */
export function QuoteStart({
  process,
  onProcess,
  onFiles,
  waitingFiles,
  opening,
}: {
  process: ProcessSlug;
  onProcess: (process: ProcessSlug) => void;
  onFiles: (files: File[]) => void;
  /** Files dropped before the workspace was there. */
  waitingFiles: number;
  /** A saved project is being opened (/quote/{id}). */
  opening: boolean;
}) {
  const t = useT();
  return (
    <div className={QUOTE_GRID}>
      <div className="flex flex-col gap-4">
        {opening && <div className={PROJECT_NAME_SLOT} />}
        <ProcessChoice value={process} onChange={onProcess} description={opening ? t('quote.project.processHint') : undefined} />
        <FileDropArea onFiles={onFiles}>
          {waitingFiles > 0 && <LoadingStatus text={t('quote.upload.waiting', { count: waitingFiles })} />}
          {/* Shown by the prerendered page's first script when a file is dropped before the app takes over (ADR 168). */}
          <p hidden data-early-files className="text-neutral-600">
            {t('quote.upload.keptEarly')}
          </p>
        </FileDropArea>
      </div>
      <div>{opening ? <LoadingStatus text={t('quote.project.opening')} /> : <HowItWorks />}</div>
      {/* The options column, empty until a part is chosen: the workspace's grid has it too, so the
          swap to the workspace (at the first sign, ADR 260) moves nothing on a phone's one column. */}
      <div />
    </div>
  );
}
