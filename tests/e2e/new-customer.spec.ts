import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpAndActivate } from './support/accounts.ts';
import { openQuotePage } from './support/quote-page.ts';

// Where a new customer stumbled (issue 35), through the UI as a person goes.

const CUBE = path.resolve('tests', 'fixtures', 'cad', 'cube-10x10mm--cube-10x10.stl');

test('a file dropped on the quote page before its scripts have run is kept, and quoted once the page is ready (ADR 168)', async ({ page }) => {
  test.setTimeout(60_000);
  // A slow phone: the app's entry arrives only when the test lets it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/manufacture\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/manufacture/quote?technology=3d-printing', { waitUntil: 'commit' });
  await expect(page.getByText('Drop 3D files here')).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'quote');
  // The page's first script is there (it is small and comes at once).
  await page.waitForFunction(() => Array.isArray((window as unknown as Record<string, unknown>).__manufactureEarlyFiles));

  // Dropped on the screen, which is inert until the app takes over: the drop lands on the document.
  const bytes = [...fs.readFileSync(CUBE)];
  const dropped = await page.evaluate((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(content)], 'cube-10x10mm--cube-10x10.stl'));
    document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    return !document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, bytes);
  // Taken by the page (not opened by the browser in its place), and said to be.
  expect(dropped).toBe(true);
  await expect(page.getByText('Your files are kept: the quote opens as soon as the page is ready.')).toBeVisible();

  release();
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/manufacture\/quote\/[^/?]+/);
});

test('a refused file (a .txt) leaves no empty project behind', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpAndActivate(page, 'Txt');
  await openQuotePage(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('my shopping list') });
  await expect(page.getByRole('button', { name: 'Remove notes.txt' })).toBeVisible();
  await expect(page).toHaveURL(/\/manufacture\/quote\?technology=3d-printing$/);
  await page.goto('/manufacture/user/project');
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
});

test('a project link opened signed out asks to sign in, then opens the project', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = await signUpAndActivate(page, 'Linked');
  await openQuotePage(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(CUBE);
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/manufacture\/quote\/[^/?]+$/);
  const link = page.url();

  // Another browser, nobody signed in: the link asks for a sign-in, not "Failed to fetch quotation data."
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto(link);
  const dialog = visitor.getByRole('dialog', { name: 'Sign in to continue' });
  await expect(dialog).toContainText('This project is kept in a customer account.');
  await expect(visitor.getByText('Failed to fetch quotation data.')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Password' }).fill('secret-1');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(visitor.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await context.close();
});
