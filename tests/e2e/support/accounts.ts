import { expect, type Page } from '@playwright/test';
import { captchaAnswer } from './database.ts';
import { openOutbox } from './outbox.ts';

/**
 * A new customer, signed up and activated through the UI the way a person does it (the captcha's
 * characters read from the server's database, the activation link from the developer outbox).
 * Leaves the browser signed in; returns the email. The password is `secret-1`. `expectReferralCode`:
 * the sign-up form must show this code already filled in (a visitor who came through a referral link).
 */
export async function signUpAndActivate(page: Page, firstName = 'Grace', options: { expectReferralCode?: string } = {}): Promise<string> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const captcha = page.waitForResponse((r) => r.url().includes('/tools/captchaImage'));
  await page.goto('/manufacture/signup');
  await acceptCookies(page);
  const { captchaId } = (await (await captcha).json()) as { captchaId: string };
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-1');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('secret-1');
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill('Tester');
  await page.getByRole('textbox', { name: 'Characters in the image' }).fill(captchaAnswer(captchaId));
  // A visitor who came through a referral link finds the friend's code filled in.
  if (options.expectReferralCode) await expect(page.getByRole('textbox', { name: 'Referral code (optional)' })).toHaveValue(options.expectReferralCode);
  await page.getByText('I agree to the terms of use and the privacy policy').click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  await openOutbox(page, email);
  await page.getByRole('link', { name: /\/manufacture\/login\?activate=/ }).first().click();
  await expect(page.getByRole('link', { name: /My account/ })).toBeVisible();
  return email;
}

/**
 * Accepts the cookie banner once it shows (it may render after the first paint, so an instant
 * `isVisible()` check can miss it and leave it over the page).
 */
export async function acceptCookies(page: Page): Promise<void> {
  const accepted = await page.evaluate(() => localStorage.getItem('manufacture.cookieAccepted') !== null);
  if (accepted) return;
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  await expect(accept).toBeVisible();
  // A click that lands while the page swaps frames (a redirect, a lazy page arriving) presses one
  // banner and lets go over the next, which is no press: as a visitor would, click again while the
  // banner is still there (failed twice under load in the loaded CI runs).
  await expect(async () => {
    if ((await accept.count()) > 0) await accept.click({ timeout: 2_000 });
    await expect(accept).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
