import { useSelector } from '@xstate/react';
import type { WorkspaceActor } from '../quote-workspace.ts';
import { PartsTable } from './parts-table.tsx';
import { usePartRows } from './use-part-rows.ts';

/**
 * The project's parts as a table with the quote's total (issue 34): the workspace's parts and their
 * actors, read here, so that the table itself stays a plain component for stories and tests.
 */
export function PartsPanel({ workspace }: { workspace: WorkspaceActor }) {
  const parts = useSelector(workspace, (s) => s.context.parts);
  const selectedId = useSelector(workspace, (s) => s.context.selectedId);
  const projectId = useSelector(workspace, (s) => s.context.project?.id ?? null);
  const rows = usePartRows(parts);
  return (
    <PartsTable
      rows={rows}
      projectId={projectId}
      selectedId={selectedId}
      onConfigure={(id) => workspace.send({ type: 'part.selected', id, focus: true })}
      onRemove={(id) => workspace.send({ type: 'part.removed', id })}
      onRetry={(id) => parts.find((p) => p.id === id)?.upload?.send({ type: 'retry' })}
    />
  );
}
