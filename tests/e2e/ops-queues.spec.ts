import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpAndActivate } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openOutbox } from './support/outbox.ts';
import { CUBE, operator, payByCard, placeOrder, quoteCube } from './support/orders.ts';
import { openQuotePage, partRow, partsSettled } from './support/quote-page.ts';
import { createStaff, openConsole } from './support/staff.ts';

/** The console's queues (issue 38 items 4 and 5): a claim approved, a review answered, through the UI. */
const PART = CUBE.replace(/\.[^.]+$/, '');

/** An operator created by the first admin's command, signed in through both steps. */
async function operatorConsole(browser: Browser): Promise<Page> {
  const email = `otto.${Date.now()}@shop.example`;
  const staff = await openConsole(browser, email, createStaff(email, 'operator', 'Otto', 'Operator'));
  await expect(staff.getByRole('heading', { name: 'Orders' })).toBeVisible();
  return staff;
}

test('an operator approves an after-sale claim: the refabrication is made at no charge and the customer sees it', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  await signUpAndActivate(page, 'Cleo');
  await quoteCube(page);
  const orderId = await placeOrder(page);
  const number = await payByCard(page);
  await operator(request, orderId, 'start_production');
  await operator(request, orderId, 'ship', [{ logisticsCompany: 'DHL Express', trackNumber: '42' }]);

  // The customer asks for the part to be made again.
  await page.goto('/manufacture/user/order/after-sale');
  await page.getByRole('button', { name: 'Ask for parts to be made again' }).click();
  const form = page.getByRole('form', { name: 'After-sale request' });
  await form.getByRole('textbox', { name: 'Your order number' }).fill('PO-CLAIM');
  await form.getByRole('textbox', { name: 'Wedo order number' }).fill(number);
  await form.getByRole('textbox', { name: 'Wedo order number' }).press('Tab');
  await form.getByRole('checkbox', { name: PART }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('textbox', { name: `How many ${PART} to make again` }).fill('1');
  await form.getByRole('button', { name: 'Send the request' }).click();
  const sent = page.getByText(new RegExp(`After-sale request (AS\\d+) for order ${number} is sent`));
  await expect(sent).toBeVisible();
  const claim = /AS\d+/.exec((await sent.textContent()) ?? '')?.[0] ?? '';

  // The operator finds it in the queue and approves it.
  const staff = await operatorConsole(browser);
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'After-sale claims' }).click();
  const card = staff.getByRole('article', { name: `Claim ${claim} · order ${number}` });
  await expect(card).toContainText(`${PART}: 1 of 1 ordered`);
  await expectNoAxeViolations(staff);
  await card.getByRole('button', { name: `Approve claim ${claim}` }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  const done = staff.getByText(new RegExp(`Claim ${claim} approved: order (W\\d+) made at no charge\\.`)).first();
  await expect(done).toBeVisible();
  const refab = /order (W\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '';
  await expect(card).toHaveCount(0);

  // The customer's after-sale page says it.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: 'PO-CLAIM' });
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText(`Made again at no charge as order ${refab}.`);
});

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
const STEP = path.resolve('tests', 'fixtures', 'cad', 'cube-units--cube-in.step');

test('an operator answers a manual review with a price from the console; the customer is mailed', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = await signUpAndActivate(page, 'Rhea');
  await openQuotePage(page);
  const upload = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await upload).setFiles({ name: 'cube-units--cube-in.step', mimeType: 'application/octet-stream', buffer: fs.readFileSync(STEP) });
  await partsSettled(page, 1, 60_000);
  await expect(partRow(page, 'cube-units--cube-in.step')).toContainText('No price');
  const panel = page.getByTestId('review-panel');
  await panel.getByRole('textbox', { name: /Note for our engineers/ }).fill('Can it be made in two halves?');
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Attach drawings or pictures' }).click();
  await (await chooser).setFiles({ name: 'housing.pdf', mimeType: 'application/pdf', buffer: PDF });
  await panel.getByRole('button', { name: 'Send for review' }).click();
  await expect(panel.getByRole('heading', { name: 'In review' })).toBeVisible({ timeout: 20_000 });

  const staff = await operatorConsole(browser);
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Manual reviews' }).click();
  const card = staff.getByRole('article').filter({ hasText: `Customer: ${email}` });
  await expect(card).toContainText('Can it be made in two halves?');
  await expect(card.getByRole('button', { name: 'Download housing.pdf' })).toBeVisible();
  await expectNoAxeViolations(staff);
  const download = staff.waitForEvent('download');
  await card.getByRole('button', { name: 'Download housing.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('housing.pdf');

  await card.getByRole('button', { name: 'Answer with a price for cube-units--cube-in.step' }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Unit price (US dollars)' }).fill('485.50');
  await dialog.getByRole('textbox', { name: 'Lead time (working days)' }).fill('12');
  await dialog.getByRole('textbox', { name: 'Message to the customer (optional)' }).fill('In two halves, bonded.');
  await dialog.getByRole('button', { name: 'Send the answer' }).click();
  await expect(staff.getByText('The answer for cube-units--cube-in.step is sent to the customer.').first()).toBeVisible();
  await expect(card).toHaveCount(0);

  await openOutbox(page, email);
  await expect(page.getByText(/485\.50/).first()).toBeVisible();
});
