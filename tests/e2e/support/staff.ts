import { execFileSync } from 'node:child_process';
import { expect, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';

export const STAFF_PASSWORD = 'a long staff passphrase 42';

/** The first admin's command (docs/operations.md) against the e2e server's database; answers the TOTP secret it printed. */
export function createStaff(email: string, role: 'admin' | 'operator' | 'success_manager', first = 'Olga', last = 'Operator'): string {
  const out = execFileSync('node', ['--import', 'tsx', 'server/cli/create-staff.ts', email, role, first, last], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, STAFF_PASSWORD },
    encoding: 'utf8',
  });
  const secret = /secret=([A-Z2-7]+)/.exec(out)?.[1];
  if (!secret) throw new Error(`no secret in: ${out}`);
  return secret;
}

/** Signs a staff member in on the console's sign-in page: email and password, then the authenticator's code. */
export async function signInStaff(page: Page, email: string, secret: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
}

/** A browser context of its own with the console open and the staff member signed in. */
export async function openConsole(browser: Browser, email: string, secret: string): Promise<Page> {
  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/manufacture/ops/');
  await signInStaff(staff, email, secret);
  return staff;
}
