import { useCallback, useId, useRef } from 'react';
import { DropZone as RACDropZone, FileTrigger, type DirectoryDropItem, type DropItem } from 'react-aria-components';
import { Button } from './button.tsx';
import { focusRing } from './focus-ring.ts';
import { UploadIcon } from './icons.tsx';
import { tv } from './tv.ts';

/**
 * react-aria's DropZone and the types of what it receives, for a screen that lays out its own zone
 * (the quote page's, with useDropZoneOpensPicker and filesFrom); FileDropZone below is the laid-out one.
 */
export { DropZone, type DropItem } from 'react-aria-components';

export interface FileDropZoneProps {
  /** Called with the dropped or picked files. Checking type, size and count is the caller's job (the upload machine). */
  onFiles: (files: File[]) => void;
  /** File extensions or MIME types offered by the picker (`.stl`, `.step`). */
  acceptedFileTypes?: string[];
  allowsMultiple?: boolean;
  isDisabled?: boolean;
  /** Visible text; the limits must be stated here in words (types, size, count), not only enforced. */
  title?: string;
  /** e.g. "STL, STEP, OBJ or 3MF. Up to 20 files, 100 MB each." */
  limits: string;
  browseLabel?: string;
  /** Accessible name of the drop target. */
  'aria-label'?: string;
}

const zoneStyles = tv({
  extend: focusRing,
  base: 'flex w-full max-w-lg flex-col items-center gap-3 rounded-card border-2 border-dashed border-neutral-400 bg-neutral-0 p-8 text-center transition-colors drop-target:border-brand-600 drop-target:bg-brand-50 forced-colors:border-[ButtonBorder] forced-colors:drop-target:border-[Highlight]',
  variants: {
    isDisabled: { true: 'border-neutral-300 bg-neutral-100 text-neutral-500' },
  },
});

/** What a drop brought: its files, and the dropped folders in which none was of an accepted type. */
export interface DroppedFiles {
  files: File[];
  emptyFolders: string[];
}

/** Entries looked at in one dropped folder, its sub-folders included: a whole disk dropped is not walked. */
export const MAX_FOLDER_ENTRIES = 500;

/**
 * The files among dropped items. A file dropped on its own is taken whatever its type (the caller
 * says why it cannot use it); a dropped folder gives the files in it and its sub-folders whose names
 * end with one of `accepted` (`.stl`; all when none given), so that a project's folder can be dropped
 * whole without its notes and pictures. Text is not a file.
 */
export async function droppedFiles(items: DropItem[], accepted: readonly string[] = []): Promise<DroppedFiles> {
  const wanted = (name: string) => accepted.length === 0 || accepted.some((ext) => name.toLowerCase().endsWith(ext.toLowerCase()));
  const files: File[] = [];
  const emptyFolders: string[] = [];
  for (const item of items) {
    if (item.kind === 'file') files.push(await item.getFile());
    else if (item.kind === 'directory') {
      const found = await filesInFolder(item, wanted);
      if (found.length === 0) emptyFolders.push(item.name);
      files.push(...found);
    }
  }
  return { files, emptyFolders };
}

async function filesInFolder(folder: DirectoryDropItem, wanted: (name: string) => boolean): Promise<File[]> {
  const found: File[] = [];
  let seen = 0;
  const walk = async (dir: DirectoryDropItem): Promise<void> => {
    for await (const entry of dir.getEntries()) {
      if (++seen > MAX_FOLDER_ENTRIES) return;
      if (entry.kind === 'directory') await walk(entry);
      else if (wanted(entry.name)) found.push(await entry.getFile());
    }
  };
  await walk(folder);
  // In name order, as a file chooser lists them (a folder's entries come in no set order).
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** The files among dropped items (see droppedFiles). */
export async function filesFrom(items: DropItem[], accepted: readonly string[] = []): Promise<File[]> {
  return (await droppedFiles(items, accepted)).files;
}

/**
 * The drop zone's own button (react-aria's visually hidden one, first in the zone: a tab stop named
 * after the zone, where files can also be pasted) opens the file chooser on Enter or Space, as a
 * keyboard user expects of a button that says "drop files here". Give the returned ref to the
 * DropZone; the zone must hold a FileTrigger (its file input is the chooser).
 */
export function useDropZoneOpensPicker(): (zone: HTMLDivElement | null) => void {
  const detach = useRef<(() => void) | null>(null);
  return useCallback((zone: HTMLDivElement | null) => {
    detach.current?.();
    detach.current = null;
    if (!zone) return;
    const isDropButton = (target: EventTarget | null) => target instanceof HTMLButtonElement && target === zone.querySelector('button');
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.key !== 'Enter' && event.key !== ' ') || !isDropButton(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat) zone.querySelector<HTMLInputElement>('input[type="file"]')?.click();
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ' && isDropButton(event.target)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    zone.addEventListener('keydown', onKeyDown, true);
    zone.addEventListener('keyup', onKeyUp, true);
    detach.current = () => {
      zone.removeEventListener('keydown', onKeyDown, true);
      zone.removeEventListener('keyup', onKeyUp, true);
    };
  }, []);
}

/**
 * A drop target with a "Browse files" button (react-aria's DropZone + FileTrigger). Keyboard and
 * screen-reader users pick files with the button; the accepted types and limits are written out.
 */
export function FileDropZone({
  onFiles,
  acceptedFileTypes,
  allowsMultiple = true,
  isDisabled,
  title = 'Drop files here',
  limits,
  browseLabel = 'Browse files',
  ...props
}: FileDropZoneProps) {
  const limitsId = useId();
  const zoneRef = useDropZoneOpensPicker();
  return (
    <RACDropZone
      ref={zoneRef}
      aria-label={props['aria-label'] ?? title}
      isDisabled={isDisabled}
      getDropOperation={() => (isDisabled ? 'cancel' : 'copy')}
      onDrop={async (e) => onFiles(await filesFrom(e.items, acceptedFileTypes?.filter((type) => type.startsWith('.'))))}
      className={zoneStyles}
    >
      <UploadIcon className="size-8 text-brand-700" />
      <p className="text-title text-neutral-900">{title}</p>
      <p id={limitsId} className="text-caption text-neutral-600">
        {limits}
      </p>
      <FileTrigger acceptedFileTypes={acceptedFileTypes} allowsMultiple={allowsMultiple} onSelect={(list) => list && onFiles([...list])}>
        <Button variant="secondary" isDisabled={isDisabled} aria-describedby={limitsId}>
          {browseLabel}
        </Button>
      </FileTrigger>
    </RACDropZone>
  );
}
