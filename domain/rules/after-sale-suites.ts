import { enforce, omitWhen, test } from 'vest';
import { defineSuite } from './define-suite.ts';
import { AFTER_SALE_MESSAGES } from './after-sale-rules.ts';

/**
 * The vest suites of after-sale-rules.ts (ADR 140): the same rules run by the server on every call and by
 * the client's forms, in a module of their own so that a page loads vest only when its form is on screen
 * (lib/forms/lazy-suite.ts). Server use: `suite.runStatic(data)`.
 */

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * `originals`: the original quantity of each product of the order, by product id, once the order
 * is known (the form knows it from the order it shows; the server from the database). Without it
 * only the shape is checked.
 */
export const afterSaleSuite = defineSuite((data: Record<string, unknown>, originals?: Readonly<Record<string, number>>) => {
  test('orderNumber', AFTER_SALE_MESSAGES.orderNumberRequired, () => {
    enforce(text(data.orderNumber) !== '' && text(data.orderNumber).length <= 64).isTruthy();
  });
  test('wedoOrderNumber', AFTER_SALE_MESSAGES.wedoOrderNumberRequired, () => {
    enforce(text(data.wedoOrderNumber) !== '' && text(data.wedoOrderNumber).length <= 64).isTruthy();
  });
  const items = Array.isArray(data.items) ? (data.items as unknown[]) : [];
  test('items', AFTER_SALE_MESSAGES.productRequired, () => {
    enforce(items.length > 0 && items.length <= 200).isTruthy();
  });
  items.forEach((item, i) => {
    const row = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const productId = typeof row.productId === 'string' ? row.productId : '';
    const quantity = row.quantity;
    test(`items.${i}.productId`, AFTER_SALE_MESSAGES.productRequired, () => {
      enforce(productId !== '').isTruthy();
    });
    test(`items.${i}.quantity`, AFTER_SALE_MESSAGES.quantityRequired, () => {
      enforce(typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1).isTruthy();
    });
    omitWhen(!originals || productId === '', () => {
      const original = originals?.[productId];
      test(`items.${i}.productId`, AFTER_SALE_MESSAGES.productUnknown, () => {
        enforce(original !== undefined).isTruthy();
      });
      omitWhen(original === undefined || typeof quantity !== 'number', () => {
        test(`items.${i}.quantity`, AFTER_SALE_MESSAGES.quantityTooLarge(original ?? 0), () => {
          enforce((quantity as number) <= (original ?? 0)).isTruthy();
        });
      });
    });
  });
  omitWhen(text(data.reason) === '', () => {
    test('reason', AFTER_SALE_MESSAGES.reasonTooLong, () => {
      enforce(text(data.reason).length <= 2000).isTruthy();
    });
  });
});
