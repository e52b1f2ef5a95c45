import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { OrderDetail } from '#features/orders/components/order-detail';
import { ORDER_ID, order } from '../../../stories/support/order-fixtures.ts';
import { stubApi } from './fetch-stub.ts';
import { renderAt } from './render.tsx';

afterEach(() => vi.unstubAllGlobals());

const detail = (writeText?: (text: string) => Promise<void>) => renderAt(<OrderDetail orderId={ORDER_ID} writeText={writeText} />, `/user/order/detail/${ORDER_ID}`);

describe('order detail', () => {
  test('"Order id not found." only when the order does not exist; other failures in the catalogue’s words', { timeout: 90_000 }, async () => {
    stubApi([['GET', /order\//, { status: 404, body: { message: 'Can not found an order.' } }]]);
    const first = detail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Order id not found.');
    first.unmount();
    stubApi([['GET', /order\//, 'network-error']]);
    detail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown network error');
  });

  test('a product shows its note as its comment and downloads the drawing it is made to (ADR 164)', { timeout: 90_000 }, async () => {
    const base = order('pending_payment');
    const drawing = { name: 'bracket-rev-b.pdf', contentType: 'application/pdf', sizeBytes: 9, path: `order/${ORDER_ID}/products/line-1/drawing` };
    const withDrawing = { ...base, products: base.products.map((p, i) => (i === 0 ? { ...p, comment: 'M6 threads\n\nPack apart', drawing } : p)) };
    const calls = stubApi([
      ['GET', /\/products\/line-1\/drawing$/, { body: { pdf: true } }],
      ['GET', /order\//, { body: withDrawing }],
    ]);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:drawing'), revokeObjectURL: vi.fn() }));
    detail();
    const user = userEvent.setup();
    const buttons = await screen.findAllByRole('button', { name: 'Download the drawing bracket-rev-b.pdf' });
    expect(screen.getAllByText(/M6 threads/).length).toBeGreaterThan(0);
    await user.click(buttons[0]!);
    expect(calls.some((c) => c.url.pathname.endsWith(`/order/${ORDER_ID}/products/line-1/drawing`))).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('copies the order ID and a tracking number; a refused clipboard says to copy by hand', { timeout: 90_000 }, async () => {
    stubApi([['GET', /order\//, { body: order('shipped') }]]);
    const copied: string[] = [];
    let refuse = false;
    detail(async (text) => {
      if (refuse) throw new Error('NotAllowedError');
      copied.push(text);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy order ID W26123456' }));
    expect(copied).toEqual(['W26123456']);
    expect(screen.getByRole('button', { name: 'Copied order ID W26123456' })).toHaveTextContent('Copied');
    const tracking = screen.getByRole('region', { name: 'Tracking' });
    refuse = true;
    await user.click(within(tracking).getByRole('button', { name: 'Copy tracking number JD0146000012345679' }));
    expect(within(tracking).getByRole('alert')).toHaveTextContent('Unable to copy, please copy it manually.');
    expect(within(tracking).getByText('JD0146000012345679')).toBeVisible();
  });

  test('offers what the lifecycle allows: an unpaid order can be paid, linked for someone else and cancelled after a confirmation', { timeout: 90_000 }, async () => {
    const calls = stubApi([
      ['GET', /order\//, { body: order('pending_payment') }],
      ['POST', /\/cancel$/, { body: order('cancelled') }],
    ]);
    detail();
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Pay this order' })).toHaveAttribute('href', `/checkout/payment?order=${ORDER_ID}`);
    expect(screen.getByRole('button', { name: 'Create a payment link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the proforma invoice (PDF)' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request an after-sale' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your review' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order W26123456?' });
    expect(dialog).toHaveTextContent('Coupon WELCOME10 becomes usable again.');
    expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: 'Why are you cancelling? (optional)' }), 'Ordered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('The order is cancelled.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Ordered twice' });
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the order (PDF)' })).toBeInTheDocument();
  });

  test('a paid order: the invoice, and how a paid order is cancelled instead of a button', { timeout: 90_000 }, async () => {
    stubApi([['GET', /order\//, { body: order('paid') }]]);
    detail();
    expect(await screen.findByRole('button', { name: 'Download the invoice (PDF)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
    expect(screen.getByText(/A paid order is cancelled by our team/)).toBeInTheDocument();
  });

  test('reviews a delivered order with the review rules, then shows the review back', { timeout: 90_000 }, async () => {
    const reviewed = order('delivered', { review: { stars: 5, workmanship: 4, product: 5, service: 5, logistics: 3, comments: 'Crisp edges.', createdAt: '2026-11-29T10:00:00.000Z' } });
    const calls = stubApi([
      ['GET', /order\//, { body: order('delivered') }],
      ['POST', /\/review$/, { status: 201, body: { ...reviewed, actions: { ...reviewed.actions, review: false } } }],
    ]);
    detail();
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Your review' });
    await user.click(within(region).getByRole('button', { name: 'Send the review' }));
    expect(within(region).getAllByText('Please give a rating from 1 to 5.')).toHaveLength(5);
    for (const [group, stars] of [['Overall', 5], ['Workmanship', 4], ['Product', 5], ['Service', 5], ['Logistics', 3]] as const) {
      await user.click(within(within(region).getByRole('radiogroup', { name: group })).getByRole('radio', { name: `${stars} stars of 5` }));
    }
    await user.type(within(region).getByRole('textbox', { name: 'Comments (optional)' }), 'Crisp edges.');
    await user.click(within(region).getByRole('button', { name: 'Send the review' }));
    expect(await screen.findByText('Thank you for your review.')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ stars: 5, workmanship: 4, product: 5, service: 5, logistics: 3, comments: 'Crisp edges.' });
    expect(screen.getByRole('region', { name: 'Your review' })).toHaveTextContent('Workmanship4 out of 5');
  });

  test('reorders: the new project to open, and that prices moved', { timeout: 90_000 }, async () => {
    stubApi([
      ['GET', /order\//, { body: order('delivered') }],
      [
        'POST',
        /\/reorder$/,
        {
          status: 201,
          body: {
            projects: [{ id: 'p-new', name: 'Reorder of W26123456', process: '3d-printing', processId: 22, fileCount: 2, createdAt: '2026-12-01T10:00:00.000Z', updatedAt: '2026-12-01T10:00:00.000Z' }],
            notices: ['The price of "lid" is now $36.00 (it was $34.50 in order W26123456).'],
            changedPrices: 1,
          },
        },
      ],
    ]);
    detail();
    await userEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    expect(await screen.findByText('Prices may have changed since you ordered: 1 part costs something else today.')).toBeInTheDocument();
    expect(screen.getByText('The price of "lid" is now $36.00 (it was $34.50 in order W26123456).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Reorder of W26123456' })).toHaveAttribute('href', '/quote/p-new');
  });

  test('an order placed for a customer shows the customer’s email, platform order number and note', { timeout: 90_000 }, async () => {
    stubApi([['GET', /order\//, { body: order('paid', { entrust: { customerEmail: 'buyer@shop.example', platformOrderNumber: 'SHOP-7781', customerNote: 'Gift wrapped.' } }) }]]);
    detail();
    const region = await screen.findByRole('region', { name: 'Ordered for your customer' });
    expect(region).toHaveTextContent('buyer@shop.example');
    expect(region).toHaveTextContent('SHOP-7781');
    expect(region).toHaveTextContent('Gift wrapped.');
  });

  test('the consignee’s state reads by its name (California), not its code (US-CA)', { timeout: 90_000 }, async () => {
    const paid = order('paid');
    stubApi([['GET', /order\//, { body: { ...paid, consignee: { ...paid.consignee, countryCode: 'US', countryName: 'United States', state: 'US-CA', stateName: 'California' } } }]]);
    detail();
    const consignee = await screen.findByRole('region', { name: 'Consignee' });
    expect(consignee).toHaveTextContent('California, United States');
    expect(consignee).not.toHaveTextContent('US-CA');
  });
});
