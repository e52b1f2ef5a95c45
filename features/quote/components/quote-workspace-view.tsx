import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import type { Project } from '#domain/api/quote';
import { findProcess, isProcessSlug } from '#domain/catalogue/lookup';
import type { ProcessSlug } from '#domain/catalogue/types';
import { sameConfiguration, type PartConfiguration } from '#domain/rules/quote-configuration';
import { selectQuote } from '#machines/quote-configurator-machine';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { isSignedIn, useSession, useSessionActor } from '#machines/session-context';
import { needsPreview, type Announcement } from '#machines/quote-workspace-machine';
import { uploadPhase } from '#machines/upload-machine';
import { addToCart, confirmUnits } from '../api.ts';
import { startGeometryWorker } from '../geometry/geometry-client.ts';
import { onFirstSign } from '../first-sign.ts';
import { afterFirstInput } from '#lib/first-input';
import { prepareTemporaryToken } from '../temporary-token.ts';
import { tabWorkspace, type UploadActor, type WorkspaceActor, type WorkspacePart } from '../quote-workspace.ts';
import { useExitIntent } from './exit-intent.ts';
import type { PartDetailsProps, PartStatus, UnitChoice } from './part-details.tsx';
import { FileDropArea, HowItWorks, LoadingStatus, ProcessChoice, PROJECT_NAME_SLOT, QUOTE_GRID, restoreFocus, type QuoteStartHandover } from './quote-start.tsx';
import { lazyComponent } from '#lib/lazy-component';
import { Button } from '#ui/button';
import { Link } from '#ui/link';

// What the quote page needs only once there is a project, a checked part or a leaving visitor loads
// then, in chunks of its own: the configurator (selects, number fields, menus), the project's name
// and quote document forms, the retention dialog. The first load is the drop zone (ADR 128).
// The configurator's chunk is fetched as soon as a file is taken, beside the geometry worker's
// import, so the configurator does not wait for it once the part is measured (ADR 142).
const ConfiguratorPanel = lazyComponent(async () => (await import('./configurator-panel.tsx')).ConfiguratorPanel);
const ProjectName = lazyComponent(async () => (await import('./project-name.tsx')).ProjectName);
const QuoteDocumentActions = lazyComponent(async () => (await import('./quote-document-actions.tsx')).QuoteDocumentActions);
const RetentionDialog = lazyComponent(async () => (await import('./retention-dialog.tsx')).RetentionDialog);
// A part's details (checks, findings, the 3D preview's frame) show once there is a part: their chunk
// is fetched right after the page first renders, so it is there by the first drop (ADR 133).
const PartDetails = lazyComponent(async () => (await import('./part-details.tsx')).PartDetails);
// The parts table (React Aria's table and its collection): fetched with the part details' chunk,
// right after the first render, so that it is there by the first drop (issue 34).
const PartsPanel = lazyComponent(async () => (await import('./parts-panel.tsx')).PartsPanel);
// Manual review (its form, its answer): fetched with the configurator, shown under it.
const ReviewPanel = lazyComponent(async () => (await import('./review-panel.tsx')).ReviewPanel);
// The part's drawing and note (ADR 164): with the configurator, under the review.
const PartDocumentsPanel = lazyComponent(async () => (await import('./part-documents-panel.tsx')).PartDocumentsPanel);

/**
 * The instant quote: drop files, see each file's checks and 3D preview, configure it, and watch
 * the price, lead time and ship date follow every change. The state is the tab's workspace
 * machine (one per tab: it survives the move from /quote to /quote/{projectId}).
 */
export function QuoteWorkspaceView({
  projectId,
  technology,
  fileId,
  handover,
}: {
  projectId?: string;
  technology?: string | null;
  fileId?: string | null;
  /** What the visitor did on the page's first render, before this view's chunk was there (quote-view.tsx). */
  handover?: QuoteStartHandover;
}) {
  const session = useSessionActor();
  const initial: ProcessSlug = isProcessSlug(technology) ? technology : '3d-printing';
  const [workspace] = useState(() => tabWorkspace(session, initial));
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (handover && root.current) restoreFocus(root.current, handover.takeFocus());
  }, [handover]);
  // After Workspace's own effects (a parent's run after its children's): the service the visitor
  // chose wins over the `technology` query, and the files go to a project of that service; a file
  // picked on the first render after this view replaced it still arrives.
  useEffect(
    () =>
      handover?.connect({
        chooseProcess: (process) => workspace.send({ type: 'process.chosen', process }),
        addFiles: (files) => workspace.send({ type: 'files.added', files }),
      }),
    [handover, workspace],
  );
  return (
    <div ref={root}>
      <Workspace workspace={workspace} projectId={projectId} technology={isProcessSlug(technology) ? technology : null} fileId={fileId ?? null} />
    </div>
  );
}

export function Workspace({
  workspace,
  projectId,
  technology,
  fileId = null,
}: {
  workspace: WorkspaceActor;
  projectId?: string;
  technology?: ProcessSlug | null;
  /** A part to select once the project shows it (`/quote/{id}?file=`). */
  fileId?: string | null;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const project = useSelector(workspace, (s) => s.context.project);
  const process = useSelector(workspace, (s) => s.context.process);
  const parts = useSelector(workspace, (s) => s.context.parts);
  const selectedId = useSelector(workspace, (s) => s.context.selectedId);
  const error = useSelector(workspace, (s) => s.context.error);
  // Back online: a project that could not be created is asked for again, and the uploads the
  // network broke (not those the server refused) are sent again, as their "Try again" would.
  useEffect(() => {
    const retry = () => {
      const { context } = workspace.getSnapshot();
      if (context.error?.kind === 'create') workspace.send({ type: 'project.needed' });
      for (const part of context.parts) {
        const upload = part.upload?.getSnapshot();
        if (upload?.value === 'failed' && upload.context.lostConnection) part.upload?.send({ type: 'retry' });
      }
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [workspace]);
  const opening = useSelector(workspace, (s) => s.matches('opening'));
  const changingProcess = useSelector(workspace, (s) => s.matches({ ready: 'changingProcess' }));
  const assemblyCall = useSelector(workspace, (s) =>
    s.matches({ ready: 'splitting' }) ? ('split' as const) : s.matches({ ready: 'keepingWhole' }) ? ('keep' as const) : null,
  );
  const assemblyPartId = useSelector(workspace, (s) => s.context.assemblyPartId);
  const focusPartId = useSelector(workspace, (s) => s.context.focusPartId);
  const [adding, setAdding] = useState(false);
  const [cartError, setCartError] = useState<string | null>(null);
  // Opened on a project's own page (`/quote/{id}`), not moved there by a drop on /quote.
  const [openedAsProject] = useState(() => !!projectId);
  // The retention dialog: once per visit, when the account asks for it and parts are quoted but not in the cart.
  const detainPopup = useSession((s) => !!s.context.user?.detainPopup);
  const [retention, setRetention] = useState<'unasked' | 'open' | 'done'>('unasked');
  const quoted = parts.some((p) => p.configurator);
  useEffect(() => {
    // The geometry worker starts once the page is idle, so that the first drop does not wait for its
    // script; or sooner, at the visitor's first sign that a file may come any moment (a drop within a
    // second of the page's load found it not started). The panels a drop shows are fetched the same
    // way, in a task of their own: fetching them in the mount's effects added 40–60 ms to that task
    // at a phone's CPU (the bundler's preload appends a link per file; ADR 248).
    const preloadPanels = () => {
      void PartDetails.preload();
      void PartsPanel.preload();
    };
    // On a project's own page the worker waits for the visitor's first input (ADR 263): its parts are
    // drawn and priced from the server, and a preview read again is what needs it, then.
    const starts = openedAsProject ? [preloadPanels] : [startGeometryWorker, preloadPanels];
    const canIdle = typeof requestIdleCallback === 'function';
    const handles = canIdle ? starts.map((start) => requestIdleCallback(start, { timeout: 2000 })) : [];
    // Without idle callbacks the panels are fetched at once, as before; the worker waits for the sign.
    if (!canIdle) preloadPanels();
    const stops = openedAsProject ? [afterFirstInput(startGeometryWorker)] : starts.map((start) => onFirstSign(start));
    return () => {
      for (const handle of handles) cancelIdleCallback(handle);
      for (const stop of stops) stop();
    };
  }, [openedAsProject]);
  // A reopened part's 3D preview is read again from its stored file (the file, three.js and the
  // workers: about 335 KB gzip) at the visitor's first input on a project's page, or when they point
  // at its picture or ask for it (ADR 263); until then the page shows the parts, prices and pictures.
  // Elsewhere the workspace came with the visitor's first sign (ADR 260): at once.
  const wantPreviews = useCallback(() => workspace.send({ type: 'previews.wanted' }), [workspace]);
  useEffect(() => {
    if (openedAsProject) return afterFirstInput(wantPreviews);
    wantPreviews();
  }, [openedAsProject, wantPreviews]);
  // A visitor on a new quote without a token gets one at the same sign (ADR 246): the drop's project
  // then does not wait for its round trip. Not for a project opened by its link.
  const session = useSessionActor();
  useEffect(() => {
    if (projectId) return;
    return onFirstSign(() => {
      if (!workspace.getSnapshot().context.project) prepareTemporaryToken(session);
    });
  }, [projectId, session, workspace]);
  const hasParts = parts.length > 0;
  useEffect(() => {
    if (hasParts) {
      // The project's name and quote document show once the server made the project: fetch their
      // code with the first part, not after the project answers (it came seconds late under load).
      void ProjectName.preload();
      void QuoteDocumentActions.preload();
      void ConfiguratorPanel.preload();
      void ReviewPanel.preload();
      void PartDocumentsPanel.preload();
    }
  }, [hasParts]);
  useExitIntent(detainPopup && quoted && retention === 'unasked', useCallback(() => setRetention('open'), []));

  // The technology query chooses the service of a new project.
  useEffect(() => {
    if (technology && !workspace.getSnapshot().context.project) workspace.send({ type: 'process.chosen', process: technology });
  }, [technology, workspace]);

  // Opened again once the visitor signs in: a project link opened signed out asked them to (spec section 4).
  const signedIn = useSession(isSignedIn);
  useEffect(() => {
    if (projectId) workspace.send({ type: 'project.open', projectId });
  }, [projectId, workspace, signedIn]);

  // A link to one part of the project (the project's file list, `?file=`) selects it once it is there.
  const fileSelected = useRef<string | null>(null);
  useEffect(() => {
    if (!fileId || fileSelected.current === fileId || !parts.some((p) => p.id === fileId)) return;
    fileSelected.current = fileId;
    workspace.send({ type: 'part.selected', id: fileId });
  }, [fileId, parts, workspace]);

  // A project created here takes its address, /quote/{id}; a project the tab already had stays
  // where it is when the visitor comes back to /quote.
  const created = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const id = project?.id ?? null;
    if (created.current === null && id && id !== projectId) navigate(`/quote/${id}`, { replace: true });
    created.current = id;
  }, [project, projectId, navigate]);

  const selected = parts.find((p) => p.id === selectedId) ?? null;
  const onFocused = useCallback(() => workspace.send({ type: 'focus.done' }), [workspace]);

  const onUnits = async (choice: UnitChoice) => {
    if (!selected?.serverFile || !project) return;
    try {
      const updated = await confirmUnits(project.id, selected.serverFile.id, choice);
      workspace.send({ type: 'part.serverFile', id: selected.id, file: updated });
    } catch (e) {
      setCartError(errorMessage(e));
    }
  };

  const onAddToCart = async (configuration: PartConfiguration) => {
    if (!selected?.serverFile) return;
    setAdding(true);
    setCartError(null);
    try {
      await addToCart({ items: [{ fileId: selected.serverFile.id, configuration }] });
      setRetention('done');
      navigate('/checkout');
    } catch (e) {
      setCartError(errorMessage(e));
    } finally {
      setAdding(false);
    }
  };

  const orderable = parts.some((p) => p.serverFile);
  // A project's own page still opening: its name's place and the service's hint are held (no layout shift).
  const awaitingProject = !!projectId && !project && !error;

  return (
    <div className={QUOTE_GRID}>
      {retention === 'open' && (
        <Suspense fallback={null}>
          <RetentionDialog isOpen onClose={() => setRetention('done')} />
        </Suspense>
      )}
      <Announcer workspace={workspace} />
      <div className="flex flex-col gap-4">
        {/* On a project's own page its name's place is held while it opens, as the first render holds it. */}
        {(project || opening || awaitingProject) && (
          <div className={PROJECT_NAME_SLOT}>
            <Suspense fallback={null}>
              {project && <ProjectName key={project.id} project={project} onRenamed={(p: Project) => workspace.send({ type: 'project.renamed', project: p })} />}
            </Suspense>
          </div>
        )}
        {error && (error.kind === 'create' || error.kind === 'process' || error.kind === 'open') && (
          <p role="alert" className="rounded-control border border-danger-600 bg-danger-50 p-3 text-danger-700">
            {error.kind === 'create' ? (
              <>
                {/* The server's own words for a 500 are these words: not said twice. */}
                {t('error.projectCreate')} {error.reason === t('error.projectCreate') ? null : error.reason}{' '}
                {/* The files wait in the table; a new try takes them (and it is made by itself once the browser is back online). */}
                <Button variant="secondary" className="mt-2" onPress={() => workspace.send({ type: 'project.needed' })}>
                  {t('common.tryAgain')}
                </Button>
              </>
            ) : error.kind === 'process' ? (
              error.reason
            ) : error.signIn && projectId ? (
              <>
                {t('quote.project.signInToOpen')} <Link href={`/login?redirect=${encodeURIComponent(`/quote/${projectId}`)}`}>{t('quote.project.logIn')}</Link>
              </>
            ) : (
              t('error.quotationFetch')
            )}
          </p>
        )}
        <ProcessChoice
          value={process}
          onChange={(v) => workspace.send({ type: 'process.chosen', process: v })}
          isDisabled={changingProcess || assemblyCall !== null}
          description={(project && parts.length > 0) || awaitingProject ? t('quote.project.processHint') : undefined}
        />
        <FileDropArea onFiles={(files) => workspace.send({ type: 'files.added', files })} />
        <Suspense fallback={null}>{project && <QuoteDocumentActions projectId={project.id} disabled={!orderable} />}</Suspense>
      </div>
      {parts.length > 0 && (
        <div className="min-w-0 lg:col-span-2">
          <Suspense fallback={<LoadingStatus text={t('common.loading')} />}>
            <PartsPanel workspace={workspace} />
          </Suspense>
        </div>
      )}
      <div className={parts.length > 0 ? 'min-w-0 lg:col-span-2' : undefined}>
        {selected ? (
          <SelectedDetails
            key={selected.id}
            part={selected}
            projectId={project?.id ?? null}
            onUnits={onUnits}
            onWantPreview={wantPreviews}
            process={process}
            assembly={{
              onSplit: () => workspace.send({ type: 'part.split', id: selected.id }),
              onKeep: () => workspace.send({ type: 'part.keepWhole', id: selected.id }),
              pending: assemblyPartId === selected.id ? assemblyCall : null,
              error: error?.kind === 'split' && error.partId === selected.id ? error.reason || t('quote.assembly.failed') : null,
            }}
          />
        ) : opening ? (
          <LoadingStatus text={t('quote.project.opening')} />
        ) : (
          <HowItWorks />
        )}
      </div>
      <div>
        {selected?.configurator ? (
          <Suspense fallback={<LoadingStatus text={t('quote.optionsLoading')} />}>
            <ConfiguratorPanel
              key={selected.id}
              actor={selected.configurator}
              fileName={selected.fileName}
              stored={selected.serverFile !== null}
              focusHeading={focusPartId === selected.id}
              onFocused={onFocused}
              onAddToCart={onAddToCart}
              adding={adding}
            />
            {cartError && (
              <p role="alert" className="mt-2 text-danger-700">
                {cartError}
              </p>
            )}
            {/* Each in a boundary of its own: one whose code is still coming must not hide the configurator drawn above it. */}
            {selected.serverFile && project && (
              <Suspense fallback={null}>
                <div className="mt-4">
                  <SelectedReview workspace={workspace} part={selected} projectId={project.id} onAddToCart={onAddToCart} adding={adding} />
                </div>
              </Suspense>
            )}
            {selected.serverFile && project && (
              <Suspense fallback={null}>
                <div className="mt-4">
                  <PartDocumentsPanel
                    key={selected.serverFile.id}
                    projectId={project.id}
                    fileId={selected.serverFile.id}
                    fileName={selected.fileName}
                    note={selected.serverFile.note}
                    drawing={selected.serverFile.drawing}
                    onSaved={(file) => workspace.send({ type: 'part.serverFile', id: selected.id, file })}
                  />
                </div>
              </Suspense>
            )}
          </Suspense>
        ) : selected ? (
          <p className="text-neutral-600">{t('quote.optionsLater')}</p>
        ) : null}
      </div>
    </div>
  );
}

/** The selected part's manual review (ADR 163): offered when it has no price, its state once sent. */
function SelectedReview({
  workspace,
  part,
  projectId,
  onAddToCart,
  adding,
}: {
  workspace: WorkspaceActor;
  part: WorkspacePart;
  projectId: string;
  onAddToCart: (configuration: PartConfiguration) => Promise<void>;
  adding: boolean;
}) {
  const configurator = part.configurator!;
  const unpriced = useSelector(configurator, (s) => {
    const quote = selectQuote(s.context);
    return quote.blocking.length > 0 || quote.totalCents === null;
  });
  const review = part.serverFile?.review ?? null;
  // A boolean, not the configuration: an option change re-renders the review only when it changes whether the options are the reviewed ones.
  const sameOptions = useSelector(configurator, (s) => review !== null && sameConfiguration(review.configuration, s.context.configuration));
  const now = useSelector(configurator, (s) => s.context.orderedAt);
  const signedIn = useSession((s) => !!s.context.user);
  const sending = useSelector(workspace, (s) => s.matches({ ready: 'requestingReview' }) && s.context.reviewPartId === part.id);
  const error = useSelector(workspace, (s) => (s.context.error?.kind === 'review' && s.context.error.partId === part.id ? s.context.error.reason : null));
  const fileId = part.serverFile!.id;
  return (
    <ReviewPanel
      fileName={part.fileName}
      review={review}
      unpriced={unpriced}
      signedIn={signedIn}
      loginHref={`/login?redirect=${encodeURIComponent(`/quote/${projectId}?file=${fileId}`)}`}
      sending={sending}
      error={error}
      onSend={(note, files) => workspace.send({ type: 'part.reviewRequested', id: part.id, note, files })}
      sameOptions={sameOptions}
      onUseReviewedOptions={() => review && configurator.send({ type: 'configuration.set', configuration: review.configuration })}
      onAddToCart={() => review && void onAddToCart(review.configuration)}
      adding={adding}
      now={now}
    />
  );
}

/** The selected part's details, with its upload's state when it was dropped in this visit. */
function SelectedDetails({
  part,
  projectId,
  onUnits,
  onWantPreview,
  process,
  assembly,
}: {
  part: WorkspacePart;
  projectId: string | null;
  onUnits: (choice: UnitChoice) => Promise<void>;
  onWantPreview: () => void;
  process: ProcessSlug;
  assembly: PartDetailsProps['assembly'];
}) {
  const t = useT();
  const status = useUploadStatus(part.upload);
  return (
    <Suspense fallback={<LoadingStatus text={t('common.loading')} />}>
      <PartDetails
        fileName={part.fileName}
        status={status}
        analysis={part.analysis}
        serverFile={part.serverFile}
        // A reopened part whose preview is not read yet waits for the visitor (ADR 263).
        preview={needsPreview(part) ? 'waiting' : part.preview}
        projectId={projectId}
        onWantPreview={onWantPreview}
        onUnits={onUnits}
        process={process}
        assembly={assembly}
      />
    </Suspense>
  );
}

const KNOWN: PartStatus = { kind: 'known' };
const READING: PartStatus = { kind: 'reading' };

function useUploadStatus(upload: UploadActor | null): PartStatus {
  const phase = useSelector(upload ?? undefined, (s) => (s ? uploadPhase(s) : 'ready'));
  const message = useSelector(upload ?? undefined, (s) => s?.context.error ?? null);
  if (!upload) return KNOWN;
  if (phase === 'failed') return { kind: 'failed', message };
  return phase === 'ready' ? KNOWN : READING;
}

/** What is said of an uploaded part's price: its words, that it cannot be made, or nothing yet. */
type PriceWords = { kind: 'priced'; total: string; unit: string; days: number; date: string } | { kind: 'blocked' } | null;

/**
 * The price, lead time and ship date of the part an upload announcement is about, as first known
 * after the upload: later changes are the configurator's own live region's to say. The region the
 * configurator draws is added to the page already filled, which a screen reader does not read out,
 * so the page's status region, there from the start, says them (issue 35).
 */
function useFirstPriceWords(workspace: WorkspaceActor, announcement: Announcement | null): PriceWords {
  const format = useFormat();
  const partId = announcement?.kind === 'uploaded' ? announcement.partId : null;
  const seq = announcement?.seq ?? 0;
  const [first, setFirst] = useState<{ seq: number; words: PriceWords }>({ seq, words: null });
  // Once this announcement's first words are known, later option changes are not followed here (they would re-render the page's announcer on every change).
  const settled = first.seq === seq && first.words !== null;
  const configurator = useSelector(workspace, (s) => (partId && !settled ? (s.context.parts.find((p) => p.id === partId)?.configurator ?? null) : null));
  const context = useSelector(configurator ?? undefined, (s) => s?.context ?? null);
  let words: PriceWords = null;
  if (context) {
    const quote = selectQuote(context);
    if (quote.blocking.length > 0) words = { kind: 'blocked' };
    else if (quote.totalCents !== null && quote.unitPriceCents !== null && quote.leadTime && quote.shipDate)
      words = { kind: 'priced', total: format.money(quote.totalCents), unit: format.money(quote.unitPriceCents), days: quote.leadTime.totalWorkingDays, date: format.date(quote.shipDate, 'weekday') };
  }
  // The first words for this announcement stay (React's "information from previous renders": set
  // while rendering, so the page never shows words that are not the first).
  if (first.seq !== seq || (first.words === null && words !== null)) {
    setFirst({ seq, words });
    return words;
  }
  return first.words;
}

/** Upload ends (with the part's price, lead time and ship date) and service changes, said politely to screen readers (role status). */
function Announcer({ workspace }: { workspace: WorkspaceActor }) {
  const announcement = useSelector(workspace, (s) => s.context.announcement);
  const price = useFirstPriceWords(workspace, announcement);
  const t = useT();
  const text = !announcement
    ? ''
    : announcement.kind === 'uploaded'
      ? price?.kind === 'priced'
        ? t('quote.announce.uploadedPriced', { name: announcement.name, ...price })
        : price?.kind === 'blocked'
          ? t('quote.announce.uploadedBlocked', { name: announcement.name })
          : t('quote.announce.uploaded', { name: announcement.name })
      : announcement.kind === 'failed'
        ? t('quote.announce.failed', { name: announcement.name })
        : announcement.kind === 'split'
          ? t('quote.announce.split', { name: announcement.name, count: announcement.count })
          : announcement.kind === 'assembly'
            ? t('quote.announce.assembly', { name: announcement.name, count: announcement.count })
            : announcement.kind === 'review'
              ? t('quote.announce.review', { name: announcement.name })
          : t('quote.announce.processChanged', { process: findProcess(announcement.name)?.name ?? announcement.name });
  return (
    <p role="status" className="sr-only" data-testid="announcer">
      {text}
    </p>
  );
}
