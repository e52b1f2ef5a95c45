import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { QuoteFile } from '#domain/api/quote';
import type { ProcessSlug } from '#domain/catalogue/types';
import { findingsForProcess, type Finding } from '#domain/geometry/findings';
import { LENGTH_UNITS, type LengthUnit } from '#domain/geometry/length-units';
import type { Mesh } from '#domain/geometry/mesh';
import type { UnitCorrection } from '#domain/rules/unit-correction';
import { useFormat, type Formatter } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import type { FileAnalysis } from '#machines/upload-machine';
import { useSessionAccount } from '#machines/session-context';
import { ServerState } from '#lib/server-state';
import { Button } from '#ui/button';
import { FileIcon } from '#ui/icons';
import { Radio, RadioGroup } from '#ui/radio-group';
import { AssemblyNotice, type AssemblyNoticeProps } from './assembly-notice.tsx';
import { ModelMapsPanel, type MapRegionChoice, type MapView } from './model-maps.tsx';
import { PartViewer, formatSize, preloadPartViewer } from './part-viewer.tsx';
import { useStoredPicture } from './stored-picture.tsx';

/** A number for each mesh object shown, so a map panel belongs to one mesh (ADR 178). */
const meshSerials = new WeakMap<Mesh, number>();
let nextMeshSerial = 1;
function meshSerial(mesh: Mesh): number {
  let serial = meshSerials.get(mesh);
  if (serial === undefined) meshSerials.set(mesh, (serial = nextMeshSerial++));
  return serial;
}

const SEVERITY_LABEL: Record<Finding['severity'], MessageKey> = { error: 'quote.finding.error', warning: 'quote.finding.warning', info: 'quote.finding.info' };

/** Where the part's file is: still being read or sent, refused, or known. */
export type PartStatus = { kind: 'reading' } | { kind: 'failed'; message: string | null } | { kind: 'known' };

export type UnitChoice = { unit: LengthUnit } | { correction: UnitCorrection };

export interface PartDetailsProps {
  fileName: string;
  status: PartStatus;
  analysis: FileAnalysis | null;
  serverFile: QuoteFile | null;
  /**
   * A reopened part's preview: waiting for the visitor's first input (its stored picture meanwhile,
   * ADR 263), being read again from the stored file, or not available.
   */
  preview: 'none' | 'waiting' | 'loading' | 'ready' | 'unavailable';
  /** The project of a stored part: its picture while the preview waits. */
  projectId?: string | null;
  /** The visitor points at the waiting preview: read it now (ADR 263). */
  onWantPreview?: () => void;
  onUnits: (choice: UnitChoice) => Promise<void> | void;
  /** The project's process: only the findings that concern it are listed (supports for printing, holes for machining). */
  process?: ProcessSlug;
  /** A file of several bodies: split it into parts or keep it whole (ADR 131); shown while the server offers it. */
  assembly?: Omit<AssemblyNoticeProps, 'assembly'>;
}

/**
 * What the file is, before any money changes hands: the 3D preview, the measurements, the units
 * (to confirm when they were guessed, to correct when a file declared them wrongly) and every
 * problem found, with where it is on the model and what to do.
 */
export function PartDetails({ fileName, status, analysis, serverFile, preview, projectId = null, onWantPreview, onUnits, process, assembly }: PartDetailsProps) {
  const [shownKey, setShownKey] = useState<string | null>(null);
  // A map on the model and a region of it shown (ADR 178), each for the panel (mesh and units) it came from.
  const [mapView, setMapView] = useState<{ panel: string; view: MapView } | null>(null);
  const [mapRegion, setMapRegion] = useState<{ panel: string; region: MapRegionChoice } | null>(null);
  // The preview's code is fetched while the file is read, not once its size is known (ADR 145); for
  // a reopened part, once its preview is wanted (ADR 263).
  const waiting = preview === 'waiting';
  useEffect(() => {
    if (!waiting) void preloadPartViewer();
  }, [waiting]);
  const [announcement, setAnnouncement] = useState('');
  // "Keep as one part" pressed here: the notice goes, and the focus moves to the words that replace it.
  const [keptHere, setKeptHere] = useState(false);
  // The server's measurements count once its analysis is done (a queued one may still run, ADR 115).
  const measured = serverFile?.analysis === 'done' ? serverFile : null;
  const metrics = measured?.metrics ?? analysis?.metrics ?? null;
  const all = measured?.findings ?? analysis?.findings ?? [];
  const findings = process ? findingsForProcess(all, process) : all;
  const failure = serverFile?.analysis === 'failed' ? serverFile.analysisError : null;
  // By code and message, so that the server's copy of a finding the browser found stays selected.
  const shown = findings.find((f) => findingKey(f) === shownKey) ?? null;
  const t = useT();
  const onShow = (f: Finding | null) => {
    setShownKey(f ? findingKey(f) : null);
    setMapRegion(null);
    setAnnouncement(f ? t('quote.finding.shown', { message: f.message }) : t('quote.finding.hidden'));
  };
  const mesh = analysis?.mesh ?? null;
  const format = useFormat();
  const label = t('quote.details.about', { name: fileName });
  if (status.kind === 'failed') {
    return (
      <section aria-label={label} className="flex flex-col gap-3">
        {/* The file list already alerts; here the message stays in place for whoever selects the file. */}
        <p className="rounded-card border border-danger-600 bg-danger-50 p-4 text-danger-700">
          {status.message ?? t('quote.upload.unusable')}
        </p>
      </section>
    );
  }
  if (!metrics) {
    return (
      <section aria-label={label} className="flex flex-col gap-3">
        {failure && <AnalysisFailure message={failure} />}
        {findings.length ? (
          <FindingList findings={findings} shown={null} onShow={() => {}} canShow={false} />
        ) : (
          <p role="status" className="text-neutral-600">
            {status.kind === 'reading' ? t('quote.details.reading', { name: fileName }) : t('quote.upload.unreadable')}
          </p>
        )}
      </section>
    );
  }
  // The preview is the browser's own import (in the file's units): scale it to what will be made.
  const local = analysis?.metrics;
  const scale = local && local.size[0] > 0 ? metrics.size[0] / local.size[0] : 1;
  const declared = serverFile?.format === 'step' || serverFile?.format === '3mf' || metrics.units.source === 'file';
  // One maps panel per mesh, unit and service (the warning line and the tool-access map follow the
  // service); the scale rounded, as the server's measure of the size may differ from the browser's in
  // the last float digit, which must not reset a map chosen.
  const panel = `${mesh ? meshSerial(mesh) : 0}|${scale.toPrecision(6)}|${process ?? ''}`;
  const map = mapView?.panel === panel ? mapView.view : null;
  const region = mapRegion?.panel === panel ? mapRegion.region : null;
  const offer = measured?.summary?.assembly;
  return (
    <section aria-label={label} className="flex flex-col gap-4">
      {failure && <AnalysisFailure message={failure} />}
      {offer && assembly && (offer.offered || assembly.error) && (
        <AssemblyNotice
          assembly={offer}
          {...assembly}
          onKeep={() => {
            setKeptHere(true);
            assembly.onKeep();
          }}
        />
      )}
      {offer && !offer.offered && keptHere && !assembly?.error && <KeptWhole />}
      {mesh ? (
        <PartViewer
          fileName={fileName}
          mesh={mesh}
          sizeMm={metrics.size}
          scale={scale}
          highlight={region?.triangles ?? shown?.triangles ?? []}
          highlightLabel={region?.label ?? shown?.message}
          highlightKey={region?.key ?? shownKey}
          map={map}
        />
      ) : waiting && projectId && serverFile ? (
        <ServerState useAccount={useSessionAccount}>
          <WaitingPreview projectId={projectId} fileId={serverFile.id} fileName={fileName} onWant={onWantPreview} />
        </ServerState>
      ) : (
        <p role="status" className="rounded-card border border-neutral-200 bg-neutral-0 p-4 text-caption text-neutral-600">
          {preview === 'loading' || waiting || status.kind === 'reading' ? t('quote.details.previewLoading') : t('quote.details.noPreview')}
        </p>
      )}
      {mesh && process && (
        <ModelMapsPanel
          key={panel}
          mesh={mesh}
          scale={scale}
          process={process}
          chordToleranceMm={metrics.manufacturing?.chordToleranceMm}
          onView={(view) => setMapView(view ? { panel, view } : null)}
          onHighlight={(chosen) => {
            setMapRegion(chosen ? { panel, region: chosen } : null);
            if (chosen) setShownKey(null);
          }}
          highlightKey={region?.key ?? null}
        />
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-caption sm:grid-cols-3">
        <Metric term={t('quote.metric.size')} value={formatSize(metrics.size, t, format)} />
        <Metric term={t('quote.metric.volume')} value={t('quote.metric.volumeValue', { volume: fixed(format, metrics.volumeMm3 / 1000, 2) })} />
        <Metric term={t('quote.metric.surface')} value={t('quote.metric.surfaceValue', { area: fixed(format, metrics.areaMm2 / 100, 1) })} />
        <Metric term={t('quote.metric.triangles')} value={format.number(metrics.triangleCount)} />
        <Metric term={t('quote.metric.bodies')} value={format.number(metrics.bodyCount)} />
        <Metric term={t('quote.metric.watertight')} value={metrics.watertight ? t('common.yes') : t('common.no')} />
      </dl>
      {serverFile && (declared ? (
        <UnitCorrectionChoice
          key={`${serverFile.id}-${serverFile.summary?.unitCorrection ?? 'none'}`}
          current={serverFile.summary?.unitCorrection ?? 'none'}
          suspicious={findings.some((f) => f.code === 'too-large' || f.code === 'too-small')}
          onChoose={(correction) => onUnits({ correction })}
        />
      ) : (
        <UnitConfirmation key={`${serverFile.id}-${metrics.units.unit}-${metrics.units.source}`} units={metrics.units} onConfirm={(unit) => onUnits({ unit })} />
      ))}
      {/* A large file's walls and holes follow its price (ADR 145); their findings join the list. */}
      <FindingList findings={findings} shown={shown} onShow={onShow} canShow={!!mesh} checking={measured?.checks === 'pending'} />
      {measured?.checks === 'pending' && <p className="text-caption text-neutral-600">{t('quote.details.checkingWalls')}</p>}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

/**
 * A reopened part's preview before the visitor's first input (ADR 263): the picture the server drew
 * of it, in the preview's frame, and a word that the 3D view opens at a touch, a key or the pointer
 * on it (pointing at it asks for it).
 */
function WaitingPreview({ projectId, fileId, fileName, onWant }: { projectId: string; fileId: string; fileName: string; onWant?: () => void }) {
  const t = useT();
  const { url, loading } = useStoredPicture(projectId, fileId);
  return (
    <figure className="flex flex-col gap-2" aria-label={t('quote.viewer.figure', { name: fileName })} onPointerEnter={onWant}>
      <div className={`relative grid aspect-[4/3] w-full place-items-center overflow-hidden rounded-card border border-neutral-200 bg-neutral-50 text-neutral-400 ${loading ? 'motion-safe:animate-pulse' : ''}`}>
        {/* The server draws it 160 px square: shown at most half again as large, not blurred to the frame's width. */}
        {url ? <img src={url} alt={t('quote.details.picture', { name: fileName })} width={240} height={240} className="size-60 max-h-full max-w-full object-contain" /> : <FileIcon aria-hidden className="size-12" />}
      </div>
      <figcaption className="text-caption text-neutral-700">{t('quote.details.previewWaiting')}</figcaption>
    </figure>
  );
}

/** The notice's place once the file is kept as one part: takes the focus, so it is not lost with the notice's button. */
function KeptWhole() {
  const t = useT();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} className="rounded-control border border-neutral-200 bg-neutral-0 p-3 text-caption text-neutral-700">
      {t('quote.assembly.kept')}
    </p>
  );
}

const UNIT_LABELS: Readonly<Record<LengthUnit, MessageKey>> = { mm: 'quote.units.mm', inch: 'quote.units.inch', cm: 'quote.units.cm', m: 'quote.units.m' };

/** STL and OBJ carry no units: confirm the guess (millimetres, inches, centimetres or metres). */
function UnitConfirmation({ units, onConfirm }: { units: { unit: LengthUnit; source: string; reason: string }; onConfirm: (unit: LengthUnit) => Promise<void> | void }) {
  const [unit, setUnit] = useState<LengthUnit>(units.unit);
  const t = useT();
  return (
    <div className="rounded-control border border-warning-600 bg-warning-50 p-3">
      <RadioGroup
        label={t('quote.units.label')}
        orientation="horizontal"
        value={unit}
        onChange={(v) => setUnit(v as LengthUnit)}
        description={units.source === 'user' ? t('quote.units.confirmed') : t('quote.units.guessed', { unit: units.unit, reason: units.reason })}
      >
        {LENGTH_UNITS.map((u) => (
          <Radio key={u} value={u}>
            {t(UNIT_LABELS[u])}
          </Radio>
        ))}
      </RadioGroup>
      <ApplyButton onPress={() => onConfirm(unit)}>{t('quote.units.confirm')}</ApplyButton>
    </div>
  );
}

/** A units choice's button: pending while the file is read again in the new unit. */
function ApplyButton({ children, onPress }: { children: ReactNode; onPress: () => Promise<void> | void }) {
  const [saving, setSaving] = useState(false);
  return (
    <Button
      variant="secondary"
      className="mt-2"
      isPending={saving}
      onPress={async () => {
        setSaving(true);
        try {
          await onPress();
        } finally {
          setSaving(false);
        }
      }}
    >
      {children}
    </Button>
  );
}

/** STEP and 3MF declare their units; when the size says the declaration is wrong, read the file 25.4 × smaller or larger. */
function UnitCorrectionChoice({ current, suspicious, onChoose }: { current: UnitCorrection; suspicious: boolean; onChoose: (c: UnitCorrection) => Promise<void> | void }) {
  const [choice, setChoice] = useState<UnitCorrection>(current);
  const [open, setOpen] = useState(suspicious || current !== 'none');
  const t = useT();
  if (!open) {
    return (
      <p className="text-caption text-neutral-600">
        {t('quote.units.declared')}{' '}
        <Button variant="quiet" className="px-2 py-0.5 text-caption" onPress={() => setOpen(true)}>
          {t('quote.units.wrongSize')}
        </Button>
      </p>
    );
  }
  return (
    <div className={`rounded-control border p-3 ${suspicious ? 'border-warning-600 bg-warning-50' : 'border-neutral-200 bg-neutral-0'}`}>
      <RadioGroup label={t('quote.units.correctionLabel')} value={choice} onChange={(v) => setChoice(v as UnitCorrection)} description={t('quote.units.correctionHint')}>
        <Radio value="none">{t('quote.units.asDeclared')}</Radio>
        <Radio value="inch-to-mm">{t('quote.units.inchToMm')}</Radio>
        <Radio value="mm-to-inch">{t('quote.units.mmToInch')}</Radio>
      </RadioGroup>
      <ApplyButton onPress={() => onChoose(choice)}>{t('quote.units.apply')}</ApplyButton>
    </div>
  );
}

/** A number with exactly `digits` decimals, by the locale's rules. */
function fixed(format: Formatter, value: number, digits: number): string {
  return format.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function Metric({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-neutral-600">{term}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

function findingKey(f: Finding): string {
  return `${f.code}-${f.message}`;
}

function FindingList({
  findings,
  shown,
  onShow,
  canShow,
  checking = false,
}: {
  findings: readonly Finding[];
  shown: Finding | null;
  onShow: (f: Finding | null) => void;
  canShow: boolean;
  /** Walls and holes still being checked (ADR 145): no "no problems" yet. */
  checking?: boolean;
}) {
  const t = useT();
  if (findings.length === 0) return checking ? null : <p className="text-caption text-success-700">{t('quote.finding.none')}</p>;
  return (
    <div>
      <h3 className="font-semibold">{t('quote.finding.heading')}</h3>
      <ul role="list" className="mt-2 flex flex-col gap-2" aria-label={t('quote.finding.list')}>
        {findings.map((f) => (
          <li key={findingKey(f)} className={`rounded-control border p-3 text-caption ${f.severity === 'error' ? 'border-danger-600 bg-danger-50' : 'border-neutral-200 bg-neutral-0'} ${shown === f ? 'outline outline-2 outline-danger-600' : ''}`}>
            <p>{t.rich('quote.finding.line', { severity: t(SEVERITY_LABEL[f.severity]), message: f.message, strong: (chunks) => <strong>{chunks}</strong> })}</p>
            <p className="text-neutral-700">{f.fixHint}</p>
            {canShow && f.triangles.length > 0 && (
              <Button variant="quiet" className="mt-1 px-2 py-0.5 text-caption" onPress={() => onShow(shown === f ? null : f)} aria-pressed={shown === f}>
                {shown === f ? t('quote.finding.hide') : t('quote.finding.show')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The server could not analyse the file (its words, shown as they come, spec section 8). */
function AnalysisFailure({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-control border border-danger-600 bg-danger-50 p-3 text-caption text-danger-700">
      {message}
    </p>
  );
}
