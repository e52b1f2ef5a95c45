import { expect, test, type Page } from '@playwright/test';
import { captchaAnswer } from './support/database.ts';
import { openOutbox } from './support/outbox.ts';

/** Solves the sign-up captcha as a person would: reads the characters (here, from the server's database). */
async function solveCaptcha(page: Page, captchaId: string) {
  await page.getByRole('textbox', { name: 'Characters in the image' }).fill(captchaAnswer(captchaId));
}

test('sign up, activate from the emailed link, log out, log in to the page first asked for, and sign in again when the token expires', async ({ page }) => {
  test.setTimeout(60_000);
  await page.clock.install();
  const email = `ada.${Date.now()}@example.com`;

  // Sign up.
  const captcha = page.waitForResponse((r) => r.url().includes('/tools/captchaImage'));
  await page.goto('/manufacture/signup');
  await expect(page).toHaveTitle('Sign Up | Manufacture');
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  const { captchaId } = (await (await captcha).json()) as { captchaId: string };
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-1');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('secret-2');
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'Last name' }).press('Tab');
  await solveCaptcha(page, captchaId);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The shared rules speak before the server is asked.
  await expect(page.getByText('Passwords must match.')).toBeVisible();
  await expect(page.getByText('Please agree to the terms.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('secret-1');
  await page.getByText('I agree to the terms of use and the privacy policy').click();
  await expect(page.getByRole('checkbox', { name: /I agree to the terms/ })).toBeChecked();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  // Open the activation mail from the developer outbox and follow its link.
  await openOutbox(page, email);
  await expect(page.getByRole('heading', { name: 'Activate your Manufacture account' })).toBeVisible();
  await page.getByRole('link', { name: /\/manufacture\/login\?activate=/ }).first().click();

  // Activated and signed in: the login page sends the visitor on.
  await expect(page.getByRole('link', { name: /My account/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Sign In successfully')).toBeVisible();

  // Log out.
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();

  // A login-only page asks to log in, then lands where the visitor wanted to go.
  await page.goto('/manufacture/user/order/history');
  await expect(page).toHaveURL(/\/manufacture\/login\?redirect=%2Fuser%2Forder%2Fhistory$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await page.getByRole('textbox', { name: 'Password' }).fill('secret-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/manufacture\/user\/order\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();

  // The token runs out (7 days by default): the visitor is asked to log in again.
  await page.clock.fastForward(7 * 24 * 3600 * 1000 + 1000);
  await expect(page).toHaveURL(/\/manufacture\/login\?redirect=%2Fuser%2Forder%2Fhistory$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
});

test('sign up without the image, by keyboard: the browser proves the work, the server takes it once, and the account activates', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `grace.${Date.now()}@example.com`;
  await page.goto('/manufacture/signup');
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-1');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('secret-1');
  await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');

  // From the image's field, the keyboard reaches the way without the image.
  await page.getByRole('textbox', { name: 'Characters in the image' }).focus();
  const challenge = page.waitForResponse((r) => r.url().includes('/tools/captchaChallenge'));
  let toggle = page.getByRole('button', { name: 'Can’t read the image? Verify without it' });
  for (let i = 0; i < 5 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await challenge).status()).toBe(200);
  toggle = page.getByRole('button', { name: 'Use the image instead' });
  await expect(toggle).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Characters in the image' })).toHaveCount(0);
  // Solved in the worker (from this origin, under the page's CSP), and said in the live region.
  await expect(page.getByRole('status').filter({ hasText: 'Verified: you can create your account.' })).toBeVisible({ timeout: 60_000 });

  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: /I agree to the terms/ })).toBeFocused();
  await page.keyboard.press('Space');
  const register = page.waitForResponse((r) => r.url().includes('/account/register'));
  await page.getByRole('button', { name: 'Create account' }).press('Enter');
  expect((await register).status()).toBe(201);
  await expect(page.getByText('Check your email')).toBeVisible();

  await openOutbox(page, email);
  await page.getByRole('link', { name: /\/manufacture\/login\?activate=/ }).first().click();
  await expect(page.getByRole('link', { name: /My account/ })).toBeVisible();
});
