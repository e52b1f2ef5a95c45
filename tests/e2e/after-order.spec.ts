import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, signUpAndActivate } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { makeEntrustOrderAccount } from './support/database.ts';
import { CUBE, operator, payByCard, placeOrder, quoteCube } from './support/orders.ts';

const PART = CUBE.replace(/\.stl$/, '');
const TRACK = 'JD0146000012345678';

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Rates one of the review's five ratings by keyboard: focus the star, Space. */
async function rate(page: Page, group: string, stars: number) {
  await page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: `${stars} ${stars === 1 ? 'star' : 'stars'} of 5` }).focus();
  await page.keyboard.press('Space');
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('after delivery: tracking copied, a review, a reorder priced again, and an after-sale request that breaks each rule once', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signUpAndActivate(page, 'Ada');
  const quoted = await quoteCube(page);
  const orderId = await placeOrder(page);
  const number = await payByCard(page);

  // Customer service ships it with a tracking number (the operator API).
  await operator(request, orderId, 'start_production');
  await operator(request, orderId, 'ship', [{ logisticsCompany: 'DHL Express', trackNumber: TRACK }]);

  await page.goto(`/manufacture/user/order/detail/${orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
  const tracking = page.getByRole('region', { name: 'Tracking' });
  await expect(tracking).toContainText('DHL Express');
  await expect(tracking.getByTestId('track-number')).toHaveText(TRACK);
  await tracking.getByRole('button', { name: `Copy tracking number ${TRACK}` }).click();
  await expect(tracking.getByRole('button', { name: `Copied tracking number ${TRACK}` })).toHaveText('Copied');
  expect(await clipboard(page)).toBe(TRACK);
  await page.getByRole('button', { name: `Copy order ID ${number}` }).click();
  await expect.poll(() => clipboard(page)).toBe(number);
  // A shipped order may be reviewed already: the form is there.
  await expect(page.getByRole('form', { name: 'Review this order' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Delivered: the customer reviews it; the review is shown back.
  await operator(request, orderId, 'deliver');
  await page.reload();
  await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();
  const review = page.getByRole('region', { name: 'Your review' });
  await review.getByRole('button', { name: 'Send the review' }).click();
  await expect(review.getByText('Please give a rating from 1 to 5.')).toHaveCount(5);
  await rate(page, 'Overall', 5);
  await rate(page, 'Workmanship', 4);
  await rate(page, 'Product', 5);
  await rate(page, 'Service', 5);
  await rate(page, 'Logistics', 3);
  await review.getByRole('textbox', { name: 'Comments (optional)' }).fill('Sharp edges, fast delivery.');
  await review.getByRole('button', { name: 'Send the review' }).click();
  await expect(page.getByText('Thank you for your review.')).toBeVisible();
  await expect(review).toContainText('Workmanship');
  await expect(review).toContainText('4 out of 5');
  await expect(review).toContainText('Sharp edges, fast delivery.');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your review' })).toContainText('3 out of 5');

  // Reorder: a new project with the same part and options, priced again (the same price today).
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page.getByText('A new project holds the parts of this order.')).toBeVisible();
  await expect(page.getByText('the prices are the same as in this order')).toBeVisible();
  await page.getByRole('link', { name: `Open Reorder of ${number}` }).click();
  await expect(page).toHaveURL(/\/manufacture\/quote\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('total')).toHaveText(quoted);
  // TODO(quote): once a reopened project shows its 3D preview (the quote issue), check it here:
  // await expect(page.getByRole('figure', { name: `3D preview of ${CUBE}` })).toBeVisible();

  // After-sale: every rule of spec section 5 broken once, then a request that passes.
  await page.goto('/manufacture/user/order/after-sale');
  await page.getByRole('button', { name: 'Ask for parts to be made again' }).click();
  const form = page.getByRole('form', { name: 'After-sale request' });
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form.getByText('Order number is required.', { exact: true })).toBeVisible();
  await expect(form.getByText('Wedo order number is required.')).toBeVisible();
  await expect(form.getByText('Please select at least one product.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Your order number' }).fill('PO-AS-1');
  await form.getByRole('textbox', { name: 'Wedo order number' }).fill(number.toLowerCase());
  await form.getByRole('textbox', { name: 'Wedo order number' }).press('Tab');
  await form.getByRole('checkbox', { name: PART }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: PART })).toBeChecked();
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form.getByText('Please fill in the quantity of each selected product.')).toBeVisible();
  const quantity = form.getByRole('textbox', { name: `How many ${PART} to make again` });
  await quantity.fill('2');
  await quantity.press('Tab');
  await expect(form.getByText('The refabricate quantity must not exceed the original quantity (1).')).toBeVisible();
  await quantity.fill('1');
  await quantity.press('Tab');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText(new RegExp(`After-sale request AS\\d+ for order ${number} is sent`))).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'PO-AS-1' });
  await expect(row).toContainText(number);
  await expect(row).toContainText(`${PART}: 1 of 1`);
  await expect(row).toContainText('In review');
  await expectNoAxeViolations(page);
});

test('projects: found again, renamed, opened with the same part and price; the upload history lists the file', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAndActivate(page, 'Lin');
  const quoted = await quoteCube(page);

  await page.goto('/manufacture/user/project');
  const projects = page.getByRole('list', { name: 'Projects' });
  await expect(projects.getByRole('listitem')).toHaveCount(1);
  const picture = projects.getByRole('img', { name: `The first part, ${CUBE}` });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveJSProperty('naturalWidth', 160);
  const name = (await projects.getByRole('heading', { level: 2 }).textContent())!;
  await expectNoAxeViolations(page);

  // A search that finds nothing says so; the search is in the address.
  await page.getByRole('searchbox', { name: 'Project name' }).fill('no-such-project');
  await page.getByRole('searchbox', { name: 'Project name' }).press('Enter');
  await expect(page.getByText('No project is named like “no-such-project”')).toBeVisible();
  await expect(page).toHaveURL(/q=no-such-project/);
  await page.getByRole('button', { name: 'Show all projects' }).click();

  await page.getByRole('button', { name: `Rename ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename the project' });
  await dialog.getByRole('textbox', { name: 'Project name' }).fill('Bracket v2');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The project is now called Bracket v2.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Project name' }).fill('BRACKET');
  await page.getByRole('searchbox', { name: 'Project name' }).press('Enter');
  await expect(projects.getByRole('heading', { level: 2 })).toHaveText('Bracket v2');

  await page.getByRole('link', { name: 'Files of Bracket v2' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bracket v2' })).toBeVisible();
  const file = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: CUBE });
  await expect(file).toContainText('10 × 10 × 10 mm');
  await expect(file).toContainText('White');
  await expect(file).toContainText(quoted.match(/\$[\d,.]+/)![0]);
  await expectNoAxeViolations(page);
  await file.getByRole('link', { name: `Open in the quote page: ${CUBE}` }).click();
  await expect(page).toHaveURL(/\/manufacture\/quote\/[0-9a-f-]{36}\?file=/);
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('total')).toHaveText(quoted);

  await page.goto('/manufacture/user/order/upload-history');
  await expect(page.getByText('We keep the files you upload for 3 months')).toBeVisible();
  const upload = page.getByRole('row').filter({ hasText: CUBE });
  await expect(upload.getByRole('link', { name: 'Bracket v2' })).toHaveAttribute('href', /\/manufacture\/user\/project\/fileList\/[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page);

  // The order history: a search that finds nothing says "Can not found an order.".
  await page.goto('/manufacture/user/order/history?q=W0000');
  await expect(page.getByRole('heading', { name: 'Can not found an order.' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Order ID or PO number' })).toHaveValue('W0000');
  await expectNoAxeViolations(page);
});

test('an unpaid order: a payment link copied for someone else, the proforma invoice, then cancelled after a confirmation', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAndActivate(page, 'Kim');
  await quoteCube(page);
  const orderId = await placeOrder(page);
  await page.goto(`/manufacture/user/order/detail/${orderId}`);
  const heading = page.getByRole('heading', { level: 2, name: /^Order W\d+$/ });
  const number = (await heading.textContent())!.replace('Order ', '');

  await page.getByRole('button', { name: 'Create a payment link' }).click();
  const link = page.getByRole('textbox', { name: 'Payment link' });
  await expect(link).toHaveValue(/\/manufacture\/checkout\/agency-payment\?token=/);
  await page.getByRole('button', { name: 'Copy the payment link' }).click();
  await expect.poll(() => clipboard(page)).toBe(await link.inputValue());

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the proforma invoice (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(`proforma-invoice-${number}.pdf`);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Cancel the order' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Cancel order ${number}?` });
  await expect(confirm).toContainText('nothing is charged or refunded');
  await expect(confirm.getByRole('button', { name: 'Keep the order' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page.getByText('The order is cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel the order' })).toHaveCount(0);

  // The history's status filter finds it among the cancelled orders, and keeps the filter in the address.
  await page.goto('/manufacture/user/order/history');
  await page.getByRole('button', { name: /Status/ }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Cancelled');
});

test('an entrust-order account orders on behalf of a customer and sees the customer’s fields in the order', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await signUpAndActivate(page, 'Eve');
  makeEntrustOrderAccount(email);
  await page.reload();
  await quoteCube(page);
  await placeOrder(page, async (p) => {
    await p.getByRole('textbox', { name: 'Customer email' }).fill('buyer@shop.example');
    await p.getByRole('textbox', { name: 'Platform order number' }).fill('SHOP-7781');
    await p.getByRole('textbox', { name: 'Note for the customer' }).fill('Gift wrapped, please.');
  });
  const number = await payByCard(page);
  await page.getByRole('link', { name: 'Your orders' }).click();
  await page.getByRole('link', { name: number }).click();
  const entrust = page.getByRole('region', { name: 'Ordered for your customer' });
  await expect(entrust).toContainText('buyer@shop.example');
  await expect(entrust).toContainText('SHOP-7781');
  await expect(entrust).toContainText('Gift wrapped, please.');
  await expectNoAxeViolations(page);
});

test('the campaign page: its own title, description and canonical link, and a way into the quote on 3D printing', async ({ page }) => {
  await page.goto('/manufacture/impossible3dprints');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Impossible 3D Prints' })).toBeVisible();
  await expect(page).toHaveTitle(/Impossible 3D Prints/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/manufacture\/impossible3dprints$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /./);
  await expect(page.getByRole('table', { name: /3D printing materials/ })).toContainText('Nylon PA12 (MJF)');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Get an instant 3D printing quote' }).first().click();
  await expect(page).toHaveURL(/\/manufacture\/quote\?technology=3d-printing$/);
});
