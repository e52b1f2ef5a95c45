/**
 * The viewport presets of the review toolbar (issue 17): a small phone, a tablet, a laptop.
 * preview.tsx offers them in the toolbar; test-runner.ts sizes the page for a story that sets
 * `globals: { viewport: { value: 'mobile' } }`.
 */
export const viewports = {
  mobile: { name: 'Mobile 320', styles: { width: '320px', height: '640px' }, type: 'mobile' },
  tablet: { name: 'Tablet 768', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
  desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const;

export type ViewportName = keyof typeof viewports;

/** The page size a story is tested at when it names no viewport (test-runner-jest.config.js's default). */
export const defaultTestViewport = { width: 800, height: 600 };
