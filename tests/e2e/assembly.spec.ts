import { expect, test } from '@playwright/test';
import { cubesAndPlate } from './support/generated-parts.ts';
import { choosePart, openQuotePage, partRow, partsSettled, partsTable } from './support/quote-page.ts';

test.beforeEach(async ({ page }) => {
  await openQuotePage(page);
  await page.getByRole('button', { name: 'Accept cookies' }).click();
});

test('a file of five bodies is offered as two parts, split into the cube (quantity 4) and the plate (quantity 1), each priced', async ({ page }) => {
  // Analysed in the browser and on the server, then split in the server's worker, on a loaded machine: waits are on states.
  test.setTimeout(120_000);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles([{ name: 'fixture.stl', mimeType: 'model/stl', buffer: cubesAndPlate() }]);
  await partsSettled(page, 1);

  // The notice says what the file holds and offers the two choices.
  const details = page.getByRole('region', { name: 'About fixture.stl' });
  await expect(details.getByText('This file holds 5 bodies: 2 different parts (4 × Body 1 and 1 × Body 5).')).toBeVisible({ timeout: 20_000 });
  await expect(details.getByRole('button', { name: 'Keep as one part' })).toBeVisible();
  await details.getByRole('button', { name: 'Split into 2 parts' }).click();

  // The two parts take the file's place; the first is selected, its configurator heading focused, the split announced.
  const heading = page.getByRole('heading', { name: /Configure fixture\.stl – Body 1/ });
  await expect(heading).toBeFocused({ timeout: 30_000 });
  await expect(page.getByTestId('announcer')).toHaveText('fixture.stl is now 2 parts, each priced with its quantity.');
  await expect(partRow(page, 'fixture.stl')).toHaveCount(0);
  // Each part shows its own name, with its assembly.
  await expect(partRow(page, 'Body 1')).toContainText('in fixture.stl');
  await expect(page.getByRole('textbox', { name: 'Quantity (pieces)' })).toHaveValue('4');
  await expect(page.getByTestId('total')).toHaveText(/^Total \$\d/);
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^\$[\d.,]+ per part/)).toBeVisible();

  // The plate: quantity 1, priced too.
  await choosePart(page, 'Body 5');
  await expect(page.getByRole('heading', { name: /Configure fixture\.stl – Body 5/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Quantity (pieces)' })).toHaveValue('1');
  await expect(page.getByTestId('total')).toHaveText(/^Total \$\d/);
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^\$[\d.,]+ per part/)).toBeVisible();
  // A part is one body: no notice.
  await expect(page.getByRole('button', { name: /Split into/ })).toHaveCount(0);

  // Reopened, the project holds the two parts, in order.
  await page.reload();
  await expect(partsTable(page).getByText(/^Body \d$/)).toHaveText(['Body 1', 'Body 5'], { timeout: 30_000 });
});

test('keep as one part: the offer goes and does not come back after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles([{ name: 'kept.stl', mimeType: 'model/stl', buffer: cubesAndPlate() }]);
  const details = page.getByRole('region', { name: 'About kept.stl' });
  const keep = details.getByRole('button', { name: 'Keep as one part' });
  await expect(keep).toBeVisible({ timeout: 30_000 });
  await keep.click();
  await expect(details.getByRole('button', { name: 'Split into 2 parts' })).toHaveCount(0);
  // The focus is not lost with the notice: it moves to the words in its place.
  await expect(details.getByText('Kept as one part: the file is quoted and made as a single piece.')).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Configure kept\.stl/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Split into 2 parts' })).toHaveCount(0);
});
