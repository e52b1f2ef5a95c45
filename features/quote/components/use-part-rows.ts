import { useCallback, useRef, useSyncExternalStore } from 'react';
import { distinctNames, partRow, type PartRow } from '#machines/quote-parts';
import type { WorkspacePart } from '../quote-workspace.ts';

/**
 * The parts table's rows, kept current with every part's upload and configurator: one
 * subscription per actor, the rows derived again (`partRow`) only when a snapshot changed.
 */
export function usePartRows(parts: readonly WorkspacePart[]): PartRow[] {
  const last = useRef<{ parts: readonly WorkspacePart[]; snapshots: unknown[]; rows: PartRow[] } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscriptions = parts.flatMap((p) => [...(p.upload ? [p.upload.subscribe(onChange)] : []), ...(p.configurator ? [p.configurator.subscribe(onChange)] : [])]);
      return () => subscriptions.forEach((s) => s.unsubscribe());
    },
    [parts],
  );
  const getSnapshot = useCallback(() => {
    const snapshots = parts.flatMap((p) => [p.upload?.getSnapshot(), p.configurator?.getSnapshot()]);
    const previous = last.current;
    if (previous && previous.parts === parts && previous.snapshots.every((s, i) => s === snapshots[i])) return previous.rows;
    const rows = distinctNames(
      parts.map((p) =>
        partRow(
          { id: p.id, fileName: p.fileName, serverFile: p.serverFile },
          { upload: p.upload?.getSnapshot(), configurator: p.configurator?.getSnapshot() },
        ),
      ),
    );
    last.current = { parts, snapshots, rows };
    return rows;
  }, [parts]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
