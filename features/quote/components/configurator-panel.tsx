import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { HARDNESS_SHORE_A, MAX_QUANTITY } from '#domain/catalogue/limits';
import { findMaterial, findProcess } from '#domain/catalogue/lookup';
import { LEAD_TIME_TIERS, type FinishKind, type LeadTimeTier, type Material, type ToleranceOption } from '#domain/catalogue/types';
import type { Finding } from '#domain/geometry/findings';
import { BLOCKED_NOTE, quotePart, type QuoteResult } from '#domain/pricing/quote-part';
import type { FinishSelection, PartConfiguration } from '#domain/rules/quote-configuration';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { selectQuote, serverAgrees, visibleErrors, type ConfiguratorContext } from '#machines/quote-configurator-machine';
import { Button } from '#ui/button';
import { NumberField } from '#ui/number-field';
import { Radio, RadioGroup } from '#ui/radio-group';
import { Select, SelectItem } from '#ui/select';
import type { ConfiguratorActor } from '../quote-workspace.ts';
import { FinishOptions } from './finish-options.tsx';
import { PriceBreaks } from './price-breaks.tsx';
import { ShipDateCalendar } from './ship-date-calendar.tsx';

const TIER_LABEL: Record<LeadTimeTier, MessageKey> = { economy: 'quote.tier.economy', standard: 'quote.tier.standard', express: 'quote.tier.express' };

/** Why Add to cart cannot be pressed now, or null when it can. */
export type AddToCartBlock = 'blocked' | 'uploading' | 'invalid' | null;

const BLOCK_REASON: Record<Exclude<AddToCartBlock, 'invalid' | null>, MessageKey> = {
  blocked: 'quote.addToCart.blocked',
  uploading: 'quote.addToCart.uploading',
};

/**
 * What is wrong, in the rules' words, for a sentence that names it: an instruction never relies on
 * a colour ("marked in red") to say which options (WCAG 1.4.1).
 */
function problemsOf(errors: Readonly<Record<string, readonly string[]>>, except: readonly string[] = []): string {
  return Object.entries(errors)
    .filter(([field]) => !except.includes(field))
    .flatMap(([, messages]) => messages)
    .join('; ');
}

export interface ConfiguratorPanelProps {
  actor: ConfiguratorActor;
  fileName: string;
  /** The file is not on the server yet: the part can be priced, not ordered. */
  stored: boolean;
  /** Move the focus to the heading once shown (a file the customer just dropped). */
  focusHeading?: boolean;
  onFocused?: () => void;
  onAddToCart: (configuration: PartConfiguration) => void;
  adding: boolean;
}

/**
 * The configurator of one part: every option is an event to its machine; the price, lead time and
 * ship date are derived on every change and announced politely; the lead times' ship dates are on
 * a calendar beside their choice, the price breaks a chart with their table (ADRs 212-213); the
 * breakdown says why, the comparison shows every material and tier side by side.
 * It opens priced: the colour is asked for when ordering, and only then marked if missing. Each
 * section re-renders only when what it shows changes (an option change paints within a frame).
 */
export function ConfiguratorPanel({ actor, fileName, stored, focusHeading = false, onFocused, onAddToCart, adding }: ConfiguratorPanelProps) {
  const configuration = useSelector(actor, (s) => s.context.configuration);
  const attempted = useSelector(actor, (s) => s.context.attempted);
  const metrics = useSelector(actor, (s) => s.context.metrics);
  const orderedAt = useSelector(actor, (s) => s.context.orderedAt);
  const geometryFindings = useSelector(actor, (s) => s.context.geometryFindings);
  const t = useT();
  const quote = selectQuote({ configuration, metrics, orderedAt, geometryFindings });
  const process = findProcess(configuration.process)!;
  const material = findMaterial(configuration.process, configuration.materialId)!;
  const errors = useStableErrors(visibleErrors({ attempted }, quote));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const colourGroupId = useId();
  const send = actor.send;
  const onSetFinish = useCallback((finish: FinishSelection) => send({ type: 'finish.set', finish }), [send]);
  const onRemoveFinish = useCallback((kind: FinishKind) => send({ type: 'finish.removed', kind }), [send]);
  const onTier = useCallback((tier: LeadTimeTier) => send({ type: 'tier.changed', tier }), [send]);

  useEffect(() => {
    if (!focusHeading) return;
    const active = document.activeElement;
    // Only when the customer is not busy elsewhere: on the page itself or the upload panel.
    if (!active || active === document.body || active.closest('[data-upload-panel]')) headingRef.current?.focus();
    onFocused?.();
  }, [focusHeading, onFocused]);

  const block: AddToCartBlock = quote.blocking.length > 0 ? 'blocked' : !stored ? 'uploading' : quote.price === null || hasErrorsBesides(quote, 'colour') ? 'invalid' : null;
  const onAdd = () => {
    if (block) return;
    send({ type: 'order.attempted' });
    if (!quote.orderable) {
      // Only the colour is missing: ask for it where it is chosen.
      document.getElementById(colourGroupId)?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    onAddToCart(configuration);
  };

  return (
    <section aria-labelledby="configure-heading" className="flex flex-col gap-4">
      <h2 id="configure-heading" ref={headingRef} tabIndex={-1} className="text-title outline-none focus-visible:outline-2 focus-visible:outline-focus">
        {t('quote.configure.heading', { name: fileName })}
      </h2>
      <p className="-mt-3 text-caption text-neutral-600">{t('quote.configure.processIs', { process: process.name })}</p>

      <MaterialField materials={process.materials} material={material} onChange={(materialId) => send({ type: 'material.changed', materialId })} />
      <ColourField id={colourGroupId} material={material} colourId={configuration.colourId} error={errors.colour?.join(' ')} onChange={(colourId) => send({ type: 'colour.changed', colourId })} />
      <QuantityField quantity={configuration.quantity} error={errors.quantity?.join(' ')} onChange={(quantity) => send({ type: 'quantity.changed', quantity })} />
      {material.tolerances.length > 1 && (
        <ToleranceField material={material} toleranceId={configuration.toleranceId} onChange={(toleranceId) => send({ type: 'tolerance.changed', toleranceId })} />
      )}
      {material.hardnessShoreA && (
        <HardnessField shoreA={configuration.hardnessShoreA} error={errors.hardness?.join(' ')} onChange={(shoreA) => send({ type: 'hardness.changed', shoreA })} />
      )}
      <TierField material={material} tier={configuration.tier} onChange={onTier} />
      <ShipDateCalendar material={material} finishes={configuration.finishes} orderedAt={orderedAt} tier={configuration.tier} onChange={onTier} />
      <FinishOptions
        offered={material.finishes}
        selected={configuration.finishes}
        errors={errors}
        onSet={onSetFinish}
        onRemove={onRemoveFinish}
        holeSeed={metrics.manufacturing?.tappableHoles}
      />

      <PriceSummary actor={actor} quote={quote} problems={problemsOf(errors)} />
      <AddToCart block={block} problems={problemsOf(quote.validation.errors, ['colour'])} adding={adding} onPress={onAdd} />

      {quote.price && <PriceBreaks rows={quote.priceBreaks} quantity={quote.price.quantity} />}
      <PriceBreakdown quote={quote} />
      <Comparison configuration={configuration} metrics={metrics} orderedAt={orderedAt} geometryFindings={geometryFindings} />
    </section>
  );
}

function hasErrorsBesides(quote: QuoteResult, field: string): boolean {
  return Object.keys(quote.validation.errors).some((f) => f !== field);
}

/** The same messages keep the same object, so the sections that show them need not re-render. */
function useStableErrors(errors: Readonly<Record<string, readonly string[]>>) {
  const key = JSON.stringify(errors);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the content
  return useMemo(() => errors, [key]);
}

const MaterialField = memo(function MaterialField({ materials, material, onChange }: { materials: readonly Material[]; material: Material; onChange: (id: string) => void }) {
  const t = useT();
  const items = useMemo(() => materials.map((m) => ({ id: m.id, name: m.name })), [materials]);
  return (
    <>
      <Select label={t('quote.configure.material')} selectedKey={material.id} onSelectionChange={(k) => onChange(String(k))} items={items}>
        {(m) => <SelectItem id={m.id}>{m.name}</SelectItem>}
      </Select>
      <p className="-mt-2 text-caption text-neutral-600">{material.description}</p>
    </>
  );
}, (a, b) => a.material === b.material && a.materials === b.materials);

const ColourField = memo(function ColourField({ id, material, colourId, error, onChange }: { id: string; material: Material; colourId: string | null; error?: string; onChange: (id: string | null) => void }) {
  const t = useT();
  return (
    <RadioGroup
      id={id}
      label={t('quote.configure.colour')}
      isRequired
      // null, not '': an empty string would count as a chosen value and take every radio out of the tab order.
      value={colourId}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
      description={colourId === null ? t('quote.configure.colourAsked') : undefined}
      validationBehavior="aria"
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
  );
}, (a, b) => a.material === b.material && a.colourId === b.colourId && a.error === b.error && a.id === b.id);

/** Whole numbers only: a quantity or a Shore A hardness has no fractions to type. */
const WHOLE_NUMBER: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };

const QuantityField = memo(function QuantityField({ quantity, error, onChange }: { quantity: number; error?: string; onChange: (q: number) => void }) {
  const t = useT();
  return (
    <NumberField
      label={t('quote.configure.quantity')}
      unit={t('quote.unit.pieces')}
      unitLabel={t('quote.unit.piecesSpoken')}
      decrementLabel={t('common.decrease')}
      incrementLabel={t('common.increase')}
      minValue={1}
      maxValue={MAX_QUANTITY}
      step={1}
      // A number out of range stays as typed and its rule says why, instead of being changed silently.
      commitBehavior="validate"
      formatOptions={WHOLE_NUMBER}
      value={quantity}
      onChange={(q) => Number.isFinite(q) && onChange(q)}
      isInvalid={!!error}
      errorMessage={error}
      validationBehavior="aria"
    />
  );
}, (a, b) => a.quantity === b.quantity && a.error === b.error);

const ToleranceField = memo(function ToleranceField({ material, toleranceId, onChange }: { material: Material; toleranceId?: ToleranceOption['id']; onChange: (id: ToleranceOption['id']) => void }) {
  const t = useT();
  return (
    <Select
      label={t('quote.configure.tolerance')}
      selectedKey={toleranceId ?? material.tolerances[0]!.id}
      onSelectionChange={(k) => onChange(k as ToleranceOption['id'])}
      items={material.tolerances.map((o) => ({ id: o.id, name: o.label }))}
    >
      {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
    </Select>
  );
}, (a, b) => a.material === b.material && a.toleranceId === b.toleranceId);

const HardnessField = memo(function HardnessField({ shoreA, error, onChange }: { shoreA?: number; error?: string; onChange: (v: number) => void }) {
  const t = useT();
  return (
    <NumberField
      label={t('quote.configure.hardness')}
      unit={t('quote.unit.shoreA')}
      decrementLabel={t('common.decrease')}
      incrementLabel={t('common.increase')}
      minValue={HARDNESS_SHORE_A.min}
      maxValue={HARDNESS_SHORE_A.max}
      step={1}
      commitBehavior="validate"
      formatOptions={WHOLE_NUMBER}
      value={shoreA ?? HARDNESS_SHORE_A.common}
      onChange={(v) => Number.isFinite(v) && onChange(v)}
      description={t('quote.configure.hardnessHint', HARDNESS_SHORE_A)}
      isInvalid={!!error}
      errorMessage={error}
      validationBehavior="aria"
    />
  );
}, (a, b) => a.shoreA === b.shoreA && a.error === b.error);

const TierField = memo(function TierField({ material, tier, onChange }: { material: Material; tier: LeadTimeTier; onChange: (t: LeadTimeTier) => void }) {
  const t = useT();
  return (
    <RadioGroup label={t('quote.configure.leadTime')} value={tier} onChange={(v) => onChange(v as LeadTimeTier)}>
      {LEAD_TIME_TIERS.map((option) => (
        <Radio key={option} value={option} description={t('quote.configure.tierDays', { days: material.leadDays[option] })}>
          {t(TIER_LABEL[option])}
        </Radio>
      ))}
    </RadioGroup>
  );
}, (a, b) => a.material === b.material && a.tier === b.tier);

function PriceSummary({ actor, quote, problems }: { actor: ConfiguratorActor; quote: QuoteResult; problems: string }) {
  const saving = useSelector(actor, (s) => s.matches('saving') || s.matches('waiting') || (s.context.target === null && s.context.serverQuote === null));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  // Confirmed only once what is on screen is saved: a colour changes no price, but the server must have it.
  const agrees = useSelector(actor, (s) => !s.matches('waiting') && !s.matches('saving') && serverAgrees(s.context));
  const t = useT();
  const format = useFormat();
  const strong = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;
  const blocked = quote.blocking.length > 0;
  return (
    <div className={`rounded-card border p-4 ${blocked ? 'border-danger-600 bg-danger-50' : 'border-neutral-200 bg-neutral-0'}`}>
      {/* Announced politely on every change: price, lead time and ship date. */}
      <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-1">
        {blocked ? (
          <BlockedPrice findings={quote.blocking} />
        ) : quote.totalCents !== null && quote.unitPriceCents !== null && quote.leadTime && quote.shipDate ? (
          <>
            <p className="text-headline" data-testid="total">
              {t.rich('quote.price.total', { total: format.money(quote.totalCents), hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
            </p>
            <p className="text-neutral-700">
              {t.rich('quote.price.summary', {
                unit: format.money(quote.unitPriceCents),
                days: quote.leadTime.totalWorkingDays,
                date: format.date(quote.shipDate, 'weekday'),
                strong,
              })}
            </p>
          </>
        ) : (
          <p className="text-neutral-700">{problems ? t('quote.price.incomplete', { problems }) : t('quote.price.choose')}</p>
        )}
      </div>
      {!blocked && (
        <p className="mt-2 text-caption text-neutral-600" role="status">
          {failed ? t('error.quotationFetch') : agrees ? t('quote.price.confirmed') : saving ? t('quote.price.checking') : ''}
        </p>
      )}
      {failed && (
        <Button variant="secondary" className="mt-2" onPress={() => actor.send({ type: 'save.retry' })}>
          {t('common.tryAgain')}
        </Button>
      )}
      <ul className="mt-2 list-disc pl-5 text-caption text-neutral-600">
        {/* When nothing can be made, the box already says so: only what else holds (EXW) is listed. */}
        {quote.certainty.notes.filter((n) => n !== BLOCKED_NOTE).map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}

/** No price for what cannot be made: each problem, and what to do about it. */
function BlockedPrice({ findings }: { findings: readonly Finding[] }) {
  const t = useT();
  return (
    <div data-testid="no-price">
      <p className="font-semibold text-danger-700">{t('quote.price.blocked')}</p>
      <ul role="list" className="mt-2 flex flex-col gap-2 text-caption">
        {findings.map((f) => (
          <li key={`${f.code}-${f.message}`}>
            <p className="text-neutral-900">{f.message}</p>
            <p className="text-neutral-700">{t('quote.price.whatToDo', { hint: f.fixHint })}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Add to cart; when it cannot be pressed it says why, and stays focusable (aria-disabled). */
function AddToCart({ block, problems, adding, onPress }: { block: AddToCartBlock; problems: string; adding: boolean; onPress: () => void }) {
  const t = useT();
  const reasonId = useId();
  const ref = useCallback((node: HTMLButtonElement | null) => {
    if (!node) return;
    if (block) node.setAttribute('aria-disabled', 'true');
    else node.removeAttribute('aria-disabled');
  }, [block]);
  return (
    <div className="flex flex-col gap-1">
      <Button
        // React 19 passes `ref` as a prop; RAC's Button puts it on the <button>.
        {...({ ref } as Record<string, unknown>)}
        onPress={onPress}
        isPending={adding}
        aria-describedby={block ? reasonId : undefined}
        className={block ? 'border-neutral-200 bg-neutral-100 text-neutral-600 hover:bg-neutral-100 pressed:bg-neutral-100' : undefined}
      >
        {t('quote.addToCart')}
      </Button>
      {block && (
        <p id={reasonId} className="text-caption text-neutral-700">
          {block !== 'invalid' ? t(BLOCK_REASON[block]) : problems ? t('quote.addToCart.invalid', { problems }) : t('quote.addToCart.incomplete')}
        </p>
      )}
    </div>
  );
}

const PriceBreakdown = memo(function PriceBreakdown({ quote }: { quote: QuoteResult }) {
  // The tables are drawn only while open: a closed breakdown costs nothing on each option change.
  const [open, setOpen] = useState(false);
  const t = useT();
  const format = useFormat();
  if (!quote.price) return null;
  const price = quote.price;
  return (
    <details className="rounded-card border border-neutral-200 bg-neutral-0 p-4" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">{t('quote.breakdown.summary')}</summary>
      {open && (
        <>
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
              {price.items.map((item) => (
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
          <h3 className="mt-4 font-semibold">{t('quote.configure.leadTime')}</h3>
          <ul role="list" className="mt-1 text-caption">
            {quote.leadTime?.items.map((i) => (
              <li key={i.id}>{t('quote.breakdown.leadItem', { label: i.label, days: i.workingDays })}</li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
});

type ComparisonProps = Pick<ConfiguratorContext, 'configuration' | 'metrics' | 'orderedAt' | 'geometryFindings'>;

/** The same part in every material of its process and every lead-time tier, side by side (what-ifs). */
const Comparison = memo(function Comparison({ configuration, metrics, orderedAt, geometryFindings }: ComparisonProps) {
  // Priced only while open: a closed comparison costs nothing on each option change.
  const [open, setOpen] = useState(false);
  const t = useT();
  const format = useFormat();
  const rows = useMemo(() => {
    if (!open) return [];
    const process = findProcess(configuration.process);
    if (!process) return [];
    return process.materials.flatMap((m) => {
      const colourId = m.colours.some((c) => c.id === configuration.colourId) ? configuration.colourId : (m.colours[0]?.id ?? null);
      const finishes = configuration.finishes.filter((f) => m.finishes.includes(f.kind));
      return LEAD_TIME_TIERS.map((tier) => {
        const q = quotePart(metrics, { ...configuration, materialId: m.id, colourId, tier, finishes }, orderedAt, { geometryFindings });
        return { key: `${m.id}-${tier}`, material: m.name, tier: TIER_LABEL[tier], q, current: m.id === configuration.materialId && tier === configuration.tier };
      });
    });
  }, [configuration, metrics, orderedAt, geometryFindings, open]);
  return (
    <details className="rounded-card border border-neutral-200 bg-neutral-0 p-4" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">{t('quote.compare.summary')}</summary>
      {open && (
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
                <td className="text-right">{r.q.totalCents === null ? t('quote.compare.noPrice') : format.money(r.q.totalCents)}</td>
                <td className="text-right">{r.q.shipDate ? format.date(r.q.shipDate, 'weekday') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
});
