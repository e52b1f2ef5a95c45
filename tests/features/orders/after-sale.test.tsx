import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AFTER_SALE_MESSAGES } from '#domain/rules/after-sale-rules';
import { AfterSale } from '#features/orders/components/after-sale-orders';
import { ORDER_ID, afterSale, order, orderSummary, page } from '../../../stories/support/order-fixtures.ts';
import { stubApi } from './fetch-stub.ts';
import { renderAt } from './render.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('after-sale orders', () => {
  test('each rule of spec section 5 in its words, with the products of the order the Wedo number names; then the request is listed', { timeout: 60_000 }, async () => {
    const requests: unknown[] = [];
    let list = page([afterSale({ id: 'old', number: 'AS26000001', status: 'completed' })]);
    stubApi([
      ['GET', /order\/after-sale\/list/, () => ({ body: list })],
      ['GET', /order\/list\?.*q=W26123456/, { body: page([orderSummary({ status: 'delivered' })]) }],
      ['GET', new RegExp(`order/${ORDER_ID}$`), { body: order('delivered') }],
      [
        'POST',
        /order\/after-sale$/,
        (_url, init) => {
          requests.push(JSON.parse(String(init?.body)));
          list = page([afterSale(), ...list.list], 2);
          return { status: 201, body: afterSale() };
        },
      ],
    ]);
    const user = userEvent.setup();
    renderAt(<AfterSale />, '/user/order/after-sale');
    expect(await screen.findByRole('row', { name: /AS26000001/ })).toHaveTextContent('Completed');

    await user.click(screen.getByRole('button', { name: 'Ask for parts to be made again' }));
    // The form's chunk arrives a moment after the page (ADR 140).
    const form = await screen.findByRole('form', { name: 'After-sale request' });
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    // The form's rules arrive with their chunk a moment after it draws (ADR 140): the first submit waits for them.
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Your order number' })).toHaveAccessibleDescription(expect.stringContaining(AFTER_SALE_MESSAGES.orderNumberRequired)));
    expect(within(form).getByRole('textbox', { name: 'Wedo order number' })).toHaveAccessibleDescription(expect.stringContaining(AFTER_SALE_MESSAGES.wedoOrderNumberRequired));
    expect(within(form).getByText(AFTER_SALE_MESSAGES.productRequired)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Your order number' })).toHaveFocus();

    await user.type(within(form).getByRole('textbox', { name: 'Wedo order number' }), 'w26123456');
    await user.tab();
    // The order is found: its number, and the customer's own number from its PO.
    const bracket = await within(form).findByRole('checkbox', { name: /drone-arm-bracket/ });
    expect(within(form).getByRole('textbox', { name: 'Wedo order number' })).toHaveValue('W26123456');
    expect(within(form).getByRole('textbox', { name: 'Your order number' })).toHaveValue('PO-7781');
    await user.click(bracket);
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));
    const quantity = within(form).getByRole('textbox', { name: 'How many drone-arm-bracket to make again' });
    expect(quantity).toHaveAccessibleDescription(AFTER_SALE_MESSAGES.quantityRequired);
    await user.type(quantity, '5');
    await user.tab();
    expect(quantity).toHaveAccessibleDescription(AFTER_SALE_MESSAGES.quantityTooLarge(4));
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText('After-sale request AS26000042 for order W26123456 is sent: we answer within 24 hours.')).toBeInTheDocument();
    expect(requests).toEqual([{ orderNumber: 'PO-7781', wedoOrderNumber: 'W26123456', items: [{ productId: 'line-1', quantity: 2 }], reason: null }]);
    expect(await screen.findByRole('row', { name: /AS26000042/ })).toHaveTextContent('drone-arm-bracket: 2 of 4');
  });

  test('a Wedo number none of the customer’s orders has is said at the field', { timeout: 90_000 }, async () => {
    stubApi([
      ['GET', /order\/after-sale\/list/, { body: page([]) }],
      ['GET', /order\/list/, { body: page([]) }],
    ]);
    const user = userEvent.setup();
    renderAt(<AfterSale />, '/user/order/after-sale');
    expect(await screen.findByRole('heading', { name: 'No after-sale orders' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask for parts to be made again' }));
    await user.type(await screen.findByRole('textbox', { name: 'Wedo order number' }), 'W99999999');
    await user.tab();
    expect(await screen.findByText('None of your orders has this Wedo order number.')).toBeInTheDocument();
  });

  test('opened from an order, the form is open with its products', { timeout: 90_000 }, async () => {
    stubApi([
      ['GET', /order\/after-sale\/list/, { body: page([]) }],
      ['GET', new RegExp(`order/${ORDER_ID}$`), { body: order('shipped') }],
    ]);
    renderAt(<AfterSale orderId={ORDER_ID} />, `/user/order/after-sale?order=${ORDER_ID}`);
    expect(await screen.findByRole('checkbox', { name: /lid/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Wedo order number' })).toHaveValue('W26123456');
  });

  test('a claim whose refabrication staff cancelled says so: cancelled, the order stopped before shipping, the reason (ADR 232)', { timeout: 30_000 }, async () => {
    const cancelled = afterSale({
      id: 'as-9',
      number: 'AS26000009',
      status: 'cancelled',
      decision: { decidedAt: '2026-12-01T09:00:00.000Z', refusalReason: 'The customer found the missing parts.', refabrication: { id: 'o-9', number: 'W26000321' } },
    });
    stubApi([['GET', /order\/after-sale\/list/, { body: page([cancelled]) }]]);
    renderAt(<AfterSale />, '/user/order/after-sale');
    const row = await screen.findByRole('row', { name: /AS26000009/ });
    expect(row).toHaveTextContent('Cancelled');
    expect(row).toHaveTextContent('We cancelled its refabrication, order W26000321, before it shipped. Nothing was charged.');
    expect(row).toHaveTextContent('Why: The customer found the missing parts.');
    expect(row).not.toHaveTextContent('Made again at no charge');
  });
});
