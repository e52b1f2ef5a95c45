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

/** The quote page's parts table (issue 34). */
export function partsTable(page: Page) {
  return page.getByRole('table', { name: 'Parts of this quote' });
}

/** The row of a part, by the start of its name (a split part's own name, e.g. "Body 1"). */
export function partRow(page: Page, name: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return partsTable(page).getByRole('row', { name: new RegExp(`^${escaped}(?: in |$| Being configured)`) });
}

/** Configures a part: its row chosen, as a person clicks it. */
export async function choosePart(page: Page, name: string): Promise<void> {
  await partRow(page, name).getByRole('button', { name, exact: true }).click();
}

/** Waits until the table lists `count` parts, none of them still read, sent or analysed. */
export async function partsSettled(page: Page, count: number, timeout = 30_000): Promise<void> {
  const table = partsTable(page);
  await expect(table.getByRole('row')).toHaveCount(count + 1, { timeout });
  await expect(table.getByText(/^(Reading|Analysing)$/)).toHaveCount(0, { timeout });
}
