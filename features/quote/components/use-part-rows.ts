import { useCallback, useRef, useSyncExternalStore } from 'react';
import { distinctNames, partRow, type PartRow } from '#machines/quote-parts';
import type { WorkspacePart } from '../quote-workspace.ts';

/**
 * The parts table's rows, kept current with every part's upload and configurator: one
 * subscription per actor, the rows derived again (`partRow`) only when a snapshot changed. A row
 * that reads the same as before keeps its object, and the rows their array while none changed, so
 * that an option change re-renders the one row it changes (the table caches rows by object), and a
 * snapshot change the table does not show (a save under way) re-renders nothing.
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
    const derived = distinctNames(
      parts.map((p) =>
        partRow(
          { id: p.id, fileName: p.fileName, serverFile: p.serverFile },
          { upload: p.upload?.getSnapshot(), configurator: p.configurator?.getSnapshot() },
        ),
      ),
    );
    const before = new Map(previous?.rows.map((r) => [r.id, r]));
    const kept = derived.map((row) => {
      const old = before.get(row.id);
      return old && sameRow(old, row) ? old : row;
    });
    const rows = previous && kept.length === previous.rows.length && kept.every((r, i) => r === previous.rows[i]) ? previous.rows : kept;
    last.current = { parts, snapshots, rows };
    return rows;
  }, [parts]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Whether two rows read the same: their fields, and the fields of the small records they hold. */
export function sameRow(a: PartRow, b: PartRow): boolean {
  return (Object.keys(a) as (keyof PartRow)[]).every((key) => sameValue(a[key], b[key]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
