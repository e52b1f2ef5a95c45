import { expect, type Page } from '@playwright/test';

/**
 * Opens the quote page and waits for the app to take over its prerendered first screen (ADR 141).
 * Until then the screen is inert: a click waits for it by itself (Playwright waits until the
 * button takes events), but a focus or a key press would land on nothing.
 */
export async function openQuotePage(page: Page, url = '/manufacture/quote?technology=3d-printing'): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: 20_000 });
}
