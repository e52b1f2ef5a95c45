/**
 * The page's live announcements, through react-aria's one announcer (the same visually hidden
 * `[data-live-announcer]` region its components use), so that a screen reader hears every message
 * from one place and in order.
 */
import { announce as ariaAnnounce, clearAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';

/** Says `message` politely (after what the screen reader is saying), or at once when `assertive`. */
export function announce(message: string, assertiveness: 'polite' | 'assertive' = 'polite'): void {
  ariaAnnounce(message, assertiveness);
}

/**
 * Drops every pending announcement: on a page change, what a button said about the page left
 * (react-aria's "pending" on a busy button, labelled by a button that no longer exists) must not
 * outlive it.
 */
export function clearAnnouncements(): void {
  clearAnnouncer('assertive');
  clearAnnouncer('polite');
}

/**
 * The control to focus for a field in error: the element itself when it takes focus, else its
 * first control that does (a radio group's checked radio, or its first), skipping hidden copies
 * kept for autofill.
 */
export function focusTargetOf(invalid: Element): HTMLElement | null {
  const candidates = [invalid, ...invalid.querySelectorAll('input, select, textarea, button, [tabindex]')].filter(
    (el): el is HTMLElement => el instanceof HTMLElement && isFocusableControl(el),
  );
  const radios = candidates.filter((el) => el instanceof HTMLInputElement && el.type === 'radio');
  if (radios.length) return radios.find((el) => (el as HTMLInputElement).checked) ?? radios[0] ?? null;
  return candidates[0] ?? null;
}

function isFocusableControl(el: HTMLElement): boolean {
  if (el.closest('[aria-hidden="true"], [inert]')) return false;
  if ((el as HTMLInputElement).disabled) return false;
  if (el.matches('input, select, textarea, button')) return el.tabIndex >= 0 || (el instanceof HTMLInputElement && el.type === 'radio');
  return el.hasAttribute('tabindex') && el.tabIndex >= 0;
}

/**
 * The fields in error inside `root`, outermost first in document order: a field's wrapper
 * (`data-invalid`) and its input (`aria-invalid`) count once.
 */
export function invalidFields(root: ParentNode): Element[] {
  const all = [...root.querySelectorAll('[data-invalid], [aria-invalid="true"]')].filter((el) => !el.closest('[aria-hidden="true"]'));
  return all.filter((el) => !all.some((other) => other !== el && other.contains(el)));
}
