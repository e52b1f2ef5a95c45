import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndActivate } from './support/accounts.ts';

const CAD = path.resolve('tests', 'fixtures', 'cad');

async function upload(page: Page, ...files: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(files.map((f) => path.join(CAD, f)));
}

function total(page: Page) {
  return page.getByTestId('total');
}

test.beforeEach(async ({ page }) => {
  await page.goto('/manufacture/quote?technology=3d-printing');
  await page.getByRole('button', { name: 'Accept cookies' }).click();
});

test('an anonymous visitor drops an STL and a STEP file and sees their measurements', async ({ page }) => {
  await upload(page, 'cube-10x10mm--cube-10x10.stl', 'cube-units--cube-in.step');
  // The project is created on the first drop, through a temporary token.
  await expect(page).toHaveURL(/\/manufacture\/quote\/[0-9a-f-]{36}$/);
  const files = page.getByRole('list', { name: 'Uploaded files' });
  await expect(files.getByText('Uploaded')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByText('10.0 × 10.0 × 10.0 mm').first()).toBeVisible();
  await page.getByRole('button', { name: 'cube-units--cube-in.step', exact: true }).click();
  // The fixture is a one-metre cube written in inches: read in its declared units, it is 1000 mm,
  // too large for every machine, and the file says so before anything is paid.
  await expect(page.getByText('1,000 × 1,000 × 1,000 mm').first()).toBeVisible();
  await expect(page.getByText('Must fix:').first()).toBeVisible();
});

test('painting with 2 colours adds 8 days and moves the ship date; the price shown is the server\'s; a reload keeps the project', async ({ page }) => {
  await upload(page, 'cube-10x10mm--cube-10x10.stp');
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('radiogroup', { name: 'Colour' }).getByText('White').click();
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible();
  const summary = page.getByText(/per part · lead time/);
  const before = Number((await summary.textContent())!.match(/lead time (\d+) working days/)![1]);
  const shipsBefore = (await summary.textContent())!.match(/ships (.+)$/)![1];

  // By keyboard, as a keyboard user would.
  await page.getByRole('checkbox', { name: /^Painting/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: 'Red' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: 'Blue' }).focus();
  await page.keyboard.press('Space');
  await expect(summary).toContainText(`lead time ${before + 8} working days`);
  expect((await summary.textContent())!.match(/ships (.+)$/)![1]).not.toBe(shipsBefore);
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible();
  const shown = await total(page).textContent();

  await page.reload();
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible();
  await expect(total(page)).toHaveText(shown!);
  await expect(summary).toContainText(`lead time ${before + 8} working days`);
});

test('a brass insert with too shallow a hole shows the rule\'s message', async ({ page }) => {
  await upload(page, 'cube-10x10mm--cube-10x10.stl');
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('radiogroup', { name: 'Colour' }).getByText('White').click();
  await page.getByRole('checkbox', { name: /^Brass insert/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('textbox', { name: /Hole depth/ }).fill('5.5');
  await page.getByRole('textbox', { name: /Hole depth/ }).press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: '1.5 mm' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await page.getByRole('textbox', { name: /Hole depth/ }).fill('7');
  await page.getByRole('textbox', { name: /Hole depth/ }).press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: '1.5 mm' })).toHaveCount(0);
});

test('a file that is not CAD is refused by its content, with a way to remove it', async ({ page }) => {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: 'holiday.stl', mimeType: 'model/stl', buffer: Buffer.from('these are not triangles') });
  await expect(page.getByRole('alert').filter({ hasText: '"holiday.stl" is not a supported file type' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove holiday.stl' }).click();
  await expect(page.getByRole('list', { name: 'Uploaded files' })).toHaveCount(0);
});

test('an anonymous visitor who quoted logs in and keeps the project', async ({ page }) => {
  const email = await signUpAndActivate(page, 'Ada');
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();

  // As a visitor (temporary token): quote a part.
  await page.goto('/manufacture/quote?technology=3d-printing');
  await upload(page, 'cube-10x10mm--cube-10x10.stl');
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  // The configurator can show before the project is saved; the address becomes /quote/{id} after.
  await expect(page).toHaveURL(/\/manufacture\/quote\/[^/?]+$/, { timeout: 20_000 });
  const projectUrl = page.url();

  // Log in: back on the project, which is now the account's.
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('secret-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(projectUrl);
  await page.reload();
  await expect(page.getByRole('link', { name: /My account/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible();
});

test('keyboard only, from the quote page to the cart', async ({ page }) => {
  await signUpAndActivate(page, 'Kay');
  await page.goto('/manufacture/quote?technology=3d-printing');
  // Tab to the file button and press Enter: the file chooser opens.
  const chooser = page.waitForEvent('filechooser');
  const chooseFiles = page.getByRole('button', { name: 'Choose files' });
  for (let i = 0; i < 30 && !(await chooseFiles.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(path.join(CAD, 'cube-10x10mm--cube-10x10.stl'));
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });

  // Colour: Tab into the radio group; Space chooses the focused colour, arrows move the choice.
  const colours = page.getByRole('radiogroup', { name: 'Colour' });
  const white = page.getByRole('radio', { name: 'White' });
  for (let i = 0; i < 40 && !(await colours.evaluate((g) => g.contains(document.activeElement))); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  for (let i = 0; i < 3 && !(await white.isChecked()); i++) await page.keyboard.press('ArrowRight');
  await expect(white).toBeChecked();
  await expect(page.getByText('Price confirmed by the server.')).toBeVisible();

  // Add to cart with the keyboard.
  const addToCart = page.getByRole('button', { name: 'Add to cart' });
  for (let i = 0; i < 80 && !(await addToCart.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manufacture\/checkout$/);
  await expect(page.getByRole('rowheader', { name: /cube-10x10mm/ })).toBeVisible();
});

test('the project is named after the first file and can be renamed', async ({ page }) => {
  await upload(page, 'cube-10x10mm--cube-10x10.stl');
  await expect(page.getByText('Project cube-10x10mm--cube-10x10')).toBeVisible();
  await page.getByRole('button', { name: 'Rename' }).click();
  const name = page.getByRole('textbox', { name: 'Project name' });
  await expect(name).toBeFocused();
  await name.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(name).toHaveAccessibleDescription('Project name is required');
  await name.fill('Drone frame v2');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Project Drone frame v2')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Project Drone frame v2')).toBeVisible();
});
