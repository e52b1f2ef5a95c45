import { expect, test } from '@playwright/test';
import { signUpAndActivate } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openOutbox } from './support/outbox.ts';
import { payByCard, placeOrder, quoteCube } from './support/orders.ts';
import { createStaff, openConsole } from './support/staff.ts';

test('an operator finds a customer, sets a flag and the success manager, adjusts the balance, and charges an additional cost the customer sees', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const customerEmail = await signUpAndActivate(page, 'Cyd');
  await quoteCube(page);
  await placeOrder(page);
  const number = await payByCard(page);

  const stamp = Date.now();
  const managerEmail = `mia.${stamp}@shop.example`;
  createStaff(managerEmail, 'success_manager', 'Mia', 'Manager');
  const operatorEmail = `otto.${stamp}@shop.example`;
  const staff = await openConsole(browser, operatorEmail, createStaff(operatorEmail, 'operator', 'Otto', 'Operator'));

  // Find the customer by part of their email.
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Customers' }).click();
  await expect(staff.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Email, name or company' }).fill(customerEmail.slice(0, 12).toUpperCase());
  await staff.keyboard.press('Enter');
  const row = staff.getByRole('row').filter({ hasText: customerEmail });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(staff);
  await row.getByRole('link').click();
  await expect(staff.getByRole('heading', { name: /^Customer Cyd/ })).toBeVisible();

  // The record: member, and Mia as the success manager, with a reason.
  const record = staff.getByRole('form', { name: 'What the account may do' });
  await expect(record.getByRole('checkbox', { name: 'May reload the balance' })).toBeChecked();
  await record.getByRole('checkbox', { name: 'Member (business account)' }).focus();
  await staff.keyboard.press('Space');
  await expect(record.getByRole('checkbox', { name: 'Member (business account)' })).toBeChecked();
  await record.getByRole('button', { name: /Customer success manager/ }).click();
  await staff.getByRole('option', { name: new RegExp(`Mia Manager \\(${managerEmail.replace(/\./g, '\\.')}\\)`) }).click();
  await record.getByRole('textbox', { name: 'Reason (optional)' }).fill('Signed the business terms');
  await record.getByRole('button', { name: 'Save the record' }).click();
  const audit = staff.getByRole('region', { name: 'Staff actions about this customer' });
  await expect(audit).toContainText('Account record changed');
  await expect(audit).toContainText('Member (business account): from no to yes');
  await expect(audit).toContainText(`Success manager: ${managerEmail}`);
  await expect(audit).toContainText('Signed the business terms');

  // The balance: a debit below zero is refused, a credit is a ledger entry.
  const balance = staff.getByRole('form', { name: 'Adjust the balance' });
  await balance.getByRole('textbox', { name: 'Amount (USD)' }).fill('-10');
  await balance.getByRole('textbox', { name: 'Reason' }).fill('Correction');
  await balance.getByRole('button', { name: 'Adjust the balance' }).click();
  await expect(balance.getByRole('alert')).toContainText('cannot go below zero');
  await balance.getByRole('textbox', { name: 'Amount (USD)' }).fill('25');
  await balance.getByRole('textbox', { name: 'Reason' }).fill('Goodwill for the late delivery');
  await balance.getByRole('button', { name: 'Adjust the balance' }).click();
  await expect(staff.getByRole('region', { name: 'Account', exact: true })).toContainText('$25.00');
  await expect(audit).toContainText('Balance: from $0.00 to $25.00');
  await expectNoAxeViolations(staff);

  // An additional cost from the order's page.
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Orders' }).click();
  await staff.getByRole('searchbox', { name: 'Order ID, PO number or customer email' }).fill(customerEmail);
  await staff.keyboard.press('Enter');
  await staff.getByRole('link', { name: number }).click();
  await expect(staff.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await staff.getByRole('button', { name: 'Add an additional cost' }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('0.50');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Extra sanding asked by phone');
  await dialog.getByRole('button', { name: 'Send to the customer' }).click();
  await expect(dialog.getByRole('alert')).toContainText('at least 1.00');
  await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('45.50');
  await dialog.getByRole('button', { name: 'Send to the customer' }).click();
  const costs = staff.getByRole('region', { name: 'Additional costs' });
  await expect(costs).toContainText('$45.50');
  await expect(costs).toContainText('Extra sanding asked by phone');
  await expect(staff.getByRole('region', { name: 'Staff actions', exact: true })).toContainText('Additional cost created');
  await expectNoAxeViolations(staff);

  // The customer's side: the additional cost to pay, its mail, and the balance's transaction.
  await page.goto('/manufacture/user/order/additional-cost');
  await expect(page.getByText('Extra sanding asked by phone').first()).toBeVisible();
  await page.goto('/manufacture/user/account/balance');
  await expect(page.getByText('$25.00').first()).toBeVisible();
  await page.getByRole('link', { name: 'Balance transactions' }).click();
  await expect(page.getByText('Goodwill for the late delivery').first()).toBeVisible();
  await openOutbox(page, customerEmail);
  await expect(page.getByText(new RegExp(`We added an additional cost of \\$45\\.50 to your order ${number}`)).first()).toBeVisible();
});

test('a success manager reads only their customers, and cannot change them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const customerEmail = await signUpAndActivate(page, 'Dee');
  const stamp = Date.now();
  const managerEmail = `sam.${stamp}@shop.example`;
  const managerSecret = createStaff(managerEmail, 'success_manager', 'Sam', 'Manager');
  const manager = await openConsole(browser, managerEmail, managerSecret);
  await manager.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Customers' }).click();
  await manager.getByRole('searchbox', { name: 'Email, name or company' }).fill(customerEmail);
  await manager.keyboard.press('Enter');
  await expect(manager.getByRole('heading', { name: 'No customer matches this search.' })).toBeVisible();
  await expect(manager.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Bank transfers' })).toHaveCount(0);
});
