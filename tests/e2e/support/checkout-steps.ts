import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { openQuotePage } from './quote-page.ts';

const CAD = path.resolve('tests', 'fixtures', 'cad');

/** Quotes the 10 mm cube in white (quantity as given) and adds it to the cart, which opens the checkout. */
export async function quoteAndAddToCart(page: Page, quantity?: number): Promise<void> {
  await openQuotePage(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(path.join(CAD, 'cube-10x10mm--cube-10x10.stl'));
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('radiogroup', { name: 'Colour' }).getByText('White').click();
  if (quantity !== undefined) {
    await page.getByRole('textbox', { name: 'Quantity' }).fill(String(quantity));
    await page.getByRole('textbox', { name: 'Quantity' }).press('Tab');
  }
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeVisible();
}

export async function chooseCarrier(page: Page): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Carrier' }).getByText('DHL Express').click();
  await page.getByRole('textbox', { name: 'DHL Express account number' }).fill('965432100');
}

/**
 * An option of the combo box `name` chosen as a person does: once the field can be typed in (it is
 * drawn disabled while its list loads), a few letters typed key by key, then the option pressed.
 */
export async function chooseFromComboBox(page: Page, name: string, typed: string, option: string): Promise<void> {
  const field = page.getByRole('combobox', { name });
  await expect(field).toBeEnabled();
  await field.pressSequentially(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The phone code is chosen from the list (spec section 5), typed as a person types. */
export async function choosePhoneCode(page: Page, typed: string, option: string): Promise<void> {
  await chooseFromComboBox(page, 'Phone code', typed, option);
}

/** A new US shipping address and a billing location, typed key by key as a person types. */
export async function fillUsAddress(page: Page): Promise<void> {
  await choosePhoneCode(page, 'United Sta', 'United States (+1)');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('4155550100');
  await chooseFromComboBox(page, 'Country', 'United Sta', 'United States');
  await chooseFromComboBox(page, 'State or province', 'Califor', 'California');
  await page.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('94103');
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('500 Howard Street');
  await page.getByRole('textbox', { name: 'Billing location' }).fill('San Francisco, CA, USA');
}

/** Places the order; answers the amount due as the payment page shows it ("$12.34"). */
export async function placeOrder(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout\/payment\?order=/);
  const amount = (await page.getByTestId('amount-due').textContent())!;
  expect(amount).toMatch(/^\$\d/);
  return amount;
}

export async function fillCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
}

/** Cents of a "$1,234.56" text. */
export function centsOf(money: string): number {
  return Math.round(Number(money.replace(/[^0-9.-]/g, '')) * 100);
}
