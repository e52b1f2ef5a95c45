import { expect, test, type Browser } from '@playwright/test';
import { acceptCookies, signUpAndActivate } from './support/accounts.ts';
import { openOutbox } from './support/outbox.ts';
import { openQuotePage } from './support/quote-page.ts';

// The quote page's first screen comes as HTML (ADR 141): drawn before any script runs, the same
// screen the app then draws, and the app takes it over.

async function withoutScripts(browser: Browser, baseURL: string, cookies: { name: string; value: string }[] = []) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: `${baseURL}/manufacture/` })));
  return { context, page: await context.newPage() };
}

test('without its scripts the quote page already shows its first screen, for the process asked, with the cookie banner', async ({ browser, baseURL }) => {
  const { context, page } = await withoutScripts(browser, baseURL!);
  await page.goto('/manufacture/quote?technology=vacuum-casting');
  await expect(page).toHaveTitle('Instant Quote | Manufacture');
  await expect(page.locator('h1')).toHaveText('Instant quote');
  await expect(page.getByText('Drop 3D files here')).toBeVisible();
  await expect(page.locator('input[type="radio"][value="vacuum-casting"]')).toBeChecked();
  await expect(page.getByText(/We use cookies/)).toBeVisible();
  // Not usable until the app takes over: nothing there answers a click or takes the focus.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  // A browser that will not run the scripts says why the page does not answer. (Playwright's text
  // queries skip <noscript>, so the message is found by its place.)
  const noScript = page.locator('noscript > p');
  await expect(noScript).toHaveText('Quotes, the cart and your account need JavaScript. Turn it on in your browser, then reload the page.');
  await expect(noScript).toBeVisible();
  // The log-in page is prerendered too (ADR 235): its form, its title, the same message.
  await page.goto('/manufacture/login?redirect=%2Fcheckout');
  await expect(page).toHaveTitle('Log In | Manufacture');
  await expect(page.locator('h1')).toHaveText('Log In');
  await expect(page.locator('input[type="email"]')).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await expect(noScript).toBeVisible();
  // So is the checkout's frame (ADR 243): its title and its terms, nobody's cart.
  await page.goto('/manufacture/checkout');
  await expect(page).toHaveTitle('Order Confirmation | Manufacture');
  await expect(page.locator('h1')).toHaveText('Order confirmation');
  await expect(page.getByText(/^Prices are EXW \(Incoterms 2020\)/)).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await expect(noScript).toBeVisible();
  // And the sign-up page's form.
  await page.goto('/manufacture/signup');
  await expect(page).toHaveTitle('Sign Up | Manufacture');
  await expect(page.locator('h1')).toHaveText('Sign Up');
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  // And the reset-password page's (ADR 247), from an emailed link: the new password's form.
  await page.goto('/manufacture/reset-password?key=from-the-email');
  await expect(page).toHaveTitle('Reset Password | Manufacture');
  await expect(page.locator('input[autocomplete="new-password"]')).toHaveCount(2);
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  // And a saved project's page (ADR 264): its opening screen, the same for every project.
  await page.goto('/manufacture/quote/6a1f4c2e-0b7d-4e59-9c1a-5d2e8f3b7a10');
  await expect(page).toHaveTitle('Quote | Manufacture');
  await expect(page.getByText('Opening your project…')).toBeVisible();
  await expect(page.getByText('Drop 3D files here')).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  // Any other page: the same message, and the catalogue's default title.
  await page.goto('/manufacture/contact-us');
  await expect(page).toHaveTitle('Manufacture: instant quotes for 3D printing, CNC machining and vacuum casting');
  await expect(noScript).toBeVisible();
  await context.close();
});

test('the app takes the log-in page over: the form works', async ({ page }) => {
  // Reached from the prerendered checkout (ADR 243), whose guard sends a visitor with no token here.
  await page.goto('/manufacture/checkout');
  await expect(page).toHaveURL(/\/manufacture\/login\?redirect=%2Fcheckout$/);
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('nobody@example.com');
});

test('the app takes the reset-password pages over (ADR 247): a link asked for, its new password set, and the account logs in with it', async ({ page, browser, baseURL }) => {
  const email = await signUpAndActivate(page, 'Rosa');
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/manufacture/reset-password');
  await expect(visitor.locator('#root')).not.toHaveAttribute('data-prerendered');
  await acceptCookies(visitor);
  await visitor.getByRole('textbox', { name: 'Email' }).fill(email);
  await visitor.getByRole('button', { name: 'Send the link' }).click();
  await expect(visitor.getByText('Check your email')).toBeVisible();
  await openOutbox(visitor, email);
  await visitor.getByRole('link', { name: /\/manufacture\/reset-password\?key=/ }).first().click();
  // The emailed link's screen came prerendered; the app took it over with the link's key.
  await expect(visitor.locator('#root')).not.toHaveAttribute('inert');
  await visitor.getByLabel('New password', { exact: true }).fill('secret-2b');
  await visitor.getByLabel('Confirm new password', { exact: true }).fill('secret-2b');
  await visitor.getByRole('button', { name: 'Change password' }).click();
  await expect(visitor.getByText('Your password has been changed.')).toBeVisible();
  await visitor.getByRole('link', { name: 'Log in with your new password' }).click();
  await visitor.getByRole('textbox', { name: 'Email' }).fill(email);
  await visitor.getByLabel('Password', { exact: true }).fill('secret-2b');
  await visitor.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(visitor.getByRole('link', { name: /My account/ })).toBeVisible();
  await visitor.context().close();
});

test('with its scripts the page shows no message about JavaScript', async ({ page }) => {
  await openQuotePage(page);
  // Text queries skip <noscript>: the message is found only if it was drawn outside one.
  await expect(page.getByText('Quotes, the cart and your account need JavaScript.')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeVisible();
});

test('the app takes the screen over where it stands, and accepting the cookies tells the server to leave the banner out', async ({ page, browser, baseURL }) => {
  await page.goto('/manufacture/quote?technology=cnc');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'CNC machining' })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
  const cookies = await page.context().cookies();
  const consent = cookies.find((c) => c.name === 'manufacture_consent');
  expect(consent).toMatchObject({ value: '1', path: '/manufacture/', sameSite: 'Lax' });

  const { context, page: noScripts } = await withoutScripts(browser, baseURL!, [consent!]);
  await noScripts.goto('/manufacture/quote?technology=cnc');
  await expect(noScripts.locator('h1')).toHaveText('Instant quote');
  await expect(noScripts.getByText(/We use cookies/)).toHaveCount(0);
  await context.close();

  // Storage cleared (the banner is back in the app): the cookie goes too, so the server sends the banner again.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'manufacture_consent')).toBe(false);
});

test('a signed-in customer sees the account links once the app takes over, never "Log in"', async ({ page: signUpPage, browser, baseURL }) => {
  // A real account, so the session confirms the stored token. A stale token would be signed out once
  // the server answers. The session may have that answer before the app's first render (it is given the
  // started session then, ADR 248), and would rightly show "Log in" at once.
  await signUpAndActivate(signUpPage, 'Sid');
  // The quote page opened with that storage in a new context: an empty HTTP cache, as a visit that
  // starts at this page, so its first frames are the prerendered screen's.
  const context = await browser.newContext({ baseURL, storageState: await signUpPage.context().storageState() });
  const page = await context.newPage();
  const seen: string[] = [];
  await page.exposeFunction('noteHeader', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    // What each frame draws (a frame is drawn once the style sheet is in: it blocks rendering).
    const frame = () => {
      const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]');
      if (nav) (window as unknown as { noteHeader: (t: string) => void }).noteHeader(nav.innerText);
      if (!nav?.innerText.includes('My account')) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.goto('/manufacture/quote');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // The prerendered header holds the account links' place unseen; once the app takes over they are
  // there, and the header never offered "Log in" before them nor after.
  await expect.poll(() => seen.findIndex((text) => text.includes('My account'))).toBeGreaterThan(0);
  const before = seen.slice(0, seen.findIndex((text) => text.includes('My account')));
  expect(before.length).toBeGreaterThan(0);
  expect(before.filter((text) => text.includes('Log in'))).toEqual([]);
  await expect(page.getByRole('link', { name: /My account/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await context.close();
});
