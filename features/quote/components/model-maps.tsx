import { useRef, useState } from 'react';
import type { ProcessSlug } from '#domain/catalogue/types';
import { processName } from '#domain/catalogue/process-choices';
import type { AxisDirection } from '#domain/geometry/axis-directions';
import type { Mesh } from '#domain/geometry/mesh';
import { THICKNESS_BANDS, thicknessBand, type ModelMaps, type ThicknessBand } from '#domain/geometry/model-maps';
import { useFormat, type Formatter } from '#lib/i18n/format';
import { useT, type MessageKey, type Translate } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Radio, RadioGroup } from '#ui/radio-group';
import { measureMaps } from '../geometry/maps-client.ts';

export type MapKind = 'none' | 'wall' | 'access';

/** What the viewer draws for a map: a colour per vertex (three a facet) and the map's name for the model's label. */
export interface MapView {
  readonly colours: Uint8Array;
  readonly name: string;
}

/** A region of a map chosen to see on the model. */
export interface MapRegionChoice {
  readonly key: string;
  readonly triangles: readonly number[];
  readonly label: string;
}

/**
 * The maps' colours (ADR 178). Thickness: the warning colour under the limit, then blues from light
 * to dark (colour-blind safe beside the orange); set-ups: the Okabe–Ito palette; undercuts: the
 * red findings are highlighted in; the blank's faces and what was not measured: neutral greys.
 */
export const BAND_COLOURS: Readonly<Record<ThicknessBand, string>> = {
  thin: '#a45a00',
  close: '#9ecae1',
  sound: '#4292c6',
  thick: '#08519c',
  unmeasured: '#c3c9d2',
};
export const SETUP_COLOURS = ['#0072b2', '#009e73', '#cc79a7', '#56b4e9', '#e69f00', '#f0e442'] as const;
export const UNDERCUT_COLOUR = '#c1272d';
export const BLANK_COLOUR = '#dde1e7';

function rgb(hex: string): [number, number, number] {
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

/** Per vertex colours (three corners a facet, 0–255) of a map, for the viewer's mesh. */
export function mapColours(kind: Exclude<MapKind, 'none'>, maps: ModelMaps, triangleCount: number): Uint8Array {
  const out = new Uint8Array(triangleCount * 9);
  const paint = (t: number, colour: [number, number, number]) => {
    for (let c = 0; c < 3; c++) out.set(colour, t * 9 + c * 3);
  };
  if (kind === 'wall' && maps.wall) {
    const wall = maps.wall;
    const palette = Object.fromEntries(Object.entries(BAND_COLOURS).map(([band, hex]) => [band, rgb(hex)])) as Record<ThicknessBand, [number, number, number]>;
    for (let t = 0; t < triangleCount; t++) paint(t, palette[thicknessBand(wall, t)]);
  } else if (kind === 'access' && maps.access) {
    const setups = SETUP_COLOURS.map(rgb);
    const undercut = rgb(UNDERCUT_COLOUR), blank = rgb(BLANK_COLOUR);
    for (let t = 0; t < triangleCount; t++) {
      const s = maps.access.setupOfFacet[t]!;
      paint(t, s === -2 ? undercut : s < 0 ? blank : setups[s % setups.length]!);
    }
  }
  return out;
}

export interface ModelMapsProps {
  mesh: Mesh;
  /** Millimetres per model unit. */
  scale: number;
  process: ProcessSlug;
  /**
   * The chord tolerance of the CAD model the part was cut from, mm, when the mesh shown does not
   * carry it (a part split from a STEP assembly is shown from its STL): its walls' allowance (ADR 277).
   */
  chordToleranceMm?: number;
  /** How the maps are measured: the maps worker (stories and tests pass their own). */
  measure?: (mesh: Mesh, mmPerUnit: number, process: ProcessSlug) => Promise<ModelMaps>;
  /** The map to draw, or null for the plain model. */
  onView: (view: MapView | null) => void;
  /** A region to highlight on the model, or null. */
  onHighlight: (region: MapRegionChoice | null) => void;
  /** The region highlighted now (another highlight, a finding's, clears it). */
  highlightKey: string | null;
}

const MAP_NAME: Record<Exclude<MapKind, 'none'>, MessageKey> = { wall: 'maps.wall', access: 'maps.access' };

/**
 * The maps on the model (ADR 178): colour the part by its wall thickness, or for machining by the
 * set-up that reaches each face with the undercuts highlighted. Each map has its legend and its
 * regions in words beside the model (the text alternative), each region shown on the model with a
 * button, as the findings are; the choice is a radio group (arrow keys) and what is drawn is
 * announced politely. The maps are measured in a worker at the first choice. One panel is for one
 * mesh in one unit: the parent gives it a new `key` when either changes.
 */
export function ModelMapsPanel({ mesh, scale, process, chordToleranceMm, measure = measureMaps, onView, onHighlight, highlightKey }: ModelMapsProps) {
  const t = useT();
  const format = useFormat();
  const [kind, setKind] = useState<MapKind>('none');
  const [maps, setMaps] = useState<ModelMaps | null>(null);
  const [state, setState] = useState<'idle' | 'measuring' | 'failed'>('idle');
  const [announcement, setAnnouncement] = useState('');
  const pending = useRef<Promise<ModelMaps> | null>(null);
  // The map chosen last, for a measure that arrives after the choice changed again.
  const chosen = useRef<MapKind>('none');
  const show = (next: MapKind, measured: ModelMaps | null) => {
    if (next === 'none' || !measured) {
      onView(null);
      return;
    }
    const unavailable = next === 'wall' ? !measured.wall : !measured.access;
    if (unavailable) {
      onView(null);
      setAnnouncement(t('maps.unavailable'));
      return;
    }
    onView({ colours: mapColours(next, measured, mesh.triangleCount), name: t(MAP_NAME[next]) });
    setAnnouncement(next === 'wall' ? wallSentence(measured, t, format) : accessSentence(measured, t));
  };

  const choose = (next: MapKind) => {
    setKind(next);
    chosen.current = next;
    onHighlight(null);
    if (next === 'none') {
      show('none', null);
      setAnnouncement(t('maps.hidden'));
      return;
    }
    if (maps) {
      show(next, maps);
      return;
    }
    setState('measuring');
    setAnnouncement(t('maps.measuring'));
    const job = (pending.current ??= measure(chordToleranceMm && !mesh.chordToleranceMm ? { ...mesh, chordToleranceMm } : mesh, scale, process));
    job.then(
      (measured) => {
        if (pending.current !== job) return;
        setMaps(measured);
        setState('idle');
        show(chosen.current, measured);
      },
      () => {
        if (pending.current !== job) return;
        pending.current = null;
        setState('failed');
        setAnnouncement(t('maps.failed'));
      },
    );
  };

  const regionButton = (key: string, label: string, triangles: readonly number[]) =>
    triangles.length > 0 && (
      <Button
        variant="quiet"
        className="px-2 py-0.5 text-caption"
        aria-pressed={highlightKey === key}
        onPress={() => {
          if (highlightKey === key) {
            onHighlight(null);
            setAnnouncement(t('quote.finding.hidden'));
          } else {
            onHighlight({ key, triangles, label });
            setAnnouncement(t('maps.regionShown', { region: label }));
          }
        }}
      >
        {highlightKey === key ? t('maps.hide') : t('maps.show')}
      </Button>
    );

  return (
    <section aria-label={t('maps.heading')} className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-0 p-3">
      <RadioGroup label={t('maps.choose')} orientation="horizontal" value={kind} onChange={(v) => choose(v as MapKind)}>
        <Radio value="none">{t('maps.none')}</Radio>
        <Radio value="wall">{t('maps.wall')}</Radio>
        {process === 'cnc' && <Radio value="access">{t('maps.access')}</Radio>}
      </RadioGroup>
      <p role="status" className="text-caption text-neutral-700">
        {announcement}
      </p>
      {state === 'idle' && maps && kind === 'wall' && maps.wall && (
        <WallLegend maps={maps} process={process} regionButton={regionButton} />
      )}
      {state === 'idle' && maps && kind === 'access' && maps.access && <AccessLegend maps={maps} regionButton={regionButton} />}
    </section>
  );
}

const WALL_REGION = 'map-wall';
const SETUP_REGION = 'map-setup';
const UNDERCUT_REGION = 'map-undercut';

/** A region's key among the highlights (a finding's key is its code and message). */
function regionKey(map: string, index: number): string {
  return `${map}-${index}`;
}

type RegionButton = (key: string, label: string, triangles: readonly number[]) => React.ReactNode;

function mm(format: Formatter, value: number): string {
  return format.number(value, { maximumFractionDigits: value < 10 ? 2 : 1 });
}

function area(format: Formatter, value: number): string {
  return format.number(value, { maximumFractionDigits: value < 100 ? 1 : 0 });
}

function wallSentence(maps: ModelMaps, t: Translate, format: Formatter): string {
  const wall = maps.wall!;
  // No two faces facing each other across the part (a pyramid): no wall (ADR 280).
  if (wall.minThicknessMm === null) return t('maps.wallNone');
  return t('maps.wallShown', { min: mm(format, wall.minThicknessMm), limit: mm(format, wall.minimumMm) });
}

function accessSentence(maps: ModelMaps, t: Translate): string {
  const access = maps.access!;
  return t('maps.accessShown', { setups: access.setups.length, undercuts: access.undercuts.length });
}

function Swatch({ colour }: { colour: string }) {
  return <span aria-hidden className="inline-block size-3 shrink-0 rounded-sm border border-neutral-400 forced-color-adjust-none" style={{ backgroundColor: colour }} />;
}

const DIRECTION_LABEL: Record<AxisDirection, MessageKey> = {
  top: 'maps.direction.top',
  bottom: 'maps.direction.bottom',
  front: 'maps.direction.front',
  back: 'maps.direction.back',
  left: 'maps.direction.left',
  right: 'maps.direction.right',
};

const BAND_LABEL: Record<ThicknessBand, MessageKey> = {
  thin: 'maps.band.thin',
  close: 'maps.band.close',
  sound: 'maps.band.sound',
  thick: 'maps.band.thick',
  unmeasured: 'maps.band.unmeasured',
};

function WallLegend({ maps, process, regionButton }: { maps: ModelMaps; process: ProcessSlug; regionButton: RegionButton }) {
  const t = useT();
  const format = useFormat();
  const wall = maps.wall!;
  const limit = wall.minimumMm;
  const figures = { limit: mm(format, limit), twice: mm(format, 2 * limit), four: mm(format, 4 * limit) };
  const bands: ThicknessBand[] = [...THICKNESS_BANDS.map((b) => b.id), 'unmeasured'];
  const mapName = t('maps.wall');
  return (
    <div className="flex flex-col gap-2 text-caption">
      <ul role="list" aria-label={t('maps.legend', { map: mapName })} className="flex flex-col gap-1">
        {bands
          .filter((b) => b !== 'unmeasured' || wall.bandAreaMm2.unmeasured > 0)
          .map((b) => (
            <li key={b} className="flex items-center gap-2">
              <Swatch colour={BAND_COLOURS[b]} />
              <span>{t('maps.item', { label: t(BAND_LABEL[b], figures), area: area(format, wall.bandAreaMm2[b]) })}</span>
            </li>
          ))}
      </ul>
      <p className="text-neutral-600">{t('maps.wallNote', { limit: figures.limit, process: processName(process), share: Math.round(wall.measuredShare * 100) })}</p>
      {wall.thinRegions.length === 0 ? (
        <p>{t('maps.noThin', { limit: figures.limit })}</p>
      ) : (
        <ul role="list" aria-label={t('maps.regions', { map: mapName })} className="flex flex-col gap-1">
          {wall.thinRegions.map((r, i) => {
            const label = t('maps.thinRegion', { index: i + 1, count: wall.thinRegions.length, min: mm(format, r.minMm), area: area(format, r.areaMm2) });
            const key = regionKey(WALL_REGION, i);
            return (
              <li key={`thin-${i}`} className="flex flex-wrap items-center gap-2">
                <Swatch colour={BAND_COLOURS.thin} />
                <span>{label}</span>
                {regionButton(key, label, r.triangles)}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function AccessLegend({ maps, regionButton }: { maps: ModelMaps; regionButton: RegionButton }) {
  const t = useT();
  const format = useFormat();
  const access = maps.access!;
  const mapName = t('maps.access');
  const undercutArea = access.undercuts.reduce((sum, r) => sum + r.areaMm2, 0);
  return (
    <div className="flex flex-col gap-2 text-caption">
      <ul role="list" aria-label={t('maps.regions', { map: mapName })} className="flex flex-col gap-1">
        {access.setups.map((direction, i) => {
          const label = t('maps.setup', { index: i + 1, direction: t(DIRECTION_LABEL[direction]) });
          const key = regionKey(SETUP_REGION, i);
          return (
            <li key={direction} className="flex flex-wrap items-center gap-2">
              <Swatch colour={SETUP_COLOURS[i % SETUP_COLOURS.length]!} />
              <span>{t('maps.item', { label, area: area(format, access.setupRegions[i]!.areaMm2) })}</span>
              {regionButton(key, label, access.setupRegions[i]!.triangles)}
            </li>
          );
        })}
        {access.blankAreaMm2 > 0 && (
          <li className="flex items-center gap-2">
            <Swatch colour={BLANK_COLOUR} />
            <span>{t('maps.item', { label: t('maps.blank'), area: area(format, access.blankAreaMm2) })}</span>
          </li>
        )}
        {access.undercuts.length > 0 && (
          <li className="flex items-center gap-2">
            <Swatch colour={UNDERCUT_COLOUR} />
            <span>{t('maps.item', { label: t('maps.undercut'), area: area(format, undercutArea) })}</span>
          </li>
        )}
        {access.undercuts.map((r, i) => {
          const label = t('maps.undercutRegion', { index: i + 1, count: access.undercuts.length, area: area(format, r.areaMm2), atAngle: r.atAngle ? 'true' : 'false' });
          const key = regionKey(UNDERCUT_REGION, i);
          return (
            <li key={`undercut-${i}`} className="flex flex-wrap items-center gap-2 pl-5">
              <span>{label}</span>
              {regionButton(key, label, r.triangles)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
