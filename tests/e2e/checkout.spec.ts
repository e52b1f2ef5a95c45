import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndActivate } from './support/accounts.ts';
import { chooseFromComboBox, choosePhoneCode, fillUsAddress } from './support/checkout-steps.ts';
import { openQuotePage } from './support/quote-page.ts';

const CAD = path.resolve('tests', 'fixtures', 'cad');

/** A new customer, signed up and activated through the UI. */
const signUp = (page: Page) => signUpAndActivate(page, 'Grace');

/** Quotes the 10 mm cube in white and adds it to the cart, which opens the checkout. */
async function quoteAndAddToCart(page: Page) {
  await openQuotePage(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(path.join(CAD, 'cube-10x10mm--cube-10x10.stl'));
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('radiogroup', { name: 'Colour', exact: true }).getByText('White').click();
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /cube-10x10mm/ })).toBeVisible();
}

async function chooseCarrier(page: Page) {
  await page.getByRole('radiogroup', { name: 'Carrier' }).getByText('DHL Express').click();
  await page.getByRole('textbox', { name: 'DHL Express account number' }).fill('965432100');
}

/** The signed-in customer's token, as the app stored it (for calls the UI does not offer yet). */
async function token(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('manufacture.token') ?? '{}') as { value: string }).value);
}

async function placeOrder(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout\/payment\?order=/);
  const amount = (await page.getByTestId('amount-due').textContent())!;
  expect(amount).toMatch(/^\$\d/);
  return amount;
}

async function payByCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
}

test('a new customer checks out with a new address, is declined, pays with another card, and sees the order', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await quoteAndAddToCart(page);

  // No saved address yet: the form asks for one, with the shared address rules.
  await expect(page.getByRole('radio', { name: 'A new address' })).toBeChecked();
  await chooseCarrier(page);
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('P.O. Box 12');
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page.getByText('We cannot ship to a P.O. Box; please give a street address.')).toBeVisible();
  await expect(page.getByText('Please select a valid country.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('12 Baker Street');
  await choosePhoneCode(page, 'United Kin', 'United Kingdom (+44)');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('7700900123');
  await chooseFromComboBox(page, 'Country', 'United Kin', 'United Kingdom');
  await page.getByRole('textbox', { name: 'City' }).fill('London');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('NW1 6XE');
  await page.getByRole('textbox', { name: 'Billing location' }).fill('London, United Kingdom');
  await page.getByRole('textbox', { name: 'PO number' }).fill('PO-7781');
  const amount = await placeOrder(page);
  const payRequests: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/order\/[^/]+\/pay$/.test(r.url())) payRequests.push(r.headers()['idempotency-key'] ?? '');
  });

  // A method must be chosen first (spec section 5).
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await expect(page.getByText('Please select a payment method.')).toBeVisible();

  // The declined card: the decline is shown, and the customer tries again with another card.
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Credit card (USD)').click();
  await expect(page.getByText(/4242 4242 4242 4242 \(succeeds\)/)).toBeVisible();
  await payByCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await expect(page.getByText('You are paying')).toContainText('card ending 0002');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Your card was declined.');

  await payByCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('You are paying')).toContainText('card ending 4242');
  // A double click on Pay charges once: the second press lands on a pending button.
  await page.getByRole('button', { name: `Pay ${amount}` }).dblclick();

  await expect(page).toHaveURL(/\/manufacture\/checkout\/success\?order=/);
  // One request for the declined card, one for the good card despite the double click; each attempt its own key.
  expect(payRequests).toHaveLength(2);
  expect(new Set(payRequests).size).toBe(2);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  const number = (await page.getByTestId('order-number').textContent())!;
  expect(number).toMatch(/^W\d+/);
  await expect(page.getByText(`Thank you: order ${number} is paid.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/manufacture/user/order/history');

  // The order in the history, then its details with the status history.
  await page.getByRole('link', { name: 'Your orders' }).click();
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Card (USD)');
  await row.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText('Paid');
});

test('paying by bank transfer shows the five accounts with the order number as the reference', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await quoteAndAddToCart(page);
  await fillUsAddress(page);
  await chooseCarrier(page);
  await placeOrder(page);

  // By keyboard: the method, then the confirmation.
  await page.getByRole('radio', { name: /Bank transfer/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to confirm' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeFocused();
  await page.getByRole('button', { name: 'Show the bank accounts' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  const reference = (await page.getByTestId('transfer-reference').textContent())!;
  expect(reference).toMatch(/^W\d+/);
  for (const currency of ['USD', 'HKD', 'EUR', 'GBP', 'RMB']) {
    await expect(page.getByRole('heading', { name: currency, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page.getByTestId('order-number')).toHaveText(reference);
  await expect(page.getByTestId('order-status')).toHaveText('Awaiting bank transfer');

  // The customer sends an agency link; someone without an account pays the order by card.
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const link = await page.request.post(`/api/manufacture/order/${orderId}/agency-link`, { headers: { Authorization: `Bearer ${await token(page)}` } });
  expect(link.status()).toBe(201);
  const { url } = (await link.json()) as { url: string };
  const payer = await page.context().browser()!.newPage();
  const { pathname, search } = new URL(url);
  await payer.goto(new URL(pathname + search, page.url()).href);
  await expect(payer.getByRole('heading', { level: 1, name: 'Pay for an order' })).toBeVisible();
  await expect(payer.getByText(reference)).toBeVisible();
  await expect(payer.getByRole('radio', { name: /Prepaid balance/ })).toHaveCount(0);
  await payer.getByRole('radiogroup', { name: 'Payment method' }).getByText('Credit card (USD)').click();
  await payByCard(payer, '4242 4242 4242 4242');
  await payer.getByRole('button', { name: 'Continue to confirm' }).click();
  await payer.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(payer.getByTestId('payment-status')).not.toHaveText(/Paying/);
  await expect(payer.getByText('Status').locator('xpath=following-sibling::dd')).toHaveText('Paid');
  await payer.close();
});

test('paying with the prepaid balance after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  // The reload page is still a placeholder (another issue): the reload goes through the API.
  const reload = await page.request.post('/api/manufacture/account/balance/reload', {
    headers: { Authorization: `Bearer ${await token(page)}`, 'Idempotency-Key': `e2e-reload-${Date.now()}` },
    data: { amount: 100, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
  });
  expect(reload.status()).toBe(200);
  await quoteAndAddToCart(page);
  // Opened afresh (ADR 243): the checkout's HTML draws its frame and its terms, and the app takes
  // it over with the cart.
  await page.reload();
  await expect(page.getByText(/^Prices are EXW \(Incoterms 2020\)/)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /cube-10x10mm/ })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await fillUsAddress(page);
  await chooseCarrier(page);
  const amount = await placeOrder(page);
  const balance = page.getByRole('radio', { name: /Prepaid balance/ });
  await expect(page.getByText('Your balance: $100.00')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByText('Prepaid balance').click();
  await expect(balance).toBeChecked();
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await expect(page.getByText('You are paying')).toContainText('your balance');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout\/success\?order=/);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  const number = (await page.getByTestId('order-number').textContent())!;
  await page.getByRole('link', { name: 'Your orders' }).click();
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Prepaid balance');
});

test('an additional cost agreed by customer service is listed and paid by card', async ({ page }) => {
  const email = await signUp(page);
  // Customer service creates the cost (operator endpoint).
  const created = await page.request.post('/api/manufacture/admin/additional-cost', {
    headers: { 'X-Admin-Token': process.env.E2E_ADMIN_TOKEN ?? '' },
    data: { customerEmail: email, amountCents: 4500, description: 'Extra polishing agreed on the phone' },
  });
  expect(created.status()).toBe(201);
  const { number } = (await created.json()) as { number: string };

  await page.goto('/manufacture/additional-cost');
  await expect(page.getByRole('heading', { level: 1, name: 'Additional costs' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: number });
  await expect(item).toContainText('Extra polishing agreed on the phone');
  await expect(item).toContainText('$45.00');
  await item.getByRole('button', { name: `Pay ${number}` }).click();
  await item.getByRole('radiogroup', { name: 'Payment method' }).getByText('Credit card (USD)').click();
  await payByCard(page, '4242 4242 4242 4242');
  await item.getByRole('button', { name: 'Continue to confirm' }).click();
  await item.getByRole('button', { name: 'Pay $45.00' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: number })).toContainText('Paid');
});

test('a checkout retried after a refused coupon does not save the new address a second time', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await quoteAndAddToCart(page);
  await fillUsAddress(page);
  await chooseCarrier(page);
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('NOPE123');
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page.getByRole('textbox', { name: 'Coupon code' })).toHaveAccessibleDescription(/This coupon code is not valid for your account\./);
  // The coupon is refused before anything is written (ADR 165): the new address is still in its
  // form, not saved, and the retry saves it once.
  await expect(page.getByRole('textbox', { name: 'Address line 1' })).toHaveValue(/500 Howard Street/);
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('');
  await placeOrder(page);
  await page.goto('/manufacture/user/account/address');
  await expect(page.getByRole('list', { name: 'Shipping addresses' }).getByRole('listitem')).toHaveCount(1);
  await page.goto('/manufacture/user/account/billingAddress');
  await expect(page.getByRole('list', { name: 'Billing addresses' }).getByRole('listitem')).toHaveCount(1);
});
