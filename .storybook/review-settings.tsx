import { useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { I18nRoot } from '#lib/i18n/i18n';
import { messagesFr } from '#lib/i18n/messages-fr';

/** The review toolbar's settings (globals), read by the decorator in preview.tsx. */
export interface ReviewGlobals {
  locale?: 'en' | 'fr';
  forcedColors?: 'none' | 'active';
  reducedMotion?: 'no-preference' | 'reduce';
}

const forcedColorsQuery = '(forced-colors: active)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(forcedColorsQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True when the browser itself is in forced colours (Windows high contrast, or Chromium's emulation in the test-runner). */
function useRealForcedColors(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(forcedColorsQuery).matches, () => false);
}

/**
 * Applies the toolbar's settings around a story:
 * - locale: the message catalogue (French lets a reviewer see longer text; dates and numbers stay en-US, as in the product);
 * - forced colours: a preview through `data-forced-colors-preview` on <html> (.storybook/preview.css), unless the
 *   browser really is in forced colours, which then shows as it is;
 * - reduced motion: `data-reduced-motion-preview` on <html>, which the `motion-safe:`/`motion-reduce:` variants honour.
 * The attributes go on <html> so that popovers, dialogs and toasts (rendered in portals) follow too.
 */
export function ReviewSettings({ globals, children }: { globals: ReviewGlobals; children: ReactNode }) {
  const realForcedColors = useRealForcedColors();
  const previewForcedColors = globals.forcedColors === 'active' && !realForcedColors;
  const previewReducedMotion = globals.reducedMotion === 'reduce';
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-forced-colors-preview', previewForcedColors);
    root.toggleAttribute('data-reduced-motion-preview', previewReducedMotion);
    return () => {
      root.removeAttribute('data-forced-colors-preview');
      root.removeAttribute('data-reduced-motion-preview');
    };
  }, [previewForcedColors, previewReducedMotion]);
  return <I18nRoot messages={globals.locale === 'fr' ? messagesFr : undefined}>{children}</I18nRoot>;
}
