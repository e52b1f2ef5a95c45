import { ProgressBar } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { uploadSteps, type UploadPhase } from '#machines/upload-machine';
import { Button } from '#ui/button';
import type { UploadActor, WorkspaceActor } from '../quote-workspace.ts';
import { uploadStatusText } from '../upload-status.ts';
import { FileDropArea } from './quote-start.tsx';

/** Drop zone and file button, with the formats and limits stated before the drop, and the file list. */
export function UploadPanel({ workspace, onFiles }: { workspace: WorkspaceActor; onFiles: (files: File[]) => void }) {
  const parts = useSelector(workspace, (s) => s.context.parts);
  const selectedId = useSelector(workspace, (s) => s.context.selectedId);
  const t = useT();
  return (
    <FileDropArea onFiles={onFiles}>
      {parts.length > 0 && (
        <ul aria-label={t('quote.upload.list')} className="flex flex-col gap-2">
          {parts.map((p) => (
            <PartRow key={p.id} workspace={workspace} id={p.id} fileName={p.fileName} upload={p.upload} selected={selectedId === p.id} />
          ))}
        </ul>
      )}
    </FileDropArea>
  );
}

function PartRow({ workspace, id, fileName, upload, selected }: { workspace: WorkspaceActor; id: string; fileName: string; upload: UploadActor | null; selected: boolean }) {
  const t = useT();
  return (
    <li className={`flex flex-col gap-2 rounded-control border p-3 ${selected ? 'border-brand-600 bg-brand-50' : 'border-neutral-200 bg-neutral-0'}`}>
      <div className="flex items-center justify-between gap-2">
        <Button variant="quiet" className="min-w-0 flex-1 justify-start truncate px-1 py-0.5" onPress={() => workspace.send({ type: 'part.selected', id })} aria-pressed={selected}>
          {fileName}
        </Button>
        <Button variant="quiet" className="px-2 py-0.5 text-caption" aria-label={t('quote.upload.removeFile', { name: fileName })} onPress={() => workspace.send({ type: 'part.removed', id })}>
          {t('common.remove')}
        </Button>
      </div>
      {upload ? <UploadStatus actor={upload} fileName={fileName} /> : <p className="text-caption text-neutral-600">{t('quote.upload.uploaded')}</p>}
    </li>
  );
}

function UploadStatus({ actor, fileName }: { actor: UploadActor; fileName: string }) {
  const steps = useSelector(actor, (s) => uploadSteps(s).join(' '));
  const context = useSelector(actor, (s) => s.context);
  const t = useT();
  const format = useFormat();
  const phases = steps.split(' ') as UploadPhase[];
  const failed = phases.includes('failed');
  return (
    <div className="flex flex-col gap-1">
      {phases.map((phase) => {
        const busy = phase === 'checking' || phase === 'importing' || phase === 'uploading' || phase === 'waiting';
        const fraction = phase === 'uploading' ? context.progress : phase === 'importing' ? context.importProgress : null;
        return (
          <div key={phase} className="flex flex-col gap-1">
            {busy && (
              <ProgressBar
                aria-label={t('quote.upload.progress', { name: fileName, step: phase === 'uploading' ? 'upload' : 'reading' })}
                value={fraction === null ? undefined : fraction * 100}
                isIndeterminate={fraction === null}
                className="h-1.5 w-full overflow-hidden rounded bg-neutral-200"
              >
                {({ percentage, isIndeterminate }) => (
                  <div className={`h-full bg-brand-600 ${isIndeterminate ? 'w-1/3 animate-pulse' : ''}`} style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }} />
                )}
              </ProgressBar>
            )}
            <p role={phase === 'failed' ? 'alert' : undefined} className={`text-caption ${phase === 'failed' ? 'text-danger-700' : 'text-neutral-600'}`}>
              {uploadStatusText(phase, context, t, format)}
            </p>
          </div>
        );
      })}
      {failed && context.failedAt !== 'checking' && (
        <Button variant="secondary" className="self-start px-3 py-1 text-caption" onPress={() => actor.send({ type: 'retry' })}>
          {t('common.tryAgain')}
        </Button>
      )}
    </div>
  );
}
