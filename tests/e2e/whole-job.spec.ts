import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type FileChooser, type Page } from '@playwright/test';
import { cubesAndPlate } from './support/generated-parts.ts';
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
  await expect(table.getByRole('columnheader')).toHaveText(['', 'Part', 'Status', 'Quantity', 'Unit price', 'Line total', 'Lead time', 'Actions'].filter(Boolean));

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
  await expect(total).toContainText('1 part has no price yet and is not included.');

  // Choosing a row by keyboard configures that part: its configurator heading takes the focus.
  await partRow(page, 'Body 5').getByText('Body 5', { exact: true }).click();
  await expect(page.getByRole('heading', { name: /Configure fixture\.stl – Body 5/ })).toBeFocused();
  await expect(partRow(page, 'Body 5')).toContainText('Being configured');
  await partRow(page, 'cube-10x10mm--cube-10x10.stp').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Configure cube-units--cube-in\.step/ })).toBeVisible();

  // At 320 px the table stacks each part's values: the page never scrolls sideways.
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(partRow(page, 'Body 1')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
