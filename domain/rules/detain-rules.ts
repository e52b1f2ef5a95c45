import { enforce, omitWhen, test } from 'vest';
import { defineSuite } from './define-suite.ts';

/** The retention dialog (spec section 5): an option is required, and a reason when Other is chosen. */
export const DETAIN_OPTIONS = [
  'The price is too high',
  'The lead time is too long',
  'The material or finish I need is missing',
  'I am just comparing prices',
  'Other',
] as const;

export const DETAIN_MESSAGES = {
  optionRequired: 'Please choose an option.',
  reasonRequired: 'Please tell us the reason.',
} as const;

export const detainSuite = defineSuite((data: Record<string, unknown>) => {
  test('option', DETAIN_MESSAGES.optionRequired, () => {
    enforce((DETAIN_OPTIONS as readonly unknown[]).includes(data.option)).isTruthy();
  });
  omitWhen(data.option !== 'Other', () => {
    test('reason', DETAIN_MESSAGES.reasonRequired, () => {
      enforce(typeof data.reason === 'string' && data.reason.trim() !== '').isTruthy();
    });
  });
});
