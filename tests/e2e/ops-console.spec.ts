import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { signUpAndActivate } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openOutbox } from './support/outbox.ts';
import { payByCard, placeOrder, quoteCube } from './support/orders.ts';
import { STAFF_PASSWORD, createStaff } from './support/staff.ts';

const TRACK = '1Z999AA10123456784';

test('an operator signs in with a second factor, finds the paid order on the board, reads its files and takes it to delivered; the customer is mailed and sees it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const customerEmail = await signUpAndActivate(page, 'Ada');
  await quoteCube(page);
  const orderId = await placeOrder(page);
  const number = await payByCard(page);

  const staffEmail = `olga.${Date.now()}@shop.example`;
  const secret = createStaff(staffEmail, 'operator');
  const staff = await (await browser.newContext()).newPage();

  // Sign-in: email and password, then the authenticator's code.
  await staff.goto('/manufacture/ops/');
  await expect(staff.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.getByRole('textbox', { name: 'Email' }).fill(staffEmail);
  await staff.getByRole('textbox', { name: 'Password' }).fill(STAFF_PASSWORD);
  await staff.getByRole('button', { name: 'Continue' }).click();
  await staff.getByRole('textbox', { name: 'Code' }).fill('000000');
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByText(/This code is wrong/).first()).toBeVisible();
  await staff.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret }));
  await staff.getByRole('button', { name: 'Sign in' }).click();

  // The orders: found by the customer's email, filtered to paid.
  await expect(staff.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(staff).toHaveURL(/\/manufacture\/ops\/orders/);
  await staff.getByRole('searchbox', { name: 'Order ID, PO number or customer email' }).fill(customerEmail);
  await staff.keyboard.press('Enter');
  await expectNoAxeViolations(staff);
  // The board shows it under Paid (newest first), and its card opens the order.
  await staff.getByRole('tab', { name: 'Board' }).click();
  const paid = staff.getByRole('region', { name: /^Paid/ });
  await expect(paid.getByRole('link', { name: number })).toBeVisible();
  await expect(staff).toHaveURL(/view=board/);
  await expectNoAxeViolations(staff);
  await paid.getByRole('link', { name: number }).click();
  await expect(staff.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Customer' })).toContainText(customerEmail);

  // The order's files: the part's picture drawn from its model, and the model itself to download.
  const files = staff.getByRole('region', { name: 'Files' });
  await files.scrollIntoViewIfNeeded();
  await expect(files.getByRole('img', { name: /^Picture of cube-10x10mm.*, drawn from its model$/ })).toBeVisible({ timeout: 30_000 });
  const download = staff.waitForEvent('download');
  await files.getByRole('button', { name: /^Download cube-10x10mm/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^cube-10x10mm.*\.stl$/i);
  // The part in 3D (ADR 231): the server's mesh drawn on a canvas; the button keeps the focus and brings the picture back.
  await files.getByRole('button', { name: 'View in 3D' }).click();
  const model = files.getByRole('img', { name: /^3D model of cube-10x10mm/ });
  await expect(model.locator('canvas')).toBeVisible({ timeout: 30_000 });
  const back = files.getByRole('button', { name: 'Back to the picture' });
  await expect(back).toBeFocused();
  await back.press('Enter');
  await expect(files.getByRole('button', { name: 'View in 3D' })).toBeFocused();
  await expect(files.getByRole('img', { name: /^Picture of cube-10x10mm.*, drawn from its model$/ })).toBeVisible();

  // Into production, shipped with its tracking number, delivered: each through its dialog.
  await staff.getByRole('button', { name: 'Start production' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Start production' }).click();
  await expect(staff.getByRole('button', { name: 'Mark shipped' })).toBeVisible();
  await staff.getByRole('button', { name: 'Mark shipped' }).click();
  const ship = staff.getByRole('dialog');
  await ship.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
  await ship.getByRole('textbox', { name: 'Tracking number' }).fill(TRACK);
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await staff.getByRole('button', { name: 'Mark delivered' }).click();
  await staff.getByRole('dialog').getByRole('textbox', { name: 'Note (optional)' }).fill('Signed for at reception');
  await staff.getByRole('dialog').getByRole('button', { name: 'Mark delivered' }).click();
  await expect(staff.getByText('Nothing is open to you for this order now.')).toBeVisible();
  const audit = staff.getByRole('region', { name: 'Staff actions' });
  await expect(audit.getByRole('listitem')).toHaveCount(3);
  await expect(audit).toContainText('Signed for at reception');
  await expectNoAxeViolations(staff);

  // The customer's page says it, and the mail carries the tracking number.
  await page.goto(`/manufacture/user/order/detail/${orderId}`);
  await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tracking' })).toContainText(TRACK);
  await openOutbox(page, customerEmail);
  await expect(page.getByText(`Your order ${number} has shipped with UPS, tracking number ${TRACK}.`)).toBeVisible();

  // A customer's session opens nothing of the console: the same browser is asked to sign in as staff.
  await page.goto('/manufacture/ops/orders');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
});

test('an operator confirms a bank transfer with the amount received; short is refused, over goes to the balance', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const customerEmail = await signUpAndActivate(page, 'Bea');
  await quoteCube(page);
  const orderId = await placeOrder(page);
  await page.getByRole('radio', { name: /Bank transfer/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to confirm' }).click();
  await page.getByRole('button', { name: 'Show the bank accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  await page.goto(`/manufacture/user/order/detail/${orderId}`);
  await expect(page.getByText('Awaiting bank transfer', { exact: true }).first()).toBeVisible();

  const staffEmail = `oscar.${Date.now()}@shop.example`;
  const secret = createStaff(staffEmail, 'operator');
  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/manufacture/ops/');
  await staff.getByRole('textbox', { name: 'Email' }).fill(staffEmail);
  await staff.getByRole('textbox', { name: 'Password' }).fill(STAFF_PASSWORD);
  await staff.getByRole('button', { name: 'Continue' }).click();
  await staff.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret }));
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Bank transfers' }).click();
  await staff.getByRole('searchbox', { name: 'Reference or customer email' }).fill(customerEmail);
  await staff.keyboard.press('Enter');
  const row = staff.getByRole('row').filter({ hasText: customerEmail });
  await expect(row).toHaveCount(1);
  const reference = (await row.getByRole('rowheader').textContent())!;
  const due = (await row.getByRole('cell').nth(2).textContent())!;
  const dueCents = Math.round(Number(due.replace(/[^0-9.]/g, '')) * 100);
  await expectNoAxeViolations(staff);

  await row.getByRole('button', { name: `Confirm the transfer for ${reference}` }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Amount received (USD)' }).fill(((dueCents - 100) / 100).toFixed(2));
  await expect(dialog.getByRole('status')).toContainText('Short by $1.00');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toContainText('it keeps waiting');
  await dialog.getByRole('textbox', { name: 'Amount received (USD)' }).fill(((dueCents + 500) / 100).toFixed(2));
  await expect(dialog.getByRole('status')).toContainText('Over by $5.00');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(staff.getByRole('main').getByText(`${reference} is paid; $5.00 went to the customer’s balance.`)).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'No waiting transfer has this reference or email.' })).toBeVisible();

  await page.reload();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
});
