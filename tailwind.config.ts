import type { Config } from 'tailwindcss';
import reactAria from 'tailwindcss-react-aria-components';
import { borderRadius, boxShadow, colors, fontFamily, fontSize, spacing } from './ui/tokens.ts';

/**
 * Design tokens live in ui/tokens.ts (one source for Tailwind, the overview page and the contrast test).
 * Components use these names, never raw hex values. Text/background pairs reach WCAG AA:
 * tests/ui/tokens-contrast.test.ts checks them, stories/ui/overview.mdx shows them.
 */
export default {
  content: ['./index.html', './{ui,features,routes,stories}/**/*.{ts,tsx,mdx}'],
  theme: {
    extend: {
      colors,
      borderRadius,
      boxShadow,
      fontFamily,
      fontSize,
      spacing,
    },
  },
  plugins: [reactAria],
} satisfies Config;
