import { contrastRatio } from '#ui/contrast';
import type { ReactNode, SVGProps } from 'react';
import * as icons from '#ui/icons';
import { FONT_FACE_NAME, borderRadius, boxShadow, colors, fontFamily, fontSize, spacing } from '#ui/tokens';

/** Blocks for stories/ui/overview.mdx and the UI/Tokens stories: every value comes from ui/tokens.ts. */

const scales = { brand: colors.brand, neutral: colors.neutral, danger: colors.danger, success: colors.success, warning: colors.warning } as const;

export function ColorTokens() {
  return (
    <div className="flex flex-col gap-4">
      {Object.entries(scales).map(([name, scale]) => (
        <section key={name} aria-label={`${name} colours`} className="flex flex-col gap-1">
          <h3 className="text-body font-semibold text-neutral-900">{name}</h3>
          <ul role="list" className="flex flex-wrap gap-2">
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
    <ul role="list" className="flex flex-col gap-3">
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
    <ul role="list" className="flex gap-4">
      {Object.entries(borderRadius).map(([name, value]) => (
        <li key={name} className="flex flex-col items-center gap-1 text-caption text-neutral-700">
          <span aria-hidden className="size-16 border-2 border-brand-600 bg-brand-50" style={{ borderRadius: value }} />
          rounded-{name} · {value}
        </li>
      ))}
    </ul>
  );
}

/** The face itself: its name, the weights the UI uses, and the characters French needs. */
export function FontSpecimen() {
  return (
    <div className="flex flex-col gap-2 text-neutral-900">
      <p className="text-caption text-neutral-700">
        font-sans · {fontFamily.sans.join(', ')} · loaded from @fontsource-variable/inter ({FONT_FACE_NAME})
      </p>
      {([['400', 'font-normal'], ['500', 'font-medium'], ['600', 'font-semibold'], ['700', 'font-bold']] as const).map(([weight, cls]) => (
        <p key={weight} className={`text-title ${cls}`}>
          {weight} · Instant quote for 3D printing: 1,234.50 USD
        </p>
      ))}
      <p className="text-body">Français : « Délai de fabrication » — œuvre, façade, déjà, naïve, 0123456789 €</p>
      <p className="text-body tabular-nums">Tabular figures · 1,111.11 · 9,999.99 · 10,234</p>
      <p className="font-mono text-body">font-mono (Inter, tabular figures) · IBAN GB29 NWBK 6016 1331 9268 19 · SWIFT NWBKGB2L</p>
    </div>
  );
}

/** The spacing scale: Tailwind's 4 px steps the components use, and the named page gutter. */
export function Spacing() {
  const steps = [['1', '0.25rem'], ['2', '0.5rem'], ['3', '0.75rem'], ['4', '1rem'], ['6', '1.5rem'], ['8', '2rem'], ['10', '2.5rem']] as const;
  return (
    <ul role="list" className="flex flex-col gap-2">
      {[...steps, ...Object.entries(spacing)].map(([name, value]) => (
        <li key={name} className="flex items-center gap-4 text-caption text-neutral-700">
          <span className="w-40 shrink-0">{name === 'gutter' ? 'gutter (page side padding)' : `${name} · p-${name}, gap-${name}`} · {value}</span>
          <span aria-hidden className="h-3 rounded-sm bg-brand-500" style={{ width: value }} />
        </li>
      ))}
    </ul>
  );
}

/** Elevation: one shadow per layer, from ui/tokens.ts. */
export function Elevation() {
  const uses: Record<keyof typeof boxShadow, string> = {
    raised: 'cards, switch handle, slider thumb',
    floating: 'tooltips',
    overlay: 'popovers, dropdowns, toasts',
    modal: 'dialogs over a dimmed page',
  };
  return (
    <ul role="list" className="flex flex-wrap gap-6">
      {Object.entries(boxShadow).map(([name, value]) => (
        <li key={name} className="flex w-44 flex-col gap-2 text-caption text-neutral-700">
          <span aria-hidden className="h-16 rounded-card border border-neutral-200 bg-neutral-0" style={{ boxShadow: value }} />
          <span className="font-medium text-neutral-900">shadow-{name}</span>
          <span>{uses[name as keyof typeof boxShadow]}</span>
        </li>
      ))}
    </ul>
  );
}

type IconComponent = (props: SVGProps<SVGSVGElement>) => ReactNode;

/** Every icon of ui/icons.tsx with its name (16 px grid, currentColor, always aria-hidden). */
export function IconGallery() {
  const all = Object.entries(icons).filter(([name]) => name.endsWith('Icon')) as [string, IconComponent][];
  return (
    <ul role="list" className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-3">
      {all.map(([name, Icon]) => (
        <li key={name} className="flex items-center gap-3 rounded-control border border-neutral-200 bg-neutral-0 px-3 py-2 text-caption text-neutral-900">
          <Icon className="size-5 shrink-0 text-neutral-900" />
          {name}
        </li>
      ))}
    </ul>
  );
}
