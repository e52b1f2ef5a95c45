import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { afterFirstInput } from './first-input.ts';

/** Whether the stand-in holds the focus, or was pressed last with nothing focused since (a tap that does not focus). */
function holdsFocus(wrapper: HTMLElement | null, pressed: boolean): boolean {
  const active = document.activeElement;
  return !!wrapper && (wrapper.contains(active) || (pressed && (active === null || active === document.body)));
}

/** The text of the stand-in's focused field, when it was typed in (`edited`). */
function typedIn(wrapper: HTMLElement | null, edited: boolean): string | undefined {
  const active = document.activeElement;
  return edited && wrapper && active instanceof HTMLInputElement && wrapper.contains(active) ? active.value : undefined;
}

/** Writes `text` into the control's field as typed text (an `insertText` input), so the control reacts as to keys (a combo box filters and opens its list). */
function typeInto(field: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
}

/** Keys that open a select or a list from its trigger. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A control whose code is fetched at the visitor's first input on the page (ADR 189; at once when
 * there has been one, and drawn at once when an earlier mount fetched it). Until it is there,
 * `standIn` is drawn: the control as it looks (label, value, description), focusable and pressable
 * but doing nothing itself, so that a first tap or Tab on it is an input like any other. Then the
 * control replaces it, once, in place; if the stand-in had the focus the control takes it, and
 * `arrive(props, pressed)` may ask more of it (a select pressed before its code arrived opens).
 * Text typed into a stand-in's field meanwhile is carried into the control's field, as typed.
 * A chunk that cannot be fetched is the page's error boundary's to report, as a lazily loaded page's.
 */
export function lazyAfterFirstInput<P extends object>(load: () => Promise<ComponentType<P>>, arrive?: (props: P, pressed: boolean) => P) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));

  return function AfterFirstInput({ props, standIn }: { props: P; standIn: ReactNode }) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown; focused?: boolean; typed?: string }>(() => ({ component: loaded }));
    const wrapper = useRef<HTMLDivElement>(null);
    // A press on the stand-in: under way (a key or a pointer down on it), done (released on it).
    const down = useRef(false);
    const pressed = useRef(false);
    // The swap to the control, held while a press on the stand-in is under way: the control takes the
    // whole press (a select would take the release of Enter in its open list as a choice).
    const parked = useRef<(() => void) | null>(null);
    const handedOver = useRef(false);
    // Text typed into the stand-in's field (an input event in it).
    const edited = useRef(false);
    useEffect(() => {
      if (state.component) return;
      let live = true;
      const cancel = afterFirstInput(() => {
        fetchOnce().then(
          (component) => {
            if (!live) return;
            // Drawn, and the focus and the text handed over, in this same task: a key pressed between
            // the stand-in's removal and the hand-over would go to the page and be lost (ADR 241).
            const swap = () => {
              if (live) flushSync(() => setState({ component, focused: holdsFocus(wrapper.current, pressed.current), typed: typedIn(wrapper.current, edited.current) }));
            };
            if (down.current) parked.current = swap;
            else swap();
          },
          (error: unknown) => live && setState({ error }),
        );
      });
      return () => {
        live = false;
        cancel();
      };
    }, [state.component]);
    // The focus the stand-in had goes to the control (its field or its trigger), once, as it is drawn.
    useLayoutEffect(() => {
      if (!state.component || !state.focused || handedOver.current) return;
      handedOver.current = true;
      // Unless the control took it itself (a select opened at mount focuses its list).
      if (document.activeElement !== null && document.activeElement !== document.body) return;
      const target = wrapper.current?.querySelector<HTMLElement>('input:not([type="hidden"]):not([aria-hidden="true"]), button, [tabindex="0"]');
      target?.focus();
      if (state.typed !== undefined && target instanceof HTMLInputElement && document.activeElement === target) typeInto(target, state.typed);
    }, [state]);
    if (state.error) throw state.error;
    const Component = state.component;
    if (Component) {
      const given = state.focused && arrive ? arrive(props, pressed.current) : props;
      return (
        <div ref={wrapper} className="contents">
          <Component {...given} />
        </div>
      );
    }
    const release = (done: boolean) => {
      if (!down.current) return;
      down.current = false;
      pressed.current = done;
      const swap = parked.current;
      parked.current = null;
      swap?.();
    };
    // Capture: the stand-in's own press handling stops the events it handles.
    return (
      <div
        ref={wrapper}
        className="contents"
        onPointerDownCapture={() => (down.current = true)}
        onPointerUpCapture={() => release(true)}
        onPointerCancelCapture={() => release(false)}
        onKeyDownCapture={(event: KeyboardEvent) => {
          if (OPENING_KEYS.has(event.key)) down.current = true;
        }}
        onKeyUpCapture={(event: KeyboardEvent) => {
          if (OPENING_KEYS.has(event.key)) release(true);
        }}
        onBlurCapture={() => release(false)}
        onInputCapture={() => (edited.current = true)}
      >
        {standIn}
      </div>
    );
  };
}
