import { useState } from 'react';
import type { QuoteFile } from '#domain/api/quote';
import type { Finding } from '#domain/geometry/findings';
import type { FileAnalysis } from '#machines/upload-machine';
import { Button } from '#ui/button';
import { Radio, RadioGroup } from '#ui/radio-group';
import { PartViewer, formatMm } from './part-viewer.tsx';

const SEVERITY_LABEL = { error: 'Must fix', warning: 'Check', info: 'Note' } as const;

export interface PartDetailsProps {
  fileName: string;
  analysis: FileAnalysis | null;
  serverFile: QuoteFile | null;
  onConfirmUnits: (unit: 'mm' | 'inch') => void;
}

/**
 * What the file is, before any money changes hands: the 3D preview, the measurements, the units
 * (to confirm when they were guessed) and every problem found, with where it is and what to do.
 */
export function PartDetails({ fileName, analysis, serverFile, onConfirmUnits }: PartDetailsProps) {
  const [shown, setShown] = useState<Finding | null>(null);
  const metrics = serverFile?.metrics ?? analysis?.metrics ?? null;
  const findings = serverFile?.findings ?? analysis?.findings ?? [];
  const mesh = analysis?.mesh ?? null;
  const [unit, setUnit] = useState<'mm' | 'inch'>(metrics?.units.unit ?? 'mm');
  if (!metrics) {
    return (
      <section aria-label={`About ${fileName}`} className="flex flex-col gap-3">
        {findings.length ? <FindingList findings={findings} shown={null} onShow={() => {}} canShow={false} /> : <p className="text-neutral-600">Reading {fileName}…</p>}
      </section>
    );
  }
  // The preview is the browser's own import (in the file's units): scale it to what will be made.
  const scale = analysis?.metrics && analysis.metrics.units.unit !== metrics.units.unit ? (metrics.units.unit === 'inch' ? 25.4 : 1 / 25.4) : 1;
  return (
    <section aria-label={`About ${fileName}`} className="flex flex-col gap-4">
      {mesh ? (
        <PartViewer fileName={fileName} mesh={mesh} sizeMm={metrics.size} scale={scale} highlight={shown?.triangles ?? []} highlightLabel={shown?.message} />
      ) : (
        <p className="rounded-card border border-neutral-200 bg-neutral-0 p-4 text-caption text-neutral-600">The 3D preview appears for files added in this visit.</p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-caption sm:grid-cols-3">
        <Metric term="Size" value={`${formatMm(metrics.size[0])} × ${formatMm(metrics.size[1])} × ${formatMm(metrics.size[2])} mm`} />
        <Metric term="Volume" value={`${(metrics.volumeMm3 / 1000).toFixed(2)} cm³`} />
        <Metric term="Surface" value={`${(metrics.areaMm2 / 100).toFixed(1)} cm²`} />
        <Metric term="Triangles" value={metrics.triangleCount.toLocaleString('en-US')} />
        <Metric term="Bodies" value={String(metrics.bodyCount)} />
        <Metric term="Watertight" value={metrics.watertight ? 'Yes' : 'No'} />
      </dl>
      {metrics.units.source !== 'file' && (
        <div className="rounded-control border border-warning-600 bg-warning-50 p-3">
          <RadioGroup
            label="Units of this file"
            orientation="horizontal"
            value={unit}
            onChange={(v) => setUnit(v as 'mm' | 'inch')}
            description={
              metrics.units.source === 'user'
                ? 'You confirmed these units.'
                : `We guessed ${metrics.units.unit === 'mm' ? 'millimetres' : 'inches'}: ${metrics.units.reason} Please confirm.`
            }
          >
            <Radio value="mm">Millimetres</Radio>
            <Radio value="inch">Inches</Radio>
          </RadioGroup>
          <Button variant="secondary" className="mt-2" onPress={() => onConfirmUnits(unit)}>
            Confirm units
          </Button>
        </div>
      )}
      <FindingList findings={findings} shown={shown} onShow={setShown} canShow={!!mesh} />
    </section>
  );
}

function Metric({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-neutral-600">{term}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

function FindingList({ findings, shown, onShow, canShow }: { findings: readonly Finding[]; shown: Finding | null; onShow: (f: Finding | null) => void; canShow: boolean }) {
  if (findings.length === 0) return <p className="text-caption text-success-700">No problems found in this file.</p>;
  return (
    <div>
      <h3 className="font-semibold">What we found in the file</h3>
      <ul className="mt-2 flex flex-col gap-2">
        {findings.map((f) => (
          <li key={`${f.code}-${f.message}`} className={`rounded-control border p-3 text-caption ${f.severity === 'error' ? 'border-danger-600 bg-danger-50' : 'border-neutral-200 bg-neutral-0'}`}>
            <p>
              <strong>{SEVERITY_LABEL[f.severity]}:</strong> {f.message}
            </p>
            <p className="text-neutral-700">{f.fixHint}</p>
            {canShow && f.triangles.length > 0 && (
              <Button variant="quiet" className="mt-1 px-2 py-0.5 text-caption" onPress={() => onShow(shown === f ? null : f)} aria-pressed={shown === f}>
                {shown === f ? 'Hide on the model' : 'Show on the model'}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
