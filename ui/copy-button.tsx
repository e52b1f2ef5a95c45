import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import { CheckIcon } from './icons.tsx';
import { twMerge } from './tv.ts';

/** Two sheets, the upper one outlined: "copy" (16px grid, currentColor, decorative). */
function CopyIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={twMerge('size-4 shrink-0', className)}>
      <rect x="5.5" y="5.5" width="8" height="8" rx="1" />
      <path d="M10.5 5.5V3.5a1 1 0 00-1-1h-6a1 1 0 00-1 1v6a1 1 0 001 1h2" />
    </svg>
  );
}

/** Writes text to the clipboard; rejects when the browser refuses (no permission, no secure context, no API). */
export async function writeClipboard(text: string): Promise<void> {
  const clipboard = globalThis.navigator?.clipboard;
  if (!clipboard?.writeText) throw new Error('The clipboard is not available');
  await clipboard.writeText(text);
}

export interface CopyButtonProps extends Omit<ButtonProps, 'children' | 'onPress'> {
  /** What is copied. */
  value: string;
  /** The button's visible text ("Copy"). */
  label: string;
  /** What a screen reader hears for the button, naming what is copied ("Copy the code REF7K2"). */
  accessibleLabel?: string;
  /** Said (politely) and shown beside the button once the value is on the clipboard ("Copied"). */
  copiedLabel: string;
  /** Shown when the browser refuses (spec section 8: "Unable to copy, please copy it manually."). */
  failedMessage: string;
  /** For tests and stories: the clipboard write. */
  write?: (text: string) => Promise<void>;
  /** How long "Copied" stays (2.5 s); a story holds it so that its picture does not depend on the machine's speed. */
  copiedForMs?: number;
}

/**
 * Copies one value (a coupon code, a referral link, an account number). Success is announced in a
 * polite live region beside the button for a moment (the button keeps its name, so what is read
 * matches what is seen); a refusal shows the message next to the button, where the value can still
 * be selected by hand.
 */
export function CopyButton({ value, label, accessibleLabel, copiedLabel, failedMessage, write = writeClipboard, copiedForMs = 2500, variant = 'secondary', className, ...props }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    clearTimeout(timer.current);
    write(value).then(
      () => {
        setState('copied');
        // Back to "Copy" after a moment; the announcement has been made by then.
        timer.current = setTimeout(() => setState('idle'), copiedForMs);
      },
      () => setState('failed'),
    );
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button {...props} variant={variant} aria-label={accessibleLabel} onPress={copy} className={twMerge('px-3 py-1', typeof className === 'string' ? className : undefined)}>
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        <span>{label}</span>
      </Button>
      {/* The button keeps its name; what happened is said (politely) and shown beside it. */}
      <span role="status" aria-live="polite" className="text-caption text-success-700">
        {state === 'copied' ? copiedLabel : ''}
      </span>
      {state === 'failed' && (
        <span role="alert" className="text-caption text-danger-700">
          {failedMessage}
        </span>
      )}
    </span>
  );
}
