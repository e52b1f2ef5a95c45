import type { Page } from '@playwright/test';

/**
 * Opens the developer outbox for `email` as the operator does: the production server answers it
 * only with the ADMIN_TOKEN in the X-Admin-Token header (ADR 080), so the header is added to that
 * one request, not to the app's own calls.
 */
export async function openOutbox(page: Page, email: string): Promise<void> {
  const token = process.env.E2E_ADMIN_TOKEN;
  if (!token) throw new Error('E2E_ADMIN_TOKEN is not set (playwright.config.ts sets it)');
  await page.route('**/dev/outbox?**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-admin-token': token } }));
  try {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  } finally {
    await page.unroute('**/dev/outbox?**');
  }
}
