import { expect, test } from '@playwright/test';

test('the home address lands on the quote page for 3D printing', async ({ page }) => {
  await page.goto('/manufacture/');
  await expect(page).toHaveURL(/\/manufacture\/quote\?technology=3d-printing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeVisible();
  await expect(page).toHaveTitle('Instant Quote | Manufacture');
});

test('the phone-code list comes from the server, through every layer', async ({ page }) => {
  const answer = page.waitForResponse((r) => r.url().includes('/tools/countryList?type=phoneCode'));
  await page.goto('/manufacture/signup');
  const response = await answer;
  expect(response.status()).toBe(200);
  const served = (await response.json()) as { countryName: string; phoneCode: string }[];
  expect(served).toContainEqual(expect.objectContaining({ countryName: 'United Kingdom', phoneCode: '+44' }));

  const phoneCode = page.getByRole('combobox', { name: 'Phone code (optional)' });
  await expect(phoneCode).toBeEnabled();
  await phoneCode.click();
  await phoneCode.fill('united k');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['United Kingdom (+44)']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(phoneCode).toHaveValue('United Kingdom (+44)');
});

test('/home goes to the quote page', async ({ page }) => {
  await page.goto('/manufacture/home');
  await expect(page).toHaveURL(/\/manufacture\/quote$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeVisible();
});

test('an unknown path goes to /404', async ({ page }) => {
  await page.goto('/manufacture/no/such/page');
  await expect(page).toHaveURL(/\/manufacture\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Get an instant quote' }).click();
  await expect(page).toHaveURL(/\/manufacture\/quote$/);
});

test('the site root, outside the app, links to it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get an instant quote' }).click();
  await expect(page).toHaveURL(/\/manufacture\/quote\?technology=3d-printing$/);
});

test('when a part of the app cannot be fetched, the page says so and a reload brings it back', async ({ page }) => {
  // The session's chunk (ADR 139) fails, as on a dropped connection.
  const chunk = /\/session-[\w-]{8}\.js$/;
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/manufacture/user/home');
  await expect(page.getByRole('alert')).toHaveText(/Unknown error, please reload the page\./);
  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Reload the page' }).click();
  // Back: a visitor without a token is sent to log in.
  await expect(page).toHaveURL(/\/manufacture\/login\?redirect=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
});
