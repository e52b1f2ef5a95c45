import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpAndActivate } from './support/accounts.ts';
import { CAD, CUBE, operator } from './support/orders.ts';
import { openQuotePage } from './support/quote-page.ts';

/**
 * Keyboard-only journeys (issue 19, item 4), driven with `page.keyboard` alone against the real
 * server: quote → cart → checkout → paid; an address added and made the default; a review of a
 * delivered order. Each counts its Tab presses, prints them, and fails when it takes more than
 * 120 % of its budget in tests/e2e/keyboard-budgets.json (a change that adds tab stops on the way
 * shows here). The file chooser is the browser's own window: its files are set as a person picks them.
 */

const BUDGETS = JSON.parse(readFileSync(path.resolve('tests', 'e2e', 'keyboard-budgets.json'), 'utf8')) as Record<string, number>;
const ALLOWANCE = 1.2;

/** The keyboard, with a count of the Tab presses. */
class Keyboard {
  tabs = 0;
  constructor(private readonly page: Page) {}

  /** Presses Tab until `target` (or something inside it) has focus; fails after `max` presses. */
  async tabTo(target: Locator, max = 80): Promise<void> {
    for (let i = 0; i <= max; i++) {
      if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
      await this.page.keyboard.press('Tab');
      this.tabs++;
    }
    throw new Error(`${max} Tab presses did not reach ${target.toString()}`);
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /** Tabs to a text field and types into it. */
  async fill(field: Locator, text: string): Promise<void> {
    await this.tabTo(field);
    await this.type(text);
  }

  /** Tabs to a combo box, types, and takes the option named `option` with the arrows and Enter. */
  async choose(box: Locator, text: string, option: Locator): Promise<void> {
    await this.tabTo(box);
    await this.type(text);
    await expect(option).toBeVisible();
    for (let i = 0; i < 10 && (await option.getAttribute('data-focused')) === null; i++) await this.press('ArrowDown');
    await this.press('Enter');
  }

  /** Tabs into a radio group and moves the choice with the arrows to `radio`. */
  async pick(group: Locator, radio: Locator): Promise<void> {
    await this.tabTo(group);
    if (!(await radio.isChecked())) await this.press('Space');
    for (let i = 0; i < 10 && !(await radio.isChecked()); i++) await this.press('ArrowDown');
    await expect(radio).toBeChecked();
  }
}

/** Prints the journey's count and holds it to its budget. */
function withinBudget(journey: string, keys: Keyboard): void {
  const budget = BUDGETS[journey];
  console.log(`[keyboard] ${journey}: ${keys.tabs} Tab presses (budget ${budget ?? 'none'}, limit ${budget ? Math.floor(budget * ALLOWANCE) : '-'})`);
  expect(budget, `a budget for "${journey}" in tests/e2e/keyboard-budgets.json`).toBeDefined();
  expect(keys.tabs, `${journey}: Tab presses against 120 % of its budget`).toBeLessThanOrEqual(Math.floor(budget! * ALLOWANCE));
}

test('keyboard only: quote → cart → checkout → paid, then an address made default, then a review of the delivered order', async ({ page, request }) => {
  test.setTimeout(240_000);
  await signUpAndActivate(page, 'Keya');

  // 1. Quote, cart, checkout, payment.
  await openQuotePage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeVisible();
  let keys = new Keyboard(page);
  const chooser = page.waitForEvent('filechooser');
  await keys.tabTo(page.getByRole('button', { name: 'Choose files' }));
  await keys.press('Enter');
  await (await chooser).setFiles(path.join(CAD, CUBE));
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await keys.pick(page.getByRole('radiogroup', { name: 'Colour', exact: true }), page.getByRole('radio', { name: 'White' }));
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible({ timeout: 20_000 });
  await keys.tabTo(page.getByRole('button', { name: 'Add to cart' }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/manufacture\/checkout$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await keys.pick(page.getByRole('radiogroup', { name: 'Carrier' }), page.getByRole('radio', { name: 'DHL Express' }));
  await keys.fill(page.getByRole('textbox', { name: 'DHL Express account number' }), '965432100');
  await keys.choose(page.getByRole('combobox', { name: 'Phone code' }), 'United States', page.getByRole('option', { name: 'United States (+1)' }));
  await keys.fill(page.getByRole('textbox', { name: 'Phone number' }), '4155550100');
  await keys.choose(page.getByRole('combobox', { name: 'Country' }), 'United States', page.getByRole('option', { name: 'United States', exact: true }));
  await keys.choose(page.getByRole('combobox', { name: 'State or province' }), 'California', page.getByRole('option', { name: 'California' }));
  await keys.fill(page.getByRole('textbox', { name: 'City' }), 'San Francisco');
  await keys.fill(page.getByRole('textbox', { name: 'Postcode' }), '94103');
  await keys.fill(page.getByRole('textbox', { name: 'Address line 1' }), '500 Howard Street');
  await keys.fill(page.getByRole('textbox', { name: 'Billing location' }), 'San Francisco, CA, USA');
  await keys.tabTo(page.getByRole('button', { name: 'Place order and pay' }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/manufacture\/checkout\/payment\?order=/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const amount = (await page.getByTestId('amount-due').textContent())!;

  await keys.pick(page.getByRole('radiogroup', { name: 'Payment method' }), page.getByRole('radio', { name: 'Credit card (USD)' }));
  await keys.fill(page.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
  await keys.fill(page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '12/34');
  await keys.fill(page.getByRole('textbox', { name: 'Security code (CVC)' }), '123');
  await keys.tabTo(page.getByRole('button', { name: 'Continue to confirm' }));
  await keys.press('Enter');
  await keys.tabTo(page.getByRole('button', { name: `Pay ${amount}` }));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/manufacture\/checkout\/success\?order=/);
  withinBudget('quote to paid order', keys);

  // 2. A second address, added and made the default (the first came from the checkout).
  await page.goto('/manufacture/user/account/address');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Addresses' })).toBeVisible();
  keys = new Keyboard(page);
  await keys.tabTo(page.getByRole('button', { name: 'Add an address' }));
  await keys.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New shipping address' });
  await expect(dialog).toBeVisible();
  await keys.choose(dialog.getByRole('combobox', { name: 'Phone code' }), 'United Kingdom', page.getByRole('option', { name: 'United Kingdom (+44)' }));
  await keys.fill(dialog.getByRole('textbox', { name: 'Phone number' }), '7700900123');
  await keys.choose(dialog.getByRole('combobox', { name: 'Country' }), 'United Kingdom', page.getByRole('option', { name: 'United Kingdom', exact: true }));
  await keys.fill(dialog.getByRole('textbox', { name: 'City' }), 'London');
  await keys.fill(dialog.getByRole('textbox', { name: 'Postcode' }), 'NW1 6XE');
  await keys.fill(dialog.getByRole('textbox', { name: 'Address line 1' }), '221B Baker Street');
  await keys.tabTo(dialog.getByRole('button', { name: 'Save address' }));
  await keys.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'The address has been added.' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Shipping addresses' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // Tab goes through each row's checkbox and buttons, in the order they read.
  const makeDefault = list.getByRole('button', { name: 'Make default: 221B Baker Street' });
  await keys.tabTo(makeDefault);
  await expect(makeDefault).toBeFocused();
  await keys.press('Enter');
  await expect(page.getByText('is now the default.')).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('221B Baker Street');
  withinBudget('address added and made default', keys);

  // 3. The order is delivered; the customer reviews it.
  await operator(request, orderId, 'start_production');
  await operator(request, orderId, 'ship', [{ logisticsCompany: 'DHL Express', trackNumber: 'JD014600006281230985' }]);
  await operator(request, orderId, 'deliver');
  await page.goto(`/manufacture/user/order/detail/${orderId}`);
  const review = page.getByRole('region', { name: 'Your review' });
  await expect(review).toBeVisible();
  keys = new Keyboard(page);
  for (const [group, stars] of [['Overall', 5], ['Workmanship', 4], ['Product', 5], ['Service', 5], ['Logistics', 3]] as const) {
    await keys.pick(review.getByRole('radiogroup', { name: group }), review.getByRole('radiogroup', { name: group }).getByRole('radio', { name: `${stars} stars of 5` }));
  }
  await keys.fill(review.getByRole('textbox', { name: 'Comments (optional)' }), 'Clean parts, on time.');
  await keys.tabTo(review.getByRole('button', { name: 'Send the review' }));
  await keys.press('Enter');
  await expect(page.getByText('Thank you for your review.')).toBeVisible();
  await expect(review).toContainText('Clean parts, on time.');
  withinBudget('review of a delivered order', keys);
});
