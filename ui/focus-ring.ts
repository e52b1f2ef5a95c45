import { tv } from './tv.ts';

/**
 * The one focus ring of the library: visible for keyboard focus only, and in forced-colors mode.
 * It follows RAC's `data-focus-visible` attribute (the `focus-visible:` variant of the RAC Tailwind
 * plugin), as hover and pressed follow `data-hovered`/`data-pressed`: every interaction state is
 * CSS on the attributes RAC sets, so the States stories can show each one (docs/decisions/076).
 */
export const focusRing = tv({
  base: 'outline outline-offset-2 outline-focus outline-0 focus-visible:outline-2 forced-colors:outline-[Highlight]',
});

/**
 * The ring's look without its trigger, for a part inside the focusable element (a checkbox's box
 * inside its label): the part adds `group-focus-visible/<name>:outline-2` for its named group.
 */
export const focusRingLook = tv({
  base: 'outline outline-offset-2 outline-focus outline-0 forced-colors:outline-[Highlight]',
});
