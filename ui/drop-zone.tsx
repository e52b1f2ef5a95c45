import { useId } from 'react';
import { DropZone as RACDropZone, FileTrigger, type DropItem, type FileDropItem } from 'react-aria-components';
import { Button } from './button.tsx';
import { focusRing } from './focus-ring.ts';
import { UploadIcon } from './icons.tsx';
import { tv } from './tv.ts';

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

async function filesFrom(items: DropItem[]): Promise<File[]> {
  const fileItems = items.filter((item): item is FileDropItem => item.kind === 'file');
  return Promise.all(fileItems.map((item) => item.getFile()));
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
  return (
    <RACDropZone
      aria-label={props['aria-label'] ?? title}
      isDisabled={isDisabled}
      getDropOperation={() => (isDisabled ? 'cancel' : 'copy')}
      onDrop={async (e) => onFiles(await filesFrom(e.items))}
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
