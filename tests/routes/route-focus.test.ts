import { describe, expect, test } from 'vitest';
import { isNewPage, mainHeading } from '#routes/route-focus';

describe('what counts as a new page for focus', () => {
  test('another path is a new page', () => {
    expect(isNewPage('/login', '/checkout')).toBe(true);
    expect(isNewPage('/checkout', '/checkout/payment')).toBe(true);
    expect(isNewPage('/user/order/history', '/user/order/detail/o1')).toBe(true);
  });

  test('the quote page getting its project’s address is not', () => {
    expect(isNewPage('/quote', '/quote/p1')).toBe(false);
    expect(isNewPage('/quote/p1', '/quote')).toBe(false);
    expect(isNewPage('/quote', '/quote')).toBe(false);
  });

  test('a shared quote is its own page', () => {
    expect(isNewPage('/quote', '/quote/shared/tok')).toBe(true);
    expect(isNewPage('/quote/shared/tok', '/quote')).toBe(true);
  });

  test('the main heading is the h1 inside main', () => {
    document.body.innerHTML = '<h1>Outside</h1><main><h2>Sub</h2><h1>Inside</h1></main>';
    expect(mainHeading()?.textContent).toBe('Inside');
    document.body.innerHTML = '';
  });
});
