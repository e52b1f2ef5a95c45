import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, signUpAndActivate } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openQuotePage } from './support/quote-page.ts';

/**
 * Quick login through the browser against a real OpenID Connect provider on loopback
 * (scripts/loopback-oidc-provider.ts, started by playwright.config.ts as "Loopback ID"; ADR 171):
 * its own sign-in and consent pages, its redirects, its signed ID token.
 */

const unique = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** At the provider's pages: signs in as `email` (the form for anyone), then allows sharing. */
async function signInAtProvider(page: Page, email: string, name: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Loopback ID' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('the application asks for your name and email address')).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();
}

test('a visitor who quoted signs up through the provider and keeps the project', async ({ page }) => {
  test.setTimeout(90_000);
  await openQuotePage(page);
  await acceptCookies(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(path.resolve('tests', 'fixtures', 'cad', 'cube-10x10mm--cube-10x10.stl'));
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/manufacture\/quote\/[^/?]+$/, { timeout: 20_000 });
  const projectUrl = page.url();

  // Log in offers the provider, with its mark, and passes axe.
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  const quick = page.getByRole('region', { name: 'Or continue with' });
  await expect(quick.getByRole('button', { name: 'Continue with Loopback ID' })).toBeVisible();
  await expect(quick.locator('svg[aria-hidden="true"]')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await quick.getByRole('button', { name: 'Continue with Loopback ID' }).click();

  const email = unique('nora');
  await signInAtProvider(page, email, 'Nora Newcomer');

  // Back on the project, signed in to a new account that now owns it.
  await expect(page).toHaveURL(projectUrl, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Sign In successfully.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: /My account/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Configure cube-10x10mm/ })).toBeVisible({ timeout: 20_000 });

  await page.goto('/manufacture/user/account/profile');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Nora');
  await expect(page.getByText(email)).toBeVisible();
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByText('Linked', { exact: true })).toBeVisible();
  await expect(methods.getByRole('button', { name: 'Unlink Loopback ID' })).toBeVisible();
});

test('a password account links the provider in its profile, signs in with it, and unlinks it', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await signUpAndActivate(page, 'Lina');
  await page.goto('/manufacture/user/account/profile');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByText('Not linked', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await methods.getByRole('button', { name: 'Link Loopback ID' }).click();

  // The provider's account has another address than the shop's: linking does not need them to match.
  const providerEmail = unique('lina.elsewhere');
  await signInAtProvider(page, providerEmail, 'Lina Elsewhere');
  await expect(page).toHaveURL(/\/manufacture\/user\/account\/profile$/, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('The sign-in method is linked to your account.')).toBeVisible();
  await expect(methods.getByText('Linked', { exact: true })).toBeVisible();

  // Signed out, the provider signs the person in to this account (the provider remembers them and their consent).
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await page.goto('/manufacture/login');
  await page.getByRole('button', { name: 'Continue with Loopback ID' }).click();
  await expect(page).toHaveURL(/\/manufacture\/user\/home$/, { timeout: 20_000 });
  await page.goto('/manufacture/user/account/profile');
  await expect(page.getByText(email)).toBeVisible();

  // Unlinked: said where it happened; the password still opens the account.
  await methods.getByRole('button', { name: 'Unlink Loopback ID' }).click();
  await expect(methods.getByRole('status')).toHaveText('Loopback ID is no longer linked to your account.');
  await expect(methods.getByRole('button', { name: 'Link Loopback ID' })).toBeVisible();
});

test('cancelling at the provider, or refusing consent, is said in words with a way back', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/manufacture/signup');
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Continue with Loopback ID' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loopback ID' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('The sign-in was cancelled, or the provider refused it.');
  await expect(page.getByRole('link', { name: 'create an account' })).toBeVisible();

  await page.goto('/manufacture/login');
  await page.getByRole('button', { name: 'Continue with Loopback ID' }).click();
  // On the provider's page: the log-in page has an Email field of its own, which a fill made before
  // the page has gone would fill instead (stop 51's CI run, beside a busy machine).
  await expect(page.getByRole('heading', { level: 1, name: 'Loopback ID' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(unique('dee'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Deny' }).click();
  await expect(page.getByRole('alert')).toContainText('The sign-in was cancelled, or the provider refused it.');
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
});

test('when the session runs out on the quote page, the sign-in dialog signs in again through the provider and comes back', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/manufacture/signup');
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Continue with Loopback ID' }).click();
  await signInAtProvider(page, unique('sam'), 'Sam Session');
  await expect(page).toHaveURL(/\/manufacture\/user\/home$/, { timeout: 20_000 });

  // The token runs out while the customer is on the quote page.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('manufacture.token') ?? '{}') as { value: string };
    localStorage.setItem('manufacture.token', JSON.stringify({ value: stored.value, expiresAt: Date.now() + 4_000 }));
  });
  await openQuotePage(page);
  const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Continue with Loopback ID' }).click();
  // The provider still knows the person: straight back to the quote page, signed in.
  await expect(page).toHaveURL(/\/manufacture\/quote\?technology=3d-printing$/, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: /My account \(Sam\)/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign in to continue' })).toHaveCount(0);
});
