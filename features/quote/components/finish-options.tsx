import { CATALOGUE } from '#domain/catalogue/catalogue';
import { MAX_DYEING_COLOURS, MAX_PAINTING_COLOURS, MAX_SILKSCREEN_COLOURS, MAX_CREAM_DYEING_COLOURS } from '#domain/catalogue/limits';
import type { FinishKind } from '#domain/catalogue/types';
import { FINISH_LEAD_DAYS } from '#domain/lead-time/lead-time';
import type { FinishSelection, InsertSpec } from '#domain/rules/quote-configuration';
import { Checkbox } from '#ui/checkbox';
import { CheckboxGroup } from '#ui/checkbox-group';
import { NumberField } from '#ui/number-field';
import { Radio, RadioGroup } from '#ui/radio-group';

/** Finish colours offered for painting, dyeing, silkscreen and spray paint. */
export const FINISH_PALETTE = [
  { id: 'black', name: 'Black', hex: '#1b1b1b' },
  { id: 'white', name: 'White', hex: '#f4f4f2' },
  { id: 'red', name: 'Red', hex: '#c1272d' },
  { id: 'blue', name: 'Blue', hex: '#1f5bc4' },
  { id: 'green', name: 'Green', hex: '#1e7b45' },
  { id: 'yellow', name: 'Yellow', hex: '#f2c12e' },
  { id: 'orange', name: 'Orange', hex: '#e06c1f' },
  { id: 'grey', name: 'Grey', hex: '#8a8f96' },
] as const;

const LEAD: Record<FinishKind, string> = {
  painting: `+${FINISH_LEAD_DAYS.paintingPerColour} days per colour`,
  dyeing: `+${FINISH_LEAD_DAYS.dyeingOneColour} days for one colour, +${FINISH_LEAD_DAYS.dyeingSeveralColours} for several`,
  silkscreen: `+${FINISH_LEAD_DAYS.silkscreen} days, or +${FINISH_LEAD_DAYS.silkscreenWithPainting} with painting`,
  'special-treatment': `+${FINISH_LEAD_DAYS.specialTreatment} day`,
  'spray-paint': `+${FINISH_LEAD_DAYS.sprayPaint} days`,
  tapping: `+${FINISH_LEAD_DAYS.tapping} working day`,
  'brass-insert': `+${FINISH_LEAD_DAYS.brassInsert} working day`,
  helicoil: `+${FINISH_LEAD_DAYS.helicoil} working day`,
};

function defaultFinish(kind: FinishKind): FinishSelection {
  switch (kind) {
    case 'painting':
      return { kind, colours: [] };
    case 'dyeing':
      return { kind, style: 'solid', colours: [] };
    case 'silkscreen':
      return { kind, colours: [] };
    case 'special-treatment':
      return { kind };
    case 'spray-paint':
      return { kind };
    case 'tapping':
      return { kind, holes: 1 };
    case 'brass-insert':
    case 'helicoil':
      return { kind, inserts: [{ count: 1, insertLengthMm: 5, holeDepthMm: 6.5 }] };
  }
}

export interface FinishOptionsProps {
  offered: readonly FinishKind[];
  selected: readonly FinishSelection[];
  errors: Readonly<Record<string, readonly string[]>>;
  onSet: (finish: FinishSelection) => void;
  onRemove: (kind: FinishKind) => void;
}

/** The finishes and secondary operations of the part, each with what it adds to the lead time. */
export function FinishOptions({ offered, selected, errors, onSet, onRemove }: FinishOptionsProps) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-caption font-medium text-neutral-700">Finishes and secondary operations</legend>
      {offered.map((kind) => {
        const current = selected.find((f) => f.kind === kind);
        const finish = CATALOGUE.finishes[kind];
        // The rules name a finish's field in camelCase ('brass-insert' → 'brassInsert').
        const field = kind.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
        const messages = Object.entries(errors)
          .filter(([f]) => f === field || f.startsWith(`${field}.`))
          .flatMap(([, m]) => m);
        return (
          <div key={kind} className="flex flex-col gap-2 rounded-control border border-neutral-200 bg-neutral-0 p-3">
            <Checkbox isSelected={!!current} onChange={(on) => (on ? onSet(defaultFinish(kind)) : onRemove(kind))} description={`${finish.description} ${LEAD[kind]}.`}>
              {finish.label}
            </Checkbox>
            {current && <FinishDetails finish={current} onSet={onSet} />}
            {messages.map((m) => (
              <p key={m} className="text-caption text-danger-700" role="alert">
                {m}
              </p>
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}

function ColourChoice({ label, value, max, onChange }: { label: string; value: readonly string[]; max: number; onChange: (v: string[]) => void }) {
  const full = value.length >= max;
  return (
    <CheckboxGroup label={label} description={`Up to ${max} ${max === 1 ? 'colour' : 'colours'}; ${value.length} chosen.`} value={[...value]} onChange={onChange}>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {FINISH_PALETTE.map((c) => (
          <Checkbox key={c.id} value={c.id} isDisabled={full && !value.includes(c.id)}>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-3.5 rounded-full border border-neutral-300" style={{ backgroundColor: c.hex }} />
              {c.name}
            </span>
          </Checkbox>
        ))}
      </div>
    </CheckboxGroup>
  );
}

function FinishDetails({ finish, onSet }: { finish: FinishSelection; onSet: (f: FinishSelection) => void }) {
  switch (finish.kind) {
    case 'painting':
      return <ColourChoice label="Paint colours" value={finish.colours} max={MAX_PAINTING_COLOURS} onChange={(colours) => onSet({ ...finish, colours })} />;
    case 'silkscreen':
      return <ColourChoice label="Silkscreen colours" value={finish.colours} max={MAX_SILKSCREEN_COLOURS} onChange={(colours) => onSet({ ...finish, colours })} />;
    case 'dyeing':
      return (
        <div className="flex flex-col gap-2">
          <RadioGroup label="Dyeing style" orientation="horizontal" value={finish.style} onChange={(style) => onSet({ ...finish, style: style as typeof finish.style })}>
            <Radio value="solid">Solid</Radio>
            <Radio value="gradient">Gradient</Radio>
            <Radio value="cream">Cream</Radio>
          </RadioGroup>
          <ColourChoice
            label="Dye colours"
            value={finish.colours}
            max={finish.style === 'cream' ? MAX_CREAM_DYEING_COLOURS : MAX_DYEING_COLOURS}
            onChange={(colours) => onSet({ ...finish, colours })}
          />
        </div>
      );
    case 'tapping':
      return <NumberField label="Threaded holes per part" minValue={1} step={1} value={finish.holes} onChange={(holes) => onSet({ ...finish, holes })} />;
    case 'brass-insert':
    case 'helicoil':
      return <InsertFields inserts={finish.inserts} onChange={(inserts) => onSet({ ...finish, inserts })} />;
    default:
      return null;
  }
}

function InsertFields({ inserts, onChange }: { inserts: readonly InsertSpec[]; onChange: (i: InsertSpec[]) => void }) {
  const first = inserts[0] ?? { count: 1, insertLengthMm: 5, holeDepthMm: 6.5 };
  const set = (patch: Partial<InsertSpec>) => onChange([{ ...first, ...patch }, ...inserts.slice(1)]);
  return (
    <div className="grid gap-2">
      <NumberField label="Inserts per part" minValue={1} step={1} value={first.count} onChange={(count) => set({ count })} />
      <NumberField label="Insert length" unit="mm" unitLabel="millimetres" minValue={0.5} step={0.5} value={first.insertLengthMm} onChange={(insertLengthMm) => set({ insertLengthMm })} />
      <NumberField label="Hole depth" unit="mm" unitLabel="millimetres" minValue={0.5} step={0.5} value={first.holeDepthMm} onChange={(holeDepthMm) => set({ holeDepthMm })} />
    </div>
  );
}
