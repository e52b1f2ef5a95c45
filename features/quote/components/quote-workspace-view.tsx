import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { isProcessSlug } from '#domain/catalogue/lookup';
import type { ProcessSlug } from '#domain/catalogue/types';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { useSession, useSessionActor } from '#machines/session-context';
import { addToCart, confirmUnits } from '../api.ts';
import type { Project, QuoteFile } from '#domain/api/quote';
import type { FileAnalysis } from '#machines/upload-machine';
import { addFiles, applyProject, applyServerFile, createWorkspace, openProject, selectPart, type ConfiguratorActor, type QuoteWorkspace } from '../quote-workspace.ts';
import { ConfiguratorPanel } from './configurator-panel.tsx';
import { PartDetails } from './part-details.tsx';
import { ProjectName } from './project-name.tsx';
import { RetentionDialog, useExitIntent } from './retention-dialog.tsx';
import { UploadPanel } from './upload-panel.tsx';

/** One quote workspace per tab: it survives the move from /quote to /quote/{projectId}. */
const workspace: QuoteWorkspace = createWorkspace();

/**
 * The instant quote: drop files, see each file's checks and 3D preview, configure it, and watch
 * the price, lead time and ship date follow every change.
 */
export function QuoteWorkspaceView({ projectId, technology, fileId }: { projectId?: string; technology?: string | null; fileId?: string | null }) {
  const ws = workspace;
  const t = useT();
  const snap = useSnapshot(ws);
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const [adding, setAdding] = useState(false);
  const [cartError, setCartError] = useState<string | null>(null);
  // The retention dialog: once per visit, when the account asks for it and parts are quoted but not in the cart.
  const detainPopup = useSession((s) => !!s.context.user?.detainPopup);
  const [retention, setRetention] = useState<'unasked' | 'open' | 'done'>('unasked');
  const quoted = snap.parts.some((p) => p.configurator);
  useExitIntent(detainPopup && quoted && retention === 'unasked', useCallback(() => setRetention('open'), []));
  const process: ProcessSlug = isProcessSlug(technology) ? technology : (snap.project?.process ?? '3d-printing');

  useEffect(() => {
    if (!projectId) return;
    const controller = new AbortController();
    // A link to one part of the project (the project's file list) selects it once the project is open.
    void openProject(ws, projectId, controller.signal).then(() => {
      if (fileId && !controller.signal.aborted && ws.parts.some((p) => p.id === fileId)) selectPart(ws, fileId);
    });
    return () => controller.abort();
  }, [projectId, fileId, ws]);

  const onFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const created = await addFiles(ws, files, process, session);
    if (created && created !== projectId) navigate(`/quote/${created}`, { replace: true });
  };

  const selected = ws.parts.find((p) => p.id === snap.selectedId) ?? null;
  const selectedSnap = snap.parts.find((p) => p.id === snap.selectedId) ?? null;

  const onConfirmUnits = async (unit: 'mm' | 'inch') => {
    if (!selected?.serverFile || !ws.project) return;
    const updated = await confirmUnits(ws.project.id, selected.serverFile.id, { unit });
    applyServerFile(ws, selected.id, updated);
  };

  const onAddToCart = async () => {
    if (!selected?.serverFile || !selected.configurator) return;
    setAdding(true);
    setCartError(null);
    try {
      await addToCart({ items: [{ fileId: selected.serverFile.id, configuration: selected.configurator.getSnapshot().context.configuration }] });
      setRetention('done');
      navigate('/checkout');
    } catch (error) {
      setCartError(errorMessage(error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)_22rem]">
      <RetentionDialog isOpen={retention === 'open'} onClose={() => setRetention('done')} />
      <div className="flex flex-col gap-4">
        {snap.project && <ProjectName key={snap.project.id} project={snap.project as Project} onRenamed={(project) => applyProject(ws, project)} />}
        {snap.projectStatus === 'failed' && snap.projectError && (
          <p role="alert" className="rounded-control border border-danger-600 bg-danger-50 p-3 text-danger-700">
            {snap.projectError.kind === 'create' ? (
              <>
                {t('error.projectCreate')} {snap.projectError.reason}
              </>
            ) : (
              t('error.quotationFetch')
            )}
          </p>
        )}
        <UploadPanel ws={ws} onFiles={onFiles} />
      </div>
      <div>
        {selected && selectedSnap ? (
          <PartDetails
            fileName={selectedSnap.fileName}
            analysis={selectedSnap.analysis as FileAnalysis | null}
            serverFile={selectedSnap.serverFile as QuoteFile | null}
            onConfirmUnits={onConfirmUnits}
          />
        ) : snap.projectStatus === 'loading' ? (
          <p role="status" className="text-neutral-600">
            {t('quote.project.opening')}
          </p>
        ) : (
          <div className="rounded-card border border-neutral-200 bg-neutral-0 p-gutter text-neutral-700">
            <h2 className="text-title">{t('quote.howItWorks.heading')}</h2>
            <ol className="mt-2 list-decimal pl-5">
              <li>{t('quote.howItWorks.drop')}</li>
              <li>{t('quote.howItWorks.configure')}</li>
              <li>{t('quote.howItWorks.checkout')}</li>
            </ol>
          </div>
        )}
      </div>
      <div>
        {selectedSnap?.configurator ? (
          <>
            <ConfiguratorPanel actor={selectedSnap.configurator as ConfiguratorActor} fileName={selectedSnap.fileName} onAddToCart={onAddToCart} adding={adding} />
            {cartError && (
              <p role="alert" className="mt-2 text-danger-700">
                {cartError}
              </p>
            )}
          </>
        ) : selectedSnap ? (
          <p className="text-neutral-600">{t('quote.optionsLater')}</p>
        ) : null}
      </div>
    </div>
  );
}
