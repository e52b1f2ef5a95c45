import type { Config } from 'tailwindcss';
import reactAria from 'tailwindcss-react-aria-components';

/**
 * Design tokens. Components use these names, never raw hex values.
 * Text/background pairs are chosen for WCAG AA (4.5:1 for body text); see stories/ui/overview.mdx.
 */
export default {
  content: ['./index.html', './{ui,features,routes,stories}/**/*.{ts,tsx,mdx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef5ff',
          100: '#d9e8ff',
          200: '#b5d1ff',
          500: '#2f6fdb',
          600: '#1f5bc4', // primary action background: 6.1:1 with white
          700: '#184a9f',
          800: '#143c80',
        },
        neutral: {
          0: '#ffffff',
          50: '#f7f8fa',
          100: '#eef0f3',
          200: '#dde1e7',
          300: '#c3c9d2',
          500: '#6b7380', // secondary text on white: 4.8:1
          600: '#535b67',
          700: '#3d434c',
          900: '#161a1f', // body text on white: 17:1
        },
        danger: { 50: '#fdf0f0', 600: '#c1272d', 700: '#9f1f24' },
        success: { 50: '#edf8f1', 600: '#1e7b45', 700: '#17623a' },
        warning: { 50: '#fff7e8', 600: '#a45a00', 700: '#864a00' },
        focus: '#1f5bc4',
      },
      borderRadius: {
        control: '0.5rem',
        card: '0.75rem',
      },
      fontFamily: {
        sans: ['Inter', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
      },
      fontSize: {
        caption: ['0.8125rem', { lineHeight: '1.125rem' }],
        body: ['0.9375rem', { lineHeight: '1.5rem' }],
        title: ['1.25rem', { lineHeight: '1.75rem', fontWeight: '600' }],
        headline: ['1.75rem', { lineHeight: '2.25rem', fontWeight: '700' }],
      },
      spacing: {
        gutter: '1.5rem',
      },
    },
  },
  plugins: [reactAria],
} satisfies Config;
