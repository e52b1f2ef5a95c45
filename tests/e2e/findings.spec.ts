import { expect, test } from '@playwright/test';
import type { QuoteFile } from '../../domain/api/quote.ts';
import { finelyMeshedThinCup, reversedFacetCube, thinWalledCup } from './support/generated-parts.ts';
import { choosePart, openQuotePage, partsSettled } from './support/quote-page.ts';

test.beforeEach(async ({ page }) => {
  await openQuotePage(page);
  await page.getByRole('button', { name: 'Accept cookies' }).click();
});

test('a thin wall and reversed facets: the findings are on the model, the repaired volume is priced, and the shared quote carries them', async ({ page, context }) => {
  // Two files analysed in the browser and on the server on a loaded machine: waits are on states, the budget is generous.
  test.setTimeout(120_000);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles([
    { name: 'reversed-cube.stl', mimeType: 'model/stl', buffer: reversedFacetCube() },
    { name: 'thin-cup.stl', mimeType: 'model/stl', buffer: thinWalledCup() },
  ]);
  await partsSettled(page, 2);

  // The cube: half its facets were reversed; repaired, it is 1 cm³ and priced, with a note.
  await choosePart(page, 'reversed-cube.stl');
  const cube = page.getByRole('region', { name: /reversed-cube\.stl/ });
  await expect(cube.getByText('1.00 cm³')).toBeVisible();
  await expect(cube.getByText(/6 facets flipped so that every shell faces outwards/)).toBeVisible();
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible({ timeout: 20_000 });

  // The cup: a thin-wall warning with what to do; chosen by keyboard, it is shown on the model.
  await choosePart(page, 'thin-cup.stl');
  const cup = page.getByRole('region', { name: /thin-cup\.stl/ });
  const finding = cup.getByRole('listitem').filter({ hasText: 'Walls are as thin as 0.6 mm' });
  await expect(finding).toBeVisible({ timeout: 20_000 });
  await expect(finding).toContainText('Thicken the highlighted walls');
  const show = finding.getByRole('button', { name: 'Show on the model' });
  await show.focus();
  await page.keyboard.press('Enter');
  const model = cup.getByRole('img', { name: /highlighted in red: Walls are as thin as 0\.6 mm/ });
  await expect(model).toBeFocused();
  await expect(cup.getByRole('status').filter({ hasText: 'Shown on the model: Walls are as thin' })).toBeAttached();
  await expect(finding.getByRole('button', { name: 'Hide on the model' })).toHaveAttribute('aria-pressed', 'true');

  // The shared quote carries the warning and what to do, as the customer saw it (issue 20 item 5).
  await cup.getByRole('radiogroup', { name: 'Colour', exact: true }).getByText('White', { exact: true }).click();
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible({ timeout: 20_000 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy share link' }).click();
  const link = page.getByRole('textbox', { name: 'Share link' });
  await expect(link).toHaveValue(/\/manufacture\/quote\/shared\/[A-Za-z0-9_-]{32}$/, { timeout: 20_000 });
  await page.goto(await link.inputValue());
  const found = page.getByRole('region', { name: 'What we found in the models' });
  await expect(found.getByRole('heading', { level: 3, name: 'thin-cup.stl' })).toBeVisible();
  await expect(found.getByRole('listitem').filter({ hasText: 'Walls are as thin as 0.6 mm' })).toContainText('Thicken the highlighted walls');
});

test('a large file: the price is confirmed before its walls are measured, and the thin wall follows (ADR 145)', async ({ page }) => {
  test.setTimeout(120_000);
  const chooser = page.waitForEvent('filechooser');
  const uploaded = page.waitForResponse((r) => r.request().method() === 'POST' && /\/project\/[^/]+\/files$/.test(new URL(r.url()).pathname), { timeout: 60_000 });
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles([{ name: 'fine-cup.stl', mimeType: 'model/stl', buffer: finelyMeshedThinCup() }]);

  // The server answered with the price's measures and the walls still to come.
  const answer = (await (await uploaded).json()) as QuoteFile;
  expect(answer.checks).toBe('pending');
  expect(answer.findings.map((f) => f.code)).not.toContain('thin-wall');
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible({ timeout: 60_000 });

  // The walls arrive on the page by themselves: the warning with what to do, and the waiting line gone.
  const cup = page.getByRole('region', { name: /fine-cup\.stl/ });
  await expect(cup.getByRole('listitem').filter({ hasText: 'Walls are as thin as 0.6 mm' })).toContainText('Thicken the highlighted walls', { timeout: 30_000 });
  await expect(cup.getByText(/Checking wall thickness and holes/)).toBeHidden();
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible();
});
