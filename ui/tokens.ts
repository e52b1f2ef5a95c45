/**
 * Design tokens: the one source for colours, radii, type scale and spacing.
 * tailwind.config.ts feeds them to Tailwind; stories/ui/overview.mdx shows them; tests/ui/tokens-contrast.test.ts
 * proves every text/background pair the components use reaches WCAG AA (4.5:1).
 * Components use the Tailwind names (`text-neutral-900`), never these hex values directly.
 */
export const colors = {
  brand: {
    50: '#eef5ff',
    100: '#d9e8ff',
    200: '#b5d1ff',
    500: '#2f6fdb',
    600: '#1f5bc4',
    700: '#184a9f',
    800: '#143c80',
  },
  neutral: {
    0: '#ffffff',
    50: '#f7f8fa',
    100: '#eef0f3',
    200: '#dde1e7',
    300: '#c3c9d2',
    400: '#808894',
    500: '#656d7a',
    600: '#535b67',
    700: '#3d434c',
    900: '#161a1f',
  },
  danger: { 50: '#fdf0f0', 100: '#fadede', 600: '#c1272d', 700: '#9f1f24' },
  success: { 50: '#edf8f1', 100: '#d5eedf', 600: '#1e7b45', 700: '#17623a' },
  warning: { 50: '#fff7e8', 100: '#ffebc2', 600: '#a45a00', 700: '#864a00' },
  focus: '#1f5bc4',
} as const;

export const borderRadius = {
  control: '0.5rem',
  card: '0.75rem',
} as const;

export const fontSize = {
  caption: ['0.8125rem', { lineHeight: '1.125rem' }],
  body: ['0.9375rem', { lineHeight: '1.5rem' }],
  title: ['1.25rem', { lineHeight: '1.75rem', fontWeight: '600' }],
  headline: ['1.75rem', { lineHeight: '2.25rem', fontWeight: '700' }],
} as const satisfies Record<string, [string, { lineHeight: string; fontWeight?: string }]>;

/**
 * Elevation: how far a surface floats above the page, one shadow per layer (Tailwind's own values,
 * named for their use). `shadow-raised` cards and thumbs, `shadow-floating` tooltips,
 * `shadow-overlay` popovers, dropdowns and toasts, `shadow-modal` dialogs over a dimmed page.
 * Forced colours drop shadows: every layer also has a border.
 */
export const boxShadow = {
  raised: '0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)',
  floating: '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)',
  overlay: '0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)',
  modal: '0 25px 50px -12px rgb(0 0 0 / 0.25)',
} as const;

export const spacing = {
  gutter: '1.5rem',
} as const;

/**
 * The one face of the UI: Inter, shipped with the product (ui/theme.css declares it, index.html preloads it).
 * The fallbacks only show for the moment before it loads (`font-display: swap`) or for scripts it lacks.
 * `mono` (account numbers, SWIFT codes) is Inter too, with tabular figures (set in ui/theme.css), so
 * identifiers line up without a second font to download. (The shipped Latin subset has no slashed-zero
 * feature: print identifiers in groups, as banks do.)
 */
export const fontFamily = {
  sans: ['"Inter Variable"', 'Inter', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
  mono: ['"Inter Variable"', 'Inter', 'ui-monospace', 'monospace'],
} as const;

/** The family name ui/theme.css gives Inter; tests and the story test-runner check it loaded. */
export const FONT_FACE_NAME = 'Inter Variable';

/**
 * The text/background pairs the components actually use, with the minimum contrast each must reach.
 * Body text needs 4.5:1 (WCAG 1.4.3); borders of controls and focus rings need 3:1 (WCAG 1.4.11).
 */
export const contrastPairs: ReadonlyArray<{ name: string; fg: string; bg: string; min: number }> = [
  { name: 'body text (neutral-900) on white', fg: colors.neutral[900], bg: colors.neutral[0], min: 4.5 },
  { name: 'body text (neutral-900) on page (neutral-50)', fg: colors.neutral[900], bg: colors.neutral[50], min: 4.5 },
  { name: 'label (neutral-700) on white', fg: colors.neutral[700], bg: colors.neutral[0], min: 4.5 },
  { name: 'secondary text (neutral-600) on white', fg: colors.neutral[600], bg: colors.neutral[0], min: 4.5 },
  { name: 'secondary text (neutral-600) on page (neutral-50)', fg: colors.neutral[600], bg: colors.neutral[50], min: 4.5 },
  { name: 'body text (neutral-900) on neutral-100', fg: colors.neutral[900], bg: colors.neutral[100], min: 4.5 },
  { name: 'placeholder (neutral-500) on white', fg: colors.neutral[500], bg: colors.neutral[0], min: 4.5 },
  { name: 'muted text (neutral-500) on page (neutral-50)', fg: colors.neutral[500], bg: colors.neutral[50], min: 4.5 },
  { name: 'disabled text (neutral-500) on neutral-100', fg: colors.neutral[500], bg: colors.neutral[100], min: 4.5 },
  { name: 'white text on brand-600', fg: colors.neutral[0], bg: colors.brand[600], min: 4.5 },
  { name: 'link (brand-700) on white', fg: colors.brand[700], bg: colors.neutral[0], min: 4.5 },
  { name: 'link (brand-700) on brand-50', fg: colors.brand[700], bg: colors.brand[50], min: 4.5 },
  { name: 'white text on danger-600', fg: colors.neutral[0], bg: colors.danger[600], min: 4.5 },
  { name: 'error text (danger-700) on white', fg: colors.danger[700], bg: colors.neutral[0], min: 4.5 },
  { name: 'danger badge (danger-700 on danger-50)', fg: colors.danger[700], bg: colors.danger[50], min: 4.5 },
  { name: 'success badge (success-700 on success-50)', fg: colors.success[700], bg: colors.success[50], min: 4.5 },
  { name: 'warning badge (warning-700 on warning-50)', fg: colors.warning[700], bg: colors.warning[50], min: 4.5 },
  { name: 'info badge (brand-700 on brand-50)', fg: colors.brand[700], bg: colors.brand[50], min: 4.5 },
  { name: 'neutral badge (neutral-700 on neutral-100)', fg: colors.neutral[700], bg: colors.neutral[100], min: 4.5 },
  { name: 'control border (neutral-400) on white', fg: colors.neutral[400], bg: colors.neutral[0], min: 3 },
  // Selects, quantity fields and the drop zone's dashed border also sit on the page and on a selected row.
  { name: 'control border (neutral-400) on page (neutral-50)', fg: colors.neutral[400], bg: colors.neutral[50], min: 3 },
  { name: 'control border (neutral-400) on brand-50', fg: colors.neutral[400], bg: colors.brand[50], min: 3 },
  { name: 'focus ring (focus) on page (neutral-50)', fg: colors.focus, bg: colors.neutral[50], min: 3 },
];
