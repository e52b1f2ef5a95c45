import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { fillUsAddress } from './checkout-steps.ts';
import { openQuotePage } from './quote-page.ts';

export const CAD = path.resolve('tests', 'fixtures', 'cad');
export const CUBE = 'cube-10x10mm--cube-10x10.stl';

/** Quotes the 10 mm cube in white on the quote page; answers the total shown (the server's price). */
export async function quoteCube(page: Page): Promise<string> {
  await openQuotePage(page);
  // A press that opened no file dialog (seen once in a full CI run: the test then waited 150 s) is
  // pressed again, as a person would; the dialog of a press that worked opens at once.
  await expect(async () => {
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles(path.join(CAD, CUBE));
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('radiogroup', { name: 'Colour' }).getByText('White').click();
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible();
  return (await page.getByTestId('total').textContent())!;
}

/** Adds the quoted part to the cart, fills a US address and a carrier, and places the order: answers the order id. */
export async function placeOrder(page: Page, extra?: (page: Page) => Promise<void>): Promise<string> {
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout$/);
  await page.getByRole('radiogroup', { name: 'Carrier' }).getByText('DHL Express').click();
  await page.getByRole('textbox', { name: 'DHL Express account number' }).fill('965432100');
  await fillUsAddress(page);
  if (extra) await extra(page);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout\/payment\?order=/);
  return new URL(page.url()).searchParams.get('order')!;
}

/** Pays the order on the payment page with the sandbox's success card; answers the order number. */
export async function payByCard(page: Page): Promise<string> {
  const amount = (await page.getByTestId('amount-due').textContent())!;
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Credit card (USD)').click();
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout\/success\?order=/);
  return (await page.getByTestId('order-number').textContent())!;
}

/** An operator moves the order along (the admin API of docs/api.md "Operator calls"). */
export async function operator(request: APIRequestContext, orderId: string, event: 'start_production' | 'ship' | 'deliver', tracking?: { logisticsCompany: string; trackNumber: string }[]) {
  const res = await request.post(`/api/manufacture/admin/order/${orderId}/event`, {
    headers: { 'X-Admin-Token': process.env.E2E_ADMIN_TOKEN ?? '' },
    data: { event, ...(tracking ? { tracking } : {}) },
  });
  expect(res.status(), await res.text()).toBe(200);
}
