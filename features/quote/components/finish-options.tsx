import { memo, useId } from 'react';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { DEFAULT_INSERT, finishField, type FinishLeadDays } from '#domain/catalogue/finishes';
import type { Finish, FinishKind } from '#domain/catalogue/types';
import { defaultFinishSelection, finishFields, type FinishFields, type FinishSelection, type InsertSpec } from '#domain/rules/quote-configuration';
import { useT, type MessageKey, type Translate } from '#lib/i18n/i18n';
import { Checkbox } from '#ui/checkbox';
import { CheckboxGroup } from '#ui/checkbox-group';
import { NumberField } from '#ui/number-field';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';

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

/** What a finish adds to the lead time, from its record's rule. */
export function leadText(rule: FinishLeadDays, t: Translate): string {
  if (rule.perColour) return t('quote.finishLead.perColour', { days: rule.days });
  if (rule.severalColours !== undefined) return t('quote.finishLead.severalColours', { one: rule.days, several: rule.severalColours });
  if (rule.alongside) {
    const other = CATALOGUE.finishes[rule.alongside.finish]?.label ?? rule.alongside.finish;
    return t('quote.finishLead.alongside', { days: rule.days, withDays: rule.alongside.days, finish: other.toLowerCase() });
  }
  return t('quote.finishLead.workingDays', { days: rule.days });
}

export interface FinishOptionsProps {
  offered: readonly FinishKind[];
  selected: readonly FinishSelection[];
  /** The rules' messages by field ('painting', 'brassInsert.0.depth', …). */
  errors: Readonly<Record<string, readonly string[]>>;
  onSet: (finish: FinishSelection) => void;
  onRemove: (kind: FinishKind) => void;
  /** Holes the analysis found at a tap drill size: tapping and inserts start with this count. */
  holeSeed?: number;
}

/**
 * The finishes and secondary operations of the part, each with what it adds to the lead time.
 * What each asks for follows its record's options shape (colours, a style, holes, inserts…), and
 * each message sits on the control it is about (aria-invalid, aria-describedby).
 */
export const FinishOptions = memo(function FinishOptions({ offered, selected, errors, onSet, onRemove, holeSeed }: FinishOptionsProps) {
  const t = useT();
  const idBase = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-caption font-medium text-neutral-700">{t('quote.finishes.legend')}</legend>
      {offered.map((kind) => {
        const finish = CATALOGUE.finishes[kind];
        if (!finish) return null;
        const current = selected.find((f) => f.kind === kind);
        const field = finishField(kind);
        const own = (suffix = '') => errors[`${field}${suffix}`] ?? [];
        // A message about the finish as a whole (Painting without a colour) is the finish's checkbox's
        // too: the box is invalid and described by it, as the control it is shown under is.
        const messages = current ? own() : [];
        const errorId = idBase + kind;
        return (
          <div key={kind} className="flex flex-col gap-2 rounded-control border border-neutral-200 bg-neutral-0 p-3">
            <Checkbox
              isSelected={!!current}
              onChange={(on) => (on ? onSet(defaultFinishSelection(finish, { holes: holeSeed })) : onRemove(kind))}
              description={t('quote.finishes.description', { description: finish.description, lead: leadText(finish.leadDays, t) })}
              isInvalid={messages.length > 0}
              aria-describedby={messages.length > 0 ? errorId : undefined}
            >
              {finish.label}
            </Checkbox>
            {current && (
              <FinishDetails finish={finish} selection={finishFields(current)} messages={messages} errorId={errorId} errors={errors} field={field} onSet={onSet} holeSeed={holeSeed} />
            )}
          </div>
        );
      })}
    </fieldset>
  );
});

interface DetailsProps {
  finish: Finish;
  selection: FinishFields;
  /** Messages about the finish as a whole (colour counts, holes, "add an insert"). */
  messages: readonly string[];
  /** The id the element showing `messages` takes (the finish's checkbox is described by it too). */
  errorId: string;
  errors: Readonly<Record<string, readonly string[]>>;
  field: string;
  onSet: (f: FinishSelection) => void;
  holeSeed?: number;
}

/** The options of one chosen finish, by the shape of its record's options. */
function FinishDetails({ finish, selection, messages, errorId, errors, field, onSet, holeSeed }: DetailsProps) {
  const t = useT();
  const set = (patch: Partial<FinishFields>) => onSet({ ...selection, ...patch } as FinishSelection);
  const invalid = messages.length > 0;
  const errorMessage = invalid ? messages.join(' ') : undefined;
  const options = finish.options;
  switch (options.shape) {
    case 'colours':
      return (
        <ColourChoice
          label={t('quote.finishes.colours', { finish: finish.label })}
          value={selection.colours ?? []}
          max={options.maxColours}
          onChange={(colours) => set({ colours })}
          errorMessage={errorMessage}
          errorId={errorId}
        />
      );
    case 'styled-colours': {
      const style = options.styles.find((s) => s.id === selection.style);
      return (
        <div className="flex flex-col gap-2">
          <RadioGroup label={t('quote.finishes.style', { finish: finish.label })} orientation="horizontal" value={selection.style ?? null} onChange={(id) => set({ style: id })}>
            {options.styles.map((s) => (
              <Radio key={s.id} value={s.id}>
                {s.label}
              </Radio>
            ))}
          </RadioGroup>
          <ColourChoice
            label={t('quote.finishes.colours', { finish: finish.label })}
            value={selection.colours ?? []}
            max={style?.maxColours ?? 0}
            onChange={(colours) => set({ colours })}
            errorMessage={errorMessage}
            errorId={errorId}
          />
        </div>
      );
    }
    case 'holes':
      return (
        <NumberField
          label={t('quote.finishes.holes')}
          decrementLabel={t('common.decrease')}
          incrementLabel={t('common.increase')}
          minValue={1}
          maxValue={options.maxHoles}
          step={1}
          value={selection.holes ?? 1}
          onChange={(holes) => set({ holes })}
          description={holeSeed ? t('quote.finishes.holesFound', { count: holeSeed }) : undefined}
          isInvalid={invalid}
          errorMessage={errorMessage}
          errorId={errorId}
          validationBehavior="aria"
        />
      );
    case 'inserts':
      return <InsertFields inserts={selection.inserts ?? []} errors={errors} field={field} messages={messages} messagesId={errorId} onChange={(inserts) => set({ inserts })} />;
    case 'colour':
      return (
        <TextField
          label={t('quote.finishes.colour', { finish: finish.label })}
          description={t('quote.finishes.colourHint')}
          value={selection.colour ?? ''}
          maxLength={100}
          onChange={(colour) => set({ colour: colour === '' ? undefined : colour })}
          isInvalid={invalid}
          errorMessage={errorMessage}
          errorId={errorId}
          validationBehavior="aria"
        />
      );
    case 'none':
      return (
        <TextField
          label={t('quote.finishes.note', { finish: finish.label })}
          value={selection.note ?? ''}
          maxLength={500}
          onChange={(note) => set({ note: note === '' ? undefined : note })}
        />
      );
  }
}

function ColourChoice({
  label,
  value,
  max,
  onChange,
  errorMessage,
  errorId,
}: {
  label: string;
  value: readonly string[];
  max: number;
  onChange: (v: string[]) => void;
  errorMessage?: string;
  errorId?: string;
}) {
  const full = value.length >= max;
  const t = useT();
  return (
    <CheckboxGroup
      label={label}
      description={t('quote.finishes.colourCount', { max, count: value.length })}
      value={[...value]}
      onChange={onChange}
      isInvalid={errorMessage !== undefined}
      errorMessage={errorMessage}
      errorId={errorId}
      validationBehavior="aria"
    >
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

/** The rules name an insert group's messages `<finish>.<group>.count|length|depth`. */
const INSERT_PARTS = ['count', 'length', 'depth'] as const;
type InsertPart = (typeof INSERT_PARTS)[number];

function InsertFields({
  inserts,
  errors,
  field,
  messages,
  messagesId,
  onChange,
}: {
  inserts: readonly InsertSpec[];
  errors: Readonly<Record<string, readonly string[]>>;
  field: string;
  messages: readonly string[];
  messagesId: string;
  onChange: (i: InsertSpec[]) => void;
}) {
  const first = inserts[0] ?? DEFAULT_INSERT;
  const set = (patch: Partial<InsertSpec>) => onChange([{ ...first, ...patch }, ...inserts.slice(1)]);
  const t = useT();
  const steppers = { decrementLabel: t('common.decrease'), incrementLabel: t('common.increase') };
  const mm = { unit: t('quote.unit.mm'), unitLabel: t('quote.unit.mmSpoken') };
  const about = (part: InsertPart) => {
    const list = errors[`${field}.0.${part}`] ?? [];
    return list.length > 0 ? { isInvalid: true, errorMessage: list.join(' '), validationBehavior: 'aria' as const } : { validationBehavior: 'aria' as const };
  };
  const [countErrors, lengthErrors, depthErrors] = INSERT_PARTS.map(about);
  return (
    <div className="grid gap-2">
      <NumberField label={t('quote.finishes.inserts')} {...steppers} minValue={1} step={1} value={first.count} onChange={(count) => set({ count })} {...countErrors} />
      <NumberField label={t('quote.finishes.insertLength')} {...steppers} {...mm} minValue={0.5} step={0.5} value={first.insertLengthMm} onChange={(insertLengthMm) => set({ insertLengthMm })} {...lengthErrors} />
      <NumberField label={t('quote.finishes.holeDepth')} {...steppers} {...mm} minValue={0.5} step={0.5} value={first.holeDepthMm} onChange={(holeDepthMm) => set({ holeDepthMm })} {...depthErrors} />
      {messages.length > 0 && (
        <p id={messagesId} className="text-caption text-danger-700">
          {messages.join(' ')}
        </p>
      )}
    </div>
  );
}
