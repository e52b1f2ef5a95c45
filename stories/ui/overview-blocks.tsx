import { contrastRatio } from '#ui/contrast';
import { borderRadius, colors, fontSize } from '#ui/tokens';

/** Blocks for stories/ui/overview.mdx and the UI/Tokens stories: every value comes from ui/tokens.ts. */

const scales = { brand: colors.brand, neutral: colors.neutral, danger: colors.danger, success: colors.success, warning: colors.warning } as const;

export function ColorTokens() {
  return (
    <div className="flex flex-col gap-4">
      {Object.entries(scales).map(([name, scale]) => (
        <section key={name} aria-label={`${name} colours`} className="flex flex-col gap-1">
          <h3 className="text-body font-semibold text-neutral-900">{name}</h3>
          <ul className="flex flex-wrap gap-2">
            {Object.entries(scale).map(([step, hex]) => {
              const onWhite = contrastRatio(hex, colors.neutral[0]);
              return (
                <li key={step} className="flex w-24 flex-col overflow-hidden rounded-control border border-neutral-200 bg-neutral-0 text-caption">
                  <span aria-hidden className="h-10" style={{ background: hex }} />
                  <span className="px-2 pt-1 font-medium text-neutral-900">{name}-{step}</span>
                  <span className="px-2 text-neutral-700">{hex}</span>
                  <span className="px-2 pb-1 text-neutral-700">
                    {onWhite.toFixed(2)}:1 {onWhite >= 4.5 ? 'AA' : onWhite >= 3 ? 'AA large' : '–'}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <p className="text-caption text-neutral-700">Ratio: the colour against white (WCAG 2). Body text needs 4.5:1, large text and control borders 3:1.</p>
    </div>
  );
}

export function TypeScale() {
  return (
    <ul className="flex flex-col gap-3">
      {Object.entries(fontSize).map(([name, [size, { lineHeight }]]) => (
        <li key={name} className="flex items-baseline gap-4">
          <span className="w-60 shrink-0 text-caption text-neutral-700">text-{name} · {size} / {lineHeight}</span>
          <span className={`text-${name} text-neutral-900`}>Instant quotes for 3D printing and CNC</span>
        </li>
      ))}
    </ul>
  );
}

export function Radii() {
  return (
    <ul className="flex gap-4">
      {Object.entries(borderRadius).map(([name, value]) => (
        <li key={name} className="flex flex-col items-center gap-1 text-caption text-neutral-700">
          <span aria-hidden className="size-16 border-2 border-brand-600 bg-brand-50" style={{ borderRadius: value }} />
          rounded-{name} · {value}
        </li>
      ))}
    </ul>
  );
}
