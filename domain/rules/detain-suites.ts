import { enforce, omitWhen, test } from 'vest';
import { defineSuite } from './define-suite.ts';
import { DETAIN_OPTIONS, DETAIN_MESSAGES } from './detain-rules.ts';

/**
 * The vest suites of detain-rules.ts (ADR 140): the same rules run by the server on every call and by
 * the client's forms, in a module of their own so that a page loads vest only when its form is on screen
 * (lib/forms/lazy-suite.ts). Server use: `suite.runStatic(data)`.
 */

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
