import { memo, useMemo, useState } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { LEAD_TIME_TIERS, type LeadTimeTier, type Material } from '#domain/catalogue/types';
import { shipDatesByTier } from '#domain/lead-time/lead-time';
import type { FinishSelection } from '#domain/rules/quote-configuration';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { Calendar } from '#ui/calendar';

const TIER_LABEL: Record<LeadTimeTier, MessageKey> = { economy: 'quote.tier.economy', standard: 'quote.tier.standard', express: 'quote.tier.express' };

export interface ShipDateCalendarProps {
  material: Material;
  finishes: readonly FinishSelection[];
  /** The order time the ship dates count from (epoch ms; the configurator's clock). */
  orderedAt: number;
  tier: LeadTimeTier;
  onChange: (tier: LeadTimeTier) => void;
}

/**
 * The ship date of each lead-time tier on a month's calendar: the chosen tier's day selected, the
 * others marked, each day said with the tiers that ship then; choosing a marked day takes its tier.
 * The dates are the domain's (`shipDatesByTier`: the same working days and cut-off as the price's
 * ship date), and the list under the month says them in words (ADR 213).
 */
export const ShipDateCalendar = memo(function ShipDateCalendar({ material, finishes, orderedAt, tier, onChange }: ShipDateCalendarProps) {
  const t = useT();
  const format = useFormat();
  const dates = useMemo(() => shipDatesByTier(material, LEAD_TIME_TIERS, finishes, orderedAt), [material, finishes, orderedAt]);
  const chosen = dates.find((d) => d.tier === tier) ?? dates[0]!;
  const byDay = useMemo(() => {
    const days = new Map<string, typeof dates>();
    for (const d of dates) days.set(d.shipDate, [...(days.get(d.shipDate) ?? []), d]);
    return days;
  }, [dates]);
  const sorted = [...dates].sort((a, b) => a.shipDate.localeCompare(b.shipDate));
  // The month shown follows the chosen tier: a change of tier (here or by the radios) shows its day.
  const [focused, setFocused] = useState<CalendarDate>(() => parseDate(chosen.shipDate));
  const [shown, setShown] = useState(chosen.shipDate);
  if (shown !== chosen.shipDate) {
    setShown(chosen.shipDate);
    setFocused(parseDate(chosen.shipDate));
  }
  const note = (date: CalendarDate) => {
    const tiers = byDay.get(date.toString());
    if (!tiers) return undefined;
    return format.list(tiers.map((d) => t('quote.shipCalendar.note', { tier: t(TIER_LABEL[d.tier]), days: d.totalWorkingDays })));
  };
  const onDate = (date: CalendarDate) => {
    const tiers = byDay.get(date.toString()) ?? [];
    if (tiers.length === 0 || tiers.some((d) => d.tier === tier)) return;
    onChange(tiers[0]!.tier);
  };
  return (
    <div className="flex flex-col gap-2" data-testid="ship-date-calendar">
      <p className="text-caption text-neutral-700">{t('quote.shipCalendar.hint')}</p>
      <Calendar
        label={t('quote.shipCalendar.label')}
        value={parseDate(chosen.shipDate)}
        onChange={onDate}
        focusedValue={focused}
        onFocusChange={setFocused}
        minValue={parseDate(sorted[0]!.shipDate)}
        maxValue={parseDate(sorted[sorted.length - 1]!.shipDate)}
        isDateUnavailable={(date) => !byDay.has(date.toString())}
        dateNote={note}
      />
      <ul role="list" className="flex flex-col gap-0.5 text-caption text-neutral-700">
        {sorted.map((d) => (
          <li key={d.tier} className={d.tier === tier ? 'font-semibold text-neutral-900' : undefined}>
            {t(d.tier === tier ? 'quote.shipCalendar.chosenItem' : 'quote.shipCalendar.item', { tier: t(TIER_LABEL[d.tier]), date: format.date(d.shipDate, 'weekday') })}
          </li>
        ))}
      </ul>
    </div>
  );
});
