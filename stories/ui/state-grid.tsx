import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * States side by side (issue 17 item 3). The ui library styles hover, pressed, focus-visible, focus
 * and drop-target with CSS on the attributes react-aria-components sets (`data-hovered`,
 * `data-pressed`, `data-focus-visible`, ...; tests/ui/interaction-states.test.ts keeps it so). A
 * forced state sets those same attributes on the real component, so each cell shows exactly what a
 * user sees in that state. Disabled, invalid, pending and selected are real props. See
 * docs/decisions/076-state-stories.md.
 */
export type InteractionState = 'hover' | 'pressed' | 'focus-visible' | 'drop-target';
export type StateName = 'default' | InteractionState | 'disabled' | 'invalid' | 'pending' | 'selected' | 'readonly';

export const stateLabels: Record<StateName, string> = {
  default: 'Default',
  hover: 'Hover',
  pressed: 'Pressed',
  'focus-visible': 'Focus visible',
  'drop-target': 'Drop target',
  disabled: 'Disabled',
  invalid: 'Invalid',
  pending: 'Pending',
  selected: 'Selected',
  readonly: 'Read only',
};

const attributesOf: Record<InteractionState, string[]> = {
  hover: ['data-hovered'],
  pressed: ['data-hovered', 'data-pressed'],
  'focus-visible': ['data-focused', 'data-focus-visible', 'data-focus-within'],
  'drop-target': ['data-drop-target'],
};

/** Which elements carry the state: RAC's outermost element by default, or what `target` picks. */
export type StateTarget = (root: HTMLElement) => (Element | null)[];
const firstRacElement: StateTarget = (root) => {
  const el = root.querySelector('[data-rac]');
  return el ? [el] : [];
};
/** Target helper: every element matching a selector inside the cell. */
export const select = (selector: string): StateTarget => (root) => [...root.querySelectorAll(selector)];

/**
 * Renders its children with an interaction state forced: the state's attributes are set on the
 * target elements before paint and set again if react-aria clears them (a real pointer passing by).
 */
export function Forced({ state, target = firstRacElement, children }: { state: InteractionState; target?: StateTarget; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const names = attributesOf[state];
    const apply = () => {
      for (const el of target(root)) {
        if (el) for (const name of names) if (el.getAttribute(name) !== 'true') el.setAttribute(name, 'true');
      }
    };
    apply();
    // Again when react-aria clears a state attribute, or renders a collection's items on its second pass.
    const observer = new MutationObserver(apply);
    observer.observe(root, { attributes: true, childList: true, subtree: true, attributeFilter: names });
    return () => observer.disconnect();
  }, [state, target]);
  return (
    <div ref={ref} className="contents" data-forced-state={state}>
      {children}
    </div>
  );
}

export interface StateGridProps<V extends string> {
  /** The rows: one per state, in this order. */
  states: readonly StateName[];
  /** The columns: one per variant (`['primary', 'secondary']`); a single unnamed column by default. */
  variants?: readonly V[];
  variantLabels?: Partial<Record<V, string>>;
  /** Where the interaction states go in each cell (RAC's outermost element by default). */
  target?: StateTarget;
  /** The component in a state: interaction states are forced around it, the rest are its props. */
  children: (state: StateName, variant: V) => ReactNode;
  /** Names the table for screen readers ("Button states"). */
  label: string;
}

const isInteraction = (state: StateName): state is InteractionState => state in attributesOf;

/** A table: a row per state, a column per variant, each cell the real component in that state. */
export function StateGrid<V extends string = 'default'>({ states, variants = ['default' as V], variantLabels = {}, target, children, label }: StateGridProps<V>) {
  const named = variants.length > 1 || variants[0] !== 'default';
  return (
    <table aria-label={label} className="border-separate border-spacing-x-6 border-spacing-y-3 text-start">
      {named && (
        <thead>
          <tr>
            <td />
            {variants.map((v) => (
              <th key={v} scope="col" className="text-start text-caption font-semibold text-neutral-700">
                {variantLabels[v] ?? v}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {states.map((state) => (
          <tr key={state}>
            <th scope="row" className="pe-2 text-start align-middle text-caption font-semibold whitespace-nowrap text-neutral-700">
              {stateLabels[state]}
            </th>
            {variants.map((variant) => (
              <td key={variant} className="align-middle whitespace-nowrap">
                {isInteraction(state) ? (
                  <Forced state={state} target={target}>
                    {children(state, variant)}
                  </Forced>
                ) : (
                  children(state, variant)
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
