/**
 * Issue 36 in the browser: a machined part's set-ups and undercuts on the model (the tool-access
 * map, ADR 178), its review instead of a price (ADR 177), and the wall-thickness map, by keyboard.
 */
import { expect, test } from '@playwright/test';
import { cncParts } from '../domain/support/cnc-parts.ts';
import { binaryStl } from '../domain/support/solids.ts';
import { openQuotePage } from './support/quote-page.ts';

test('a T-slot block for machining: the tool-access map shows the undercut, the price goes to an engineer, the wall map follows', async ({ page }) => {
  test.setTimeout(120_000);
  const tSlot = (await cncParts()).find((p) => p.name === 't-slot')!;
  await openQuotePage(page, '/manufacture/quote?technology=cnc');
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles([{ name: 't-slot.stl', mimeType: 'model/stl', buffer: Buffer.from(binaryStl(tSlot.positions)) }]);
  const part = page.getByRole('region', { name: /t-slot\.stl/ });
  await expect(part.getByRole('listitem').filter({ hasText: /^Check: Undercut: 2[56]\d\d mm²/ })).toBeVisible({ timeout: 30_000 });

  // No instant price: the review finding says why and what to do.
  await expect(page.getByTestId('no-price')).toContainText("Needs an engineer's review:", { timeout: 20_000 });

  // The tool-access map, chosen from the keyboard: one set-up from the top, the undercut highlighted and listed.
  const maps = part.getByRole('radiogroup', { name: 'Colour the model by' });
  await maps.getByRole('radio', { name: 'Nothing' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(maps.getByRole('radio', { name: 'Tool access' })).toBeChecked();
  await expect(part.getByRole('status').filter({ hasText: 'Tool-access map on the model: 1 set-up, 1 undercut highlighted.' })).toBeAttached({ timeout: 30_000 });
  await expect(part.getByRole('img', { name: /coloured by Tool access/ })).toBeVisible();
  const regions = part.getByRole('list', { name: /Regions of the Tool access map/ });
  await expect(regions).toContainText('Set-up 1, from the top');
  const undercut = regions.getByRole('listitem').filter({ hasText: /^Undercut 1 of 1: 2,5\d\d mm², no cutter reaches it/ });
  await undercut.getByRole('button', { name: 'Show on the model' }).focus();
  await page.keyboard.press('Enter');
  await expect(part.getByRole('img', { name: /highlighted in red: Undercut 1 of 1/ })).toBeVisible();
  await expect(undercut.getByRole('button', { name: 'Hide on the model' })).toHaveAttribute('aria-pressed', 'true');

  // The wall-thickness map, one arrow back: its legend in words.
  await maps.getByRole('radio', { name: 'Tool access' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(maps.getByRole('radio', { name: 'Wall thickness' })).toBeChecked();
  await expect(part.getByRole('status').filter({ hasText: /Wall-thickness map on the model: the thinnest wall is [\d.]+ mm; walls thinner than 1.5 mm/ })).toBeAttached({ timeout: 30_000 });
  await expect(part.getByRole('list', { name: 'Legend of the Wall thickness map' })).toContainText('Thinner than 1.5 mm (warning)');
});
