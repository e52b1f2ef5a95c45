import { CATALOGUE } from '#domain/catalogue/catalogue';
import { MAX_DYEING_COLOURS, MAX_PAINTING_COLOURS, MAX_SILKSCREEN_COLOURS, MAX_CREAM_DYEING_COLOURS } from '#domain/catalogue/limits';
import type { FinishKind } from '#domain/catalogue/types';
import { FINISH_LEAD_DAYS } from '#domain/lead-time/lead-time';
import type { FinishSelection, InsertSpec } from '#domain/rules/quote-configuration';
import { useT, type MessageKey, type Translate } from '#lib/i18n/i18n';
import { Checkbox } from '#ui/checkbox';
import { CheckboxGroup } from '#ui/checkbox-group';
import { NumberField } from '#ui/number-field';
import { Radio, RadioGroup } from '#ui/radio-group';

/** Finish colours offered for painting, dyeing, silkscreen and spray paint. */
export const FINISH_PALETTE: readonly { id: string; name: MessageKey; hex: string }[] = [
  { id: 'black', name: 'quote.colour.black', hex: '#1b1b1b' },
  { id: 'white', name: 'quote.colour.white', hex: '#f4f4f2' },
  { id: 'red', name: 'quote.colour.red', hex: '#c1272d' },
  { id: 'blue', name: 'quote.colour.blue', hex: '#1f5bc4' },
  { id: 'green', name: 'quote.colour.green', hex: '#1e7b45' },
  { id: 'yellow', name: 'quote.colour.yellow', hex: '#f2c12e' },
  { id: 'orange', name: 'quote.colour.orange', hex: '#e06c1f' },
  { id: 'grey', name: 'quote.colour.grey', hex: '#8a8f96' },
];

/** What each finish adds to the lead time, from the lead-time rules' own numbers. */
function leadText(kind: FinishKind, t: Translate): string {
  switch (kind) {
    case 'painting':
      return t('quote.finishLead.perColour', { days: FINISH_LEAD_DAYS.paintingPerColour });
    case 'dyeing':
      return t('quote.finishLead.dyeing', { one: FINISH_LEAD_DAYS.dyeingOneColour, several: FINISH_LEAD_DAYS.dyeingSeveralColours });
    case 'silkscreen':
      return t('quote.finishLead.silkscreen', { days: FINISH_LEAD_DAYS.silkscreen, withPainting: FINISH_LEAD_DAYS.silkscreenWithPainting });
    case 'special-treatment':
      return t('quote.finishLead.days', { days: FINISH_LEAD_DAYS.specialTreatment });
    case 'spray-paint':
      return t('quote.finishLead.days', { days: FINISH_LEAD_DAYS.sprayPaint });
    case 'tapping':
      return t('quote.finishLead.workingDays', { days: FINISH_LEAD_DAYS.tapping });
    case 'brass-insert':
      return t('quote.finishLead.workingDays', { days: FINISH_LEAD_DAYS.brassInsert });
    case 'helicoil':
      return t('quote.finishLead.workingDays', { days: FINISH_LEAD_DAYS.helicoil });
  }
}

/** The insert a new brass-insert or Helicoil operation starts with. */
const DEFAULT_INSERT: InsertSpec = { count: 1, insertLengthMm: 5, holeDepthMm: 6.5 };

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
      return { kind, inserts: [DEFAULT_INSERT] };
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
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-caption font-medium text-neutral-700">{t('quote.finishes.legend')}</legend>
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
            <Checkbox isSelected={!!current} onChange={(on) => (on ? onSet(defaultFinish(kind)) : onRemove(kind))} description={t('quote.finishes.description', { description: finish.description, lead: leadText(kind, t) })}>
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
  const t = useT();
  return (
    <CheckboxGroup label={label} description={t('quote.finishes.colourCount', { max, count: value.length })} value={[...value]} onChange={onChange}>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {FINISH_PALETTE.map((c) => (
          <Checkbox key={c.id} value={c.id} isDisabled={full && !value.includes(c.id)}>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-3.5 rounded-full border border-neutral-300" style={{ backgroundColor: c.hex }} />
              {t(c.name)}
            </span>
          </Checkbox>
        ))}
      </div>
    </CheckboxGroup>
  );
}

function FinishDetails({ finish, onSet }: { finish: FinishSelection; onSet: (f: FinishSelection) => void }) {
  const t = useT();
  switch (finish.kind) {
    case 'painting':
      return <ColourChoice label={t('quote.finishes.paintColours')} value={finish.colours} max={MAX_PAINTING_COLOURS} onChange={(colours) => onSet({ ...finish, colours })} />;
    case 'silkscreen':
      return <ColourChoice label={t('quote.finishes.silkscreenColours')} value={finish.colours} max={MAX_SILKSCREEN_COLOURS} onChange={(colours) => onSet({ ...finish, colours })} />;
    case 'dyeing':
      return (
        <div className="flex flex-col gap-2">
          <RadioGroup label={t('quote.finishes.dyeingStyle')} orientation="horizontal" value={finish.style} onChange={(style) => onSet({ ...finish, style: style as typeof finish.style })}>
            <Radio value="solid">{t('quote.finishes.dyeSolid')}</Radio>
            <Radio value="gradient">{t('quote.finishes.dyeGradient')}</Radio>
            <Radio value="cream">{t('quote.finishes.dyeCream')}</Radio>
          </RadioGroup>
          <ColourChoice
            label={t('quote.finishes.dyeColours')}
            value={finish.colours}
            max={finish.style === 'cream' ? MAX_CREAM_DYEING_COLOURS : MAX_DYEING_COLOURS}
            onChange={(colours) => onSet({ ...finish, colours })}
          />
        </div>
      );
    case 'tapping':
      return (
        <NumberField
          label={t('quote.finishes.holes')}
          decrementLabel={t('common.decrease')}
          incrementLabel={t('common.increase')}
          minValue={1}
          step={1}
          value={finish.holes}
          onChange={(holes) => onSet({ ...finish, holes })}
        />
      );
    case 'brass-insert':
    case 'helicoil':
      return <InsertFields inserts={finish.inserts} onChange={(inserts) => onSet({ ...finish, inserts })} />;
    default:
      return null;
  }
}

function InsertFields({ inserts, onChange }: { inserts: readonly InsertSpec[]; onChange: (i: InsertSpec[]) => void }) {
  const first = inserts[0] ?? DEFAULT_INSERT;
  const set = (patch: Partial<InsertSpec>) => onChange([{ ...first, ...patch }, ...inserts.slice(1)]);
  const t = useT();
  const steppers = { decrementLabel: t('common.decrease'), incrementLabel: t('common.increase') };
  const mm = { unit: t('quote.unit.mm'), unitLabel: t('quote.unit.mmSpoken') };
  return (
    <div className="grid gap-2">
      <NumberField label={t('quote.finishes.inserts')} {...steppers} minValue={1} step={1} value={first.count} onChange={(count) => set({ count })} />
      <NumberField label={t('quote.finishes.insertLength')} {...steppers} {...mm} minValue={0.5} step={0.5} value={first.insertLengthMm} onChange={(insertLengthMm) => set({ insertLengthMm })} />
      <NumberField label={t('quote.finishes.holeDepth')} {...steppers} {...mm} minValue={0.5} step={0.5} value={first.holeDepthMm} onChange={(holeDepthMm) => set({ holeDepthMm })} />
    </div>
  );
}
