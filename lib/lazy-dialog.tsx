import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { afterFirstInput } from './first-input.ts';
import { lazyComponent } from './lazy-component.tsx';

/** True from the first render at which `value` is true (a dialog mounted at its first opening stays mounted). */
export function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}

/**
 * A dialog whose code is a chunk of its own (ADR 140): fetched at the visitor's first input on the
 * page (ADR 189; at its parent's mount when there has been one), so it is normally there before the
 * click on the button that opens it, and drawn from its first opening on (then it stays mounted, so
 * it closes and reopens with its own focus handling, as a dialog that was always there).
 * `isOpen` reads the open state from the dialog's props. A fetch that fails is tried again at the
 * opening, and the page's error boundary reports one that fails then.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Content = lazyComponent(load);
  return function LazyDialog(props: P) {
    const opened = useOnceTrue(isOpen(props));
    useEffect(() => afterFirstInput(() => void Content.preload()), []);
    return opened ? (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    ) : null;
  };
}
