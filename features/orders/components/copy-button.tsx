import { useState } from 'react';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';

/** The clipboard, behind a function so stories and tests can refuse it as a browser may. */
export type WriteText = (text: string) => Promise<void>;

const browserClipboard: WriteText = (text) => {
  if (!navigator.clipboard?.writeText) return Promise.reject(new Error('no clipboard'));
  return navigator.clipboard.writeText(text);
};

/**
 * Copies `value` (an order ID, a tracking number, a payment link); `what` names it ("order ID
 * W25123456"), so each button has its own name that starts with its visible word. Says "Copied" where the button
 * is and to a screen reader; when the browser refuses (no permission, an insecure page), says
 * "Unable to copy, please copy it manually." beside the value, which stays on screen to select.
 */
export function CopyButton({ value, what, writeText = browserClipboard }: { value: string; what: string; writeText?: WriteText }) {
  const t = useT();
  // "Copied" stays until the next press: a confirmation that vanishes on a timer may be missed.
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="quiet" className="px-2 py-0.5 text-caption" aria-label={state === 'copied' ? t('orders.copy.doneNamed', { what }) : t('orders.copy.named', { what })} onPress={() => writeText(value).then(() => setState('copied'), () => setState('failed'))}>
        {state === 'copied' ? t('orders.copy.done') : t('orders.copy.button')}
      </Button>
      <span role="status" className="sr-only">
        {state === 'copied' ? t('orders.copy.announce', { value }) : ''}
      </span>
      {state === 'failed' && (
        <span role="alert" className="text-caption text-danger-700">
          {t('error.copy')}
        </span>
      )}
    </span>
  );
}
