import { useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { HARDNESS_SHORE_A, MAX_QUANTITY } from '#domain/catalogue/limits';
import { findMaterial, findProcess } from '#domain/catalogue/lookup';
import { LEAD_TIME_TIERS, type LeadTimeTier, type ProcessSlug, type ToleranceOption } from '#domain/catalogue/types';
import { quotePart, type QuoteResult } from '#domain/pricing/quote-part';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { selectQuote, serverAgrees } from '#machines/quote-configurator-machine';
import { Button } from '#ui/button';
import { NumberField } from '#ui/number-field';
import { Radio, RadioGroup } from '#ui/radio-group';
import { Select, SelectItem } from '#ui/select';
import type { ConfiguratorActor } from '../quote-workspace.ts';
import { FinishOptions } from './finish-options.tsx';

const TIER_LABEL: Record<LeadTimeTier, MessageKey> = { economy: 'quote.tier.economy', standard: 'quote.tier.standard', express: 'quote.tier.express' };

/**
 * The configurator of one part: every option is an event to its machine; the price, lead time and
 * ship date are derived on every change and announced politely; the breakdown says why, the
 * price-break table shows quantities, the comparison shows what-ifs side by side.
 */
export function ConfiguratorPanel({ actor, fileName, onAddToCart, adding }: { actor: ConfiguratorActor; fileName: string; onAddToCart: () => void; adding: boolean }) {
  const context = useSelector(actor, (s) => s.context);
  const saving = useSelector(actor, (s) => s.matches('saving') || s.matches('waiting'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const quote = selectQuote(context);
  const config = context.configuration;
  const process = findProcess(config.process)!;
  const material = findMaterial(config.process, config.materialId)!;
  const errors = quote.validation.errors;
  const t = useT();
  const steppers = { decrementLabel: t('common.decrease'), incrementLabel: t('common.increase') };

  return (
    <section aria-labelledby="configure-heading" className="flex flex-col gap-4">
      <h2 id="configure-heading" className="text-title">
        {t('quote.configure.heading', { name: fileName })}
      </h2>

      <RadioGroup label={t('quote.configure.process')} value={config.process} onChange={(v) => actor.send({ type: 'process.changed', process: v as ProcessSlug })}>
        {CATALOGUE.processes.map((p) => (
          <Radio key={p.slug} value={p.slug}>
            {p.name}
          </Radio>
        ))}
      </RadioGroup>

      <Select label={t('quote.configure.material')} selectedKey={config.materialId} onSelectionChange={(k) => actor.send({ type: 'material.changed', materialId: String(k) })} items={process.materials.map((m) => ({ id: m.id, name: m.name }))}>
        {(m) => <SelectItem id={m.id}>{m.name}</SelectItem>}
      </Select>
      <p className="-mt-2 text-caption text-neutral-600">{material.description}</p>

      <RadioGroup
        label={t('quote.configure.colour')}
        isRequired
        // null, not '': an empty string would count as a chosen value and take every radio out of the tab order.
        value={config.colourId}
        onChange={(v) => actor.send({ type: 'colour.changed', colourId: v })}
        isInvalid={!!errors.colour}
        errorMessage={errors.colour?.join(' ')}
        orientation="horizontal"
      >
        {material.colours.map((c) => (
          <Radio key={c.id} value={c.id}>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-4 rounded-full border border-neutral-300" style={{ backgroundColor: c.hex }} />
              {c.name}
            </span>
          </Radio>
        ))}
      </RadioGroup>

      <NumberField
        label={t('quote.configure.quantity')}
        unit={t('quote.unit.pieces')}
        unitLabel={t('quote.unit.piecesSpoken')}
        {...steppers}
        minValue={1}
        maxValue={MAX_QUANTITY}
        step={1}
        value={config.quantity}
        onChange={(q) => Number.isFinite(q) && actor.send({ type: 'quantity.changed', quantity: q })}
        isInvalid={!!errors.quantity}
        errorMessage={errors.quantity?.join(' ')}
      />

      {material.tolerances.length > 1 && (
        <Select
          label={t('quote.configure.tolerance')}
          selectedKey={config.toleranceId ?? material.tolerances[0]!.id}
          onSelectionChange={(k) => actor.send({ type: 'tolerance.changed', toleranceId: k as ToleranceOption['id'] })}
          items={material.tolerances.map((t) => ({ id: t.id, name: t.label }))}
        >
          {(t) => <SelectItem id={t.id}>{t.name}</SelectItem>}
        </Select>
      )}

      {material.hardnessShoreA && (
        <NumberField
          label={t('quote.configure.hardness')}
          unit={t('quote.unit.shoreA')}
          {...steppers}
          minValue={HARDNESS_SHORE_A.min}
          maxValue={HARDNESS_SHORE_A.max}
          step={5}
          value={config.hardnessShoreA ?? HARDNESS_SHORE_A.common}
          onChange={(v) => actor.send({ type: 'hardness.changed', shoreA: v })}
          description={t('quote.configure.hardnessHint', HARDNESS_SHORE_A)}
          isInvalid={!!errors.hardness}
          errorMessage={errors.hardness?.join(' ')}
        />
      )}

      <RadioGroup label={t('quote.configure.leadTime')} value={config.tier} onChange={(v) => actor.send({ type: 'tier.changed', tier: v as LeadTimeTier })}>
        {LEAD_TIME_TIERS.map((tier) => (
          <Radio key={tier} value={tier} description={t('quote.configure.tierDays', { days: material.leadDays[tier] })}>
            {t(TIER_LABEL[tier])}
          </Radio>
        ))}
      </RadioGroup>

      <FinishOptions
        offered={material.finishes}
        selected={config.finishes}
        errors={errors}
        onSet={(finish) => actor.send({ type: 'finish.set', finish })}
        onRemove={(kind) => actor.send({ type: 'finish.removed', kind })}
      />

      <PriceSummary quote={quote} saving={saving} failed={failed} agrees={serverAgrees(context)} onRetry={() => actor.send({ type: 'save.retry' })} />

      <Button onPress={onAddToCart} isDisabled={!quote.orderable || saving} isPending={adding}>
        {t('quote.addToCart')}
      </Button>

      <PriceBreakdown quote={quote} />
      <Comparison context={context} />
    </section>
  );
}

function PriceSummary({ quote, saving, failed, agrees, onRetry }: { quote: QuoteResult; saving: boolean; failed: boolean; agrees: boolean; onRetry: () => void }) {
  const priced = quote.totalCents !== null && quote.validation.valid;
  const t = useT();
  const format = useFormat();
  const strong = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;
  return (
    <div className="rounded-card border border-neutral-200 bg-neutral-0 p-4">
      {/* Announced politely on every change: price, lead time and ship date. */}
      <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-1">
        {priced ? (
          <>
            <p className="text-headline" data-testid="total">
              {t.rich('quote.price.total', { total: format.money(quote.totalCents!), hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
            </p>
            <p className="text-neutral-700">
              {t.rich('quote.price.summary', {
                unit: format.money(quote.unitPriceCents!),
                days: quote.leadTime!.totalWorkingDays,
                date: format.date(quote.shipDate!, 'weekday'),
                strong,
              })}
            </p>
          </>
        ) : (
          <p className="text-neutral-700">{t('quote.price.incomplete')}</p>
        )}
      </div>
      <p className="mt-2 text-caption text-neutral-600" role="status">
        {failed ? t('error.quotationFetch') : saving ? t('quote.price.checking') : agrees ? t('quote.price.confirmed') : ''}
      </p>
      {failed && (
        <Button variant="secondary" className="mt-2" onPress={onRetry}>
          {t('common.tryAgain')}
        </Button>
      )}
      <ul className="mt-2 list-disc pl-5 text-caption text-neutral-600">
        {quote.certainty.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}

function PriceBreakdown({ quote }: { quote: QuoteResult }) {
  const t = useT();
  const format = useFormat();
  if (!quote.price) return null;
  return (
    <details className="rounded-card border border-neutral-200 bg-neutral-0 p-4">
      <summary className="cursor-pointer font-semibold">{t('quote.breakdown.summary')}</summary>
      <table className="mt-3 w-full text-left text-caption">
        <caption className="sr-only">{t('quote.breakdown.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('quote.breakdown.item')}</th>
            <th scope="col" className="text-right">
              {t('quote.breakdown.perPart')}
            </th>
            <th scope="col" className="text-right">
              {t('quote.breakdown.line')}
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.price.items.map((item) => (
            <tr key={item.id} className="border-t border-neutral-100 align-top">
              <th scope="row" className="py-1 font-normal">
                {item.label}
                <span className="block text-neutral-600">{item.explanation}</span>
              </th>
              <td className="py-1 text-right">{format.money(item.unitCents)}</td>
              <td className="py-1 text-right">{format.money(item.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="mt-4 font-semibold">{t('quote.breaks.heading')}</h3>
      <table className="mt-2 w-full text-left text-caption">
        <caption className="sr-only">{t('quote.breaks.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('quote.configure.quantity')}</th>
            <th scope="col" className="text-right">
              {t('quote.breakdown.perPart')}
            </th>
            <th scope="col" className="text-right">
              {t('orders.column.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.priceBreaks.map((row) => (
            <tr key={row.quantity} className="border-t border-neutral-100" aria-current={row.quantity === quote.price!.quantity ? 'true' : undefined}>
              <th scope="row" className="py-1 font-normal">
                {format.number(row.quantity)}
              </th>
              <td className="py-1 text-right">{format.money(row.unitPriceCents)}</td>
              <td className="py-1 text-right">{format.money(row.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="mt-4 font-semibold">{t('quote.configure.leadTime')}</h3>
      <ul className="mt-1 text-caption">
        {quote.leadTime?.items.map((i) => (
          <li key={i.id}>{t('quote.breakdown.leadItem', { label: i.label, days: i.workingDays })}</li>
        ))}
      </ul>
    </details>
  );
}

/** The same part in other tiers and materials, side by side (what-ifs). */
function Comparison({ context }: { context: Parameters<typeof selectQuote>[0] }) {
  // Priced only while open: a closed comparison costs nothing on each option change.
  const [open, setOpen] = useState(false);
  const t = useT();
  const format = useFormat();
  const rows = useMemo(() => {
    if (!open) return [];
    const { configuration: config, metrics, orderedAt, geometryFindings } = context;
    const process = findProcess(config.process);
    if (!process) return [];
    const materials = process.materials.slice(0, 4);
    return materials.flatMap((m) => {
      const colourId = m.colours.some((c) => c.id === config.colourId) ? config.colourId : (m.colours[0]?.id ?? null);
      return LEAD_TIME_TIERS.map((tier) => {
        const finishes = config.finishes.filter((f) => m.finishes.includes(f.kind));
        const q = quotePart(metrics, { ...config, materialId: m.id, colourId, tier, finishes }, orderedAt, { geometryFindings });
        return { key: `${m.id}-${tier}`, material: m.name, tier: TIER_LABEL[tier], q, current: m.id === config.materialId && tier === config.tier };
      });
    });
  }, [context, open]);
  return (
    <details className="rounded-card border border-neutral-200 bg-neutral-0 p-4" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">{t('quote.compare.summary')}</summary>
      <table className="mt-3 w-full text-left text-caption">
        <caption className="sr-only">{t('quote.compare.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('quote.configure.material')}</th>
            <th scope="col">{t('quote.configure.leadTime')}</th>
            <th scope="col" className="text-right">
              {t('orders.column.total')}
            </th>
            <th scope="col" className="text-right">
              {t('orders.column.ships')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={`border-t border-neutral-100 ${r.current ? 'font-semibold' : ''}`} aria-current={r.current ? 'true' : undefined}>
              <th scope="row" className="py-1 font-normal">
                {r.material}
              </th>
              <td>{t(r.tier)}</td>
              <td className="text-right">{r.q.totalCents === null ? '—' : format.money(r.q.totalCents)}</td>
              <td className="text-right">{r.q.shipDate ? format.date(r.q.shipDate, 'weekday') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
