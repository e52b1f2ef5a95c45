import { useId, useMemo, useState } from 'react';
import { MAX_QUANTITY } from '#domain/catalogue/limits';
import { findMaterial, findProcess, getFinish } from '#domain/catalogue/lookup';
import { LEAD_TIME_TIERS, type FinishKind, type LeadTimeTier, type ProcessSlug, type ToleranceOption } from '#domain/catalogue/types';
import { BULK_FINISH_SHAPES, type BulkChange, type BulkField } from '#domain/rules/bulk-edit';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import type { BulkResult } from '#machines/quote-workspace-machine';
import { Button } from '#ui/button';
import { NumberField } from '#ui/number-field';
import { Select, SelectItem } from '#ui/select';

export const FIELD_WORDS: Record<BulkField, MessageKey> = {
  material: 'quote.configure.material',
  colour: 'quote.configure.colour',
  tolerance: 'quote.configure.tolerance',
  tier: 'quote.configure.leadTime',
  quantity: 'quote.configure.quantity',
  finish: 'quote.bulk.field.finish',
};

const TIER_WORDS: Record<LeadTimeTier, MessageKey> = { economy: 'quote.tier.economy', standard: 'quote.tier.standard', express: 'quote.tier.express' };

export interface BulkEditBarProps {
  process: ProcessSlug;
  /** The ticked parts' configurations (those whose file is still read have none yet). */
  configurations: readonly PartConfiguration[];
  count: number;
  onApply: (change: BulkChange) => void;
  onClear: () => void;
  result: BulkResult | null;
}

interface Choice {
  id: string;
  name: string;
}

/** What can be chosen for each field: the service's materials, and what the ticked parts' materials offer. */
function choicesFor(process: ProcessSlug, configurations: readonly PartConfiguration[], t: ReturnType<typeof useT>): Record<Exclude<BulkField, 'quantity'>, Choice[]> {
  const found = findProcess(process);
  const materials = configurations.map((c) => findMaterial(c.process, c.materialId)).filter((m) => m !== undefined);
  const unique = (items: Choice[]) => [...new Map(items.map((i) => [i.id, i])).values()];
  return {
    material: (found?.materials ?? []).map((m) => ({ id: m.id, name: m.name })),
    colour: unique(materials.flatMap((m) => m.colours.map((c) => ({ id: c.id, name: c.name })))),
    tolerance: unique(materials.flatMap((m) => m.tolerances.map((o) => ({ id: o.id, name: o.label })))),
    tier: LEAD_TIME_TIERS.map((tier) => ({ id: tier, name: t(TIER_WORDS[tier]) })),
    finish: unique(
      materials.flatMap((m) => m.finishes.filter((kind) => BULK_FINISH_SHAPES.includes(getFinish(kind).options.shape)).map((kind) => ({ id: kind, name: getFinish(kind).label }))),
    ),
  };
}

function changeOf(field: BulkField, value: string | null, quantity: number): BulkChange | null {
  if (field === 'quantity') return Number.isInteger(quantity) && quantity >= 1 ? { field, quantity } : null;
  if (!value) return null;
  switch (field) {
    case 'material':
      return { field, materialId: value };
    case 'colour':
      return { field, colourId: value };
    case 'tolerance':
      return { field, toleranceId: value as ToleranceOption['id'] };
    case 'tier':
      return { field, tier: value as LeadTimeTier };
    case 'finish':
      return { field, kind: value as FinishKind };
  }
}

/**
 * One change to every ticked part (issue 34 item 2): what to change, its value, and "Apply". Each
 * part takes it where it is valid; the others keep their configuration, and one summary says which
 * and why, politely, once.
 */
export function BulkEditBar({ process, configurations, count, onApply, onClear, result }: BulkEditBarProps) {
  const t = useT();
  const headingId = useId();
  const [field, setField] = useState<BulkField>('material');
  const [value, setValue] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const choices = useMemo(() => choicesFor(process, configurations, t), [process, configurations, t]);
  const change = changeOf(field, value, quantity);
  const fields = (Object.keys(FIELD_WORDS) as BulkField[]).map((f) => ({ id: f, name: t(FIELD_WORDS[f]) }));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-brand-200 bg-brand-50 p-4">
      <h3 id={headingId} className="font-semibold">
        {t('quote.bulk.heading', { count })}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t('quote.bulk.what')}
          selectedKey={field}
          onSelectionChange={(key) => {
            setField(String(key) as BulkField);
            setValue(null);
          }}
          items={fields}
          className="min-w-40"
        >
          {(f) => <SelectItem id={f.id}>{f.name}</SelectItem>}
        </Select>
        {field === 'quantity' ? (
          <NumberField
            label={t('quote.configure.quantity')}
            unit={t('quote.unit.pieces')}
            unitLabel={t('quote.unit.piecesSpoken')}
            decrementLabel={t('common.decrease')}
            incrementLabel={t('common.increase')}
            minValue={1}
            maxValue={MAX_QUANTITY}
            step={1}
            value={quantity}
            onChange={(q) => setQuantity(q)}
            className="w-40"
          />
        ) : (
          <Select
            key={field}
            label={t('quote.bulk.value', { field: t(FIELD_WORDS[field]) })}
            placeholder={t('quote.bulk.choose')}
            selectedKey={value}
            onSelectionChange={(key) => setValue(key === null ? null : String(key))}
            items={choices[field]}
            className="min-w-48"
          >
            {(c) => <SelectItem id={c.id}>{c.name}</SelectItem>}
          </Select>
        )}
        <Button isDisabled={!change} onPress={() => change && onApply(change)}>
          {t('quote.bulk.apply', { count })}
        </Button>
        <Button variant="quiet" onPress={onClear}>
          {t('quote.bulk.clear')}
        </Button>
      </div>
      <BulkSummary result={result} />
    </section>
  );
}

/** The one summary of the last change: how many parts took it, which kept their configuration and why. */
function BulkSummary({ result }: { result: BulkResult | null }) {
  const t = useT();
  const format = useFormat();
  const fieldWords = result ? t(FIELD_WORDS[result.change.field]) : '';
  return (
    <div role="status" className="flex flex-col gap-1 text-caption">
      {result && (
        <>
          <p key={`changed-${result.seq}`} className="text-neutral-900">
            {t('quote.bulk.changed', { field: fieldWords, count: result.changed })}
          </p>
          {result.kept.length > 0 && (
            <>
              <p className="text-warning-700">{t('quote.bulk.kept', { count: result.kept.length, names: format.list(result.kept.map((k) => k.name)) })}</p>
              <ul className="list-disc pl-5 text-neutral-700">
                {result.kept.map((k) => (
                  <li key={k.id}>{t('quote.bulk.keptLine', { name: k.name, reason: k.reason.kind === 'rule' ? k.reason.message : t('quote.bulk.notReady') })}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
