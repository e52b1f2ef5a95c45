import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type FileChooser, type Page } from '@playwright/test';
import { signUpAndActivate } from './support/accounts.ts';
import { chooseCarrier, fillUsAddress, placeOrder } from './support/checkout-steps.ts';
import { openOutbox } from './support/outbox.ts';
import { cubesAndPlate, wideFlatPlate } from './support/generated-parts.ts';
import { choosePart, openQuotePage, partRow, partsSettled, partsTable } from './support/quote-page.ts';

/**
 * One quote for the whole job (issue 34), through the UI on the real server: the parts table, edits
 * to several parts at once, assemblies as a bill of materials, manual review, drawings and notes.
 */

const CAD = path.resolve('tests', 'fixtures', 'cad');
const cad = (name: string) => ({ name, mimeType: 'application/octet-stream', buffer: fs.readFileSync(path.join(CAD, name)) });

async function drop(page: Page, files: Parameters<FileChooser['setFiles']>[0]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(files);
}

/** Ticks or unticks a box as a person does: a click on the box drawn over React Aria's hidden input (its label). */
async function toggle(box: ReturnType<Page['getByRole']>) {
  await box.locator('xpath=ancestor::label[1]').click();
}

test.beforeEach(async ({ page }) => {
  await openQuotePage(page);
  await page.getByRole('button', { name: 'Accept cookies' }).click();
});

test('the parts table: every part with its status and price, an assembly’s parts named apart, the total with the latest ship date; a row configures its part; usable at 320 px', async ({ page }) => {
  test.setTimeout(120_000);
  await drop(page, [
    cad('cube-10x10mm--cube-10x10.stp'),
    cad('cube-units--cube-in.step'),
    { name: 'fixture.stl', mimeType: 'model/stl', buffer: cubesAndPlate() },
  ]);
  await partsSettled(page, 3, 60_000);
  const table = partsTable(page);
  // The first column holds the boxes that tick parts for a change to several at once.
  await expect(table.getByRole('columnheader')).toHaveText(['Select all parts', 'Part', 'Status', 'Quantity', 'Unit price', 'Line total', 'Lead time']);

  // The cube is priced; the one-metre cube cannot be made by any machine: no price, and why.
  const cube = partRow(page, 'cube-10x10mm--cube-10x10.stp');
  await expect(cube).toContainText('Priced');
  await expect(cube).toContainText(/\$\d/);
  await expect(cube).toContainText(/\d+ working days/);
  const big = partRow(page, 'cube-units--cube-in.step');
  await expect(big).toContainText('No price');

  // The assembly is split: its parts take its row, each its own name with the assembly beneath.
  await choosePart(page, 'fixture.stl');
  await page.getByRole('button', { name: 'Split into 2 parts' }).click();
  await expect(partRow(page, 'Body 1')).toContainText('in fixture.stl', { timeout: 30_000 });
  await expect(partRow(page, 'Body 5')).toContainText('in fixture.stl');
  await partsSettled(page, 4);

  // The quote's total counts the priced parts and says the latest ship date and what it leaves out.
  const total = page.getByTestId('quote-total');
  await expect(total).toContainText(/Quote total: \$[\d,.]+ for 3 priced parts/);
  await expect(total).toContainText(/Everything ships by \w{3}, \w{3} \d+, \d{4}/);
  await expect(total).toContainText('1 part is not counted: no price yet, or something to check first.');

  // Choosing a part configures it: its configurator heading takes the focus.
  await choosePart(page, 'Body 5');
  await expect(page.getByRole('heading', { name: /Configure fixture\.stl – Body 5/ })).toBeFocused();
  await expect(partRow(page, 'Body 5')).toContainText('Being configured');
  // Tab from a part's name passes its Remove and the next row's box, then reaches the next part's name.
  await partRow(page, 'cube-10x10mm--cube-10x10.stp').getByRole('button', { name: 'cube-10x10mm--cube-10x10.stp', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Remove cube-10x10mm--cube-10x10.stp' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Select cube-units--cube-in.step' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'cube-units--cube-in.step', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Configure cube-units--cube-in\.step/ })).toBeVisible();

  // At 320 px the table stacks each part's values: the page never scrolls sideways.
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(partRow(page, 'Body 1')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('several parts at once: one change to the ticked parts, refused where not valid with one summary; every priced part to the cart in one action', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndActivate(page, 'Bea');
  await openQuotePage(page);
  const cube = cad('cube-10x10mm--cube-10x10.stp');
  await drop(page, [cube, { ...cube, name: 'cube-b.stp' }, { name: 'plate.stl', mimeType: 'model/stl', buffer: wideFlatPlate() }]);
  await partsSettled(page, 3, 60_000);

  // All three ticked; Nylon PA12 (SLS) for all: the plate is too wide for its machines and keeps its resin.
  await toggle(partsTable(page).getByRole('checkbox', { name: 'Select All' }));
  const bar = page.getByRole('region', { name: 'Change the 3 ticked parts' });
  await bar.getByRole('button', { name: /New Material/ }).click();
  await page.getByRole('option', { name: 'Nylon PA12 (SLS)' }).click();
  await bar.getByRole('button', { name: 'Apply to 3 parts' }).click();
  const summary = bar.getByRole('status');
  await expect(summary).toContainText('Material changed on 2 parts.');
  await expect(summary).toContainText('1 part keeps its configuration (plate.stl):');
  await expect(summary).toContainText('plate.stl: At 400 × 350 × 20 mm the part does not fit the 340 × 340 × 580 mm build volume for Nylon PA12 (SLS), in any orientation.');
  await choosePart(page, 'cube-b.stp');
  await expect(page.getByRole('button', { name: /Nylon PA12 \(SLS\)\s*Material/ })).toBeVisible();

  // Every priced part to the cart: the plate has no colour yet, so it stays, and says so.
  const addAll = page.getByRole('button', { name: 'Add all 3 priced parts to the cart' });
  await addAll.click();
  const cart = page.getByTestId('quote-total').getByRole('status');
  await expect(cart).toContainText('2 parts added to the cart.');
  await expect(cart).toContainText('1 priced part needs a colour first: plate.stl.');
  await expect(cart.getByRole('link', { name: 'Go to the checkout' })).toBeVisible();

  // The plate alone, in white; then everything priced goes in, and the checkout opens with the three parts.
  await toggle(partsTable(page).getByRole('checkbox', { name: 'Select All' }));
  await toggle(partRow(page, 'plate.stl').getByRole('checkbox'));
  const one = page.getByRole('region', { name: 'Change the 1 ticked part' });
  await one.getByRole('button', { name: /What to change/ }).click();
  await page.getByRole('option', { name: 'Colour' }).click();
  await one.getByRole('button', { name: /New Colour/ }).click();
  await page.getByRole('option', { name: 'White' }).click();
  await one.getByRole('button', { name: 'Apply to 1 part' }).click();
  await expect(one.getByRole('status')).toHaveText('Colour changed on 1 part.');
  await expect(partRow(page, 'plate.stl')).not.toContainText('Colour to choose');
  await addAll.click();
  await expect(page).toHaveURL(/\/manufacture\/checkout$/, { timeout: 20_000 });
  const lines = page.getByRole('region', { name: 'Parts' });
  // The three parts, once each (the cubes added first were priced again, not added twice), and the total.
  await expect(lines.getByRole('rowheader')).toHaveText([/^cube-10x10mm--cube-10x10\.stp/, /^cube-b\.stp/, /^plate\.stl/, /^Total/]);
});

test('an assembly as a bill of materials: its parts with their count per assembly in a tree, the number of assemblies multiplying them; keeping one whole stays possible', async ({ page }) => {
  test.setTimeout(150_000);
  await drop(page, [
    { name: 'fixture.stl', mimeType: 'model/stl', buffer: cubesAndPlate() },
    { name: 'kept.stl', mimeType: 'model/stl', buffer: cubesAndPlate() },
  ]);
  await partsSettled(page, 2, 60_000);

  // One assembly is kept as one part: it stays one row, without a bill of materials.
  await choosePart(page, 'kept.stl');
  await page.getByRole('region', { name: 'About kept.stl' }).getByRole('button', { name: 'Keep as one part' }).click();
  await expect(page.getByText('Kept as one part: the file is quoted and made as a single piece.')).toBeVisible();

  // The other is split: a tree of the assembly and its two parts, 1 assembly.
  await choosePart(page, 'fixture.stl');
  await page.getByRole('button', { name: 'Split into 2 parts' }).click();
  const tree = page.getByRole('treegrid', { name: 'Bill of materials of fixture.stl' });
  await expect(tree.getByRole('row')).toHaveText([/^fixture\.stl\s*1 assembly/, /^Body 1\s*4 per assembly · 4 in all/, /^Body 5\s*1 per assembly · 1 in all/], { timeout: 30_000 });
  await expect(page.getByRole('treegrid', { name: /kept\.stl/ })).toHaveCount(0);

  // Three assemblies: every part's quantity follows, priced again, and it is said.
  const assemblies = page.getByRole('textbox', { name: 'Assemblies of fixture.stl' });
  await assemblies.fill('3');
  await assemblies.press('Enter');
  await expect(page.getByTestId('announcer')).toHaveText('fixture.stl: 3 assemblies; every part’s quantity follows.', { timeout: 20_000 });
  await expect(tree.getByRole('row')).toHaveText([/3 assemblies/, /4 per assembly · 12 in all/, /1 per assembly · 3 in all/]);
  await expect(partRow(page, 'Body 1')).toContainText('12');
  await expect(partRow(page, 'Body 1')).toContainText('4 per assembly');

  // A part chosen in the tree is configured, with its quantity.
  await tree.getByText('Body 5', { exact: true }).click();
  await expect(page.getByRole('heading', { name: /Configure fixture\.stl – Body 5/ })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Quantity (pieces)' })).toHaveValue('3');

  // Kept by the server: a reload shows the same bill of materials.
  await page.reload();
  await expect(page.getByRole('treegrid', { name: 'Bill of materials of fixture.stl' }).getByRole('row').first()).toContainText('3 assemblies', { timeout: 30_000 });
  await expect(partRow(page, 'kept.stl')).toBeVisible();
});

const ADMIN = { 'X-Admin-Token': process.env.E2E_ADMIN_TOKEN ?? '' };
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

test('manual review: a part no machine can make goes to our engineers with a note and a drawing; their price is mailed and the part is ordered at it', async ({ page }) => {
  test.setTimeout(150_000);
  const email = await signUpAndActivate(page, 'Rex');
  await openQuotePage(page);
  await drop(page, [cad('cube-units--cube-in.step')]);
  await partsSettled(page, 1, 60_000);
  const row = partRow(page, 'cube-units--cube-in.step');
  await expect(row).toContainText('No price');

  // The dead end is a request: a note and the drawing, checked by its content.
  const panel = page.getByTestId('review-panel');
  await panel.getByRole('textbox', { name: /Note for our engineers/ }).fill('A housing 1 m across: can it be made in two halves, bonded?');
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Attach drawings or pictures' }).click();
  await (await chooser).setFiles({ name: 'housing.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(panel.getByRole('list', { name: 'Files to send' })).toContainText('housing.pdf');
  await panel.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByTestId('announcer')).toHaveText('cube-units--cube-in.step is sent for review: our engineers answer by email.', { timeout: 20_000 });
  await expect(row).toContainText('In review');
  await expect(panel.getByRole('heading', { name: 'In review' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Download housing.pdf' })).toBeVisible();

  // Staff answer with the operator calls (the console comes later).
  const waiting = (await (await page.request.get('/api/manufacture/admin/quote-reviews?status=pending', { headers: ADMIN })).json()) as { list: { id: string; customerEmail: string; attachments: { name: string }[] }[] };
  const mine = waiting.list.find((r) => r.customerEmail === email)!;
  expect(mine.attachments.map((a) => a.name)).toEqual(['housing.pdf']);
  const answered = await page.request.post(`/api/manufacture/admin/quote-reviews/${mine.id}/answer`, {
    headers: ADMIN,
    data: { decision: 'price', unitPrice: '485.50', leadTimeDays: 12, message: 'Made in two halves, bonded and sanded.' },
  });
  expect(answered.status()).toBe(200);

  // The customer is mailed, follows the link, and orders the part at the reviewed price.
  await openOutbox(page, email);
  await expect(page.getByText('Your part "cube-units--cube-in.step" has a price').first()).toBeVisible();
  await page.getByRole('link', { name: /\/manufacture\/quote\/[^?]+\?file=/ }).first().click();
  await expect(row).toContainText('Priced', { timeout: 30_000 });
  await expect(row).toContainText(/Reviewed price, held until/);
  await expect(row).toContainText('$485.50');
  await expect(panel.getByTestId('reviewed-price')).toHaveText('$485.50 per part, $485.50 for 1, made in 12 working days after you order.');
  await expect(panel).toContainText('Our engineers write: “Made in two halves, bonded and sanded.”');
  await panel.getByRole('button', { name: 'Add to cart at the reviewed price' }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout$/, { timeout: 20_000 });
  const line = page.getByRole('region', { name: 'Parts' }).getByRole('row', { name: /cube-units--cube-in\.step/ });
  await expect(line).toContainText('$485.50');
});

test('a drawing and a note go with the part: to the cart line, the order and its page, where the owner downloads the drawing (item 5)', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndActivate(page, 'Dora');
  await openQuotePage(page);
  await drop(page, [cad('cube-10x10mm--cube-10x10.stl')]);
  await partsSettled(page, 1, 60_000);
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible();

  // The drawing is chosen, checked by its content, and attached; the note is saved.
  const docs = page.getByTestId('part-documents');
  const chooser = page.waitForEvent('filechooser');
  await docs.getByRole('button', { name: 'Choose a drawing' }).click();
  await (await chooser).setFiles({ name: 'cube-drawing.pdf', mimeType: 'application/pdf', buffer: PDF });
  await docs.getByRole('button', { name: 'Attach the drawing' }).click();
  await expect(docs.getByRole('button', { name: 'Download cube-drawing.pdf' })).toBeVisible({ timeout: 20_000 });
  const note = docs.getByRole('textbox', { name: 'Note for the factory' });
  await note.fill('Chamfer every edge 0.5 mm.');
  await docs.getByRole('button', { name: 'Save the note' }).click();
  await expect(docs.getByRole('button', { name: 'Save the note' })).toBeDisabled();

  await page.getByRole('radiogroup', { name: 'Colour', exact: true }).getByText('White', { exact: true }).click();
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page).toHaveURL(/\/manufacture\/checkout$/, { timeout: 20_000 });
  const line = page.getByRole('region', { name: 'Parts' }).getByRole('row', { name: /cube-10x10mm/ });
  await expect(line).toContainText('Drawing: cube-drawing.pdf');
  await expect(line).toContainText('Note: Chamfer every edge 0.5 mm.');

  await fillUsAddress(page);
  await chooseCarrier(page);
  await placeOrder(page);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await page.goto(`/manufacture/user/order/detail/${orderId}`);
  await expect(page.getByText('Chamfer every edge 0.5 mm.').first()).toBeVisible({ timeout: 20_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the drawing cube-drawing.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('cube-drawing.pdf');
});
