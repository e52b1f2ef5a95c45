import { useCallback, useState } from 'react';
import { Button } from '../button.tsx';
import { Toolbar } from '../toolbar.tsx';

/** The view's moves, in the toolbar's order. */
export const VIEW_COMMAND_KINDS = ['rotate-left', 'rotate-right', 'rotate-up', 'rotate-down', 'zoom-in', 'zoom-out', 'fit'] as const;
export type ViewCommandKind = (typeof VIEW_COMMAND_KINDS)[number];

export interface ViewCommand {
  /** Increments with every command: the scene runs each command once, in order. */
  seq: number;
  kind: ViewCommandKind;
}

/** Commands kept for a scene still loading: more presses than anyone makes before it arrives. */
const MAX_PENDING_COMMANDS = 50;

/**
 * The toolbar's commands since the viewer opened (bounded), oldest first, for the scene
 * (part-viewer-canvas.tsx) to run in order, and the function that adds one.
 */
export function useViewCommands(): [readonly ViewCommand[], (kind: ViewCommandKind) => void] {
  const [commands, setCommands] = useState<readonly ViewCommand[]>([]);
  const push = useCallback((kind: ViewCommandKind) => setCommands((prev) => [...prev.slice(-(MAX_PENDING_COMMANDS - 1)), { kind, seq: (prev.at(-1)?.seq ?? 0) + 1 }]), []);
  return [commands, push];
}

export interface ViewToolbarProps {
  /** The toolbar's accessible name. */
  'aria-label': string;
  /** Each button's words (the app's catalogue: ui/ has none). */
  labels: Record<ViewCommandKind, string>;
  onCommand: (kind: ViewCommandKind) => void;
}

/**
 * The 3D viewer's moves as buttons, for the keyboard and screen readers (the pointer orbits the
 * canvas itself): one tab stop, arrow keys move between the buttons.
 */
export function ViewToolbar({ 'aria-label': label, labels, onCommand }: ViewToolbarProps) {
  return (
    <Toolbar aria-label={label}>
      {VIEW_COMMAND_KINDS.map((kind) => (
        <Button key={kind} variant="quiet" className="px-2 py-1 text-caption" onPress={() => onCommand(kind)}>
          {labels[kind]}
        </Button>
      ))}
    </Toolbar>
  );
}
