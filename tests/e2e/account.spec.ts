import { expect, test, type Page } from '@playwright/test';
import { getViolations, injectAxe } from 'axe-playwright';
import { acceptCookies, signUpAndActivate } from './support/accounts.ts';
import { openOutbox } from './support/outbox.ts';
import { chooseFromComboBox } from './support/checkout-steps.ts';

/** axe finds nothing on the page as it is now (react-aria's hidden live announcer aside, as in the stories). */
async function expectNoAxeViolations(page: Page) {
  await injectAxe(page);
  const violations = await getViolations(page, { include: [['body']], exclude: [['[data-live-announcer]']] });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The signed-in customer's token, as the app stored it (for the operator's call the UI does not offer). */
async function token(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('manufacture.token') ?? '{}') as { value: string }).value);
}

/** A one-pixel PNG: the server reads the type from these bytes. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

test('the profile: edit it and see it after a reload; a picture; axe on the home and profile pages', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAndActivate(page, 'Edith');
  await page.goto('/manufacture/user/home');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByText('Hello, Edith')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No quotes yet' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveTitle('Profile | Manufacture');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByRole('textbox', { name: 'User name' }).fill('edith');
  await details.getByRole('textbox', { name: 'Company (optional)' }).fill('Clarke Instruments');
  await details.getByRole('button', { name: /Job title/ }).click();
  await page.getByRole('option', { name: 'Researcher / scientist' }).click();
  await details.getByRole('button', { name: /Industry/ }).click();
  await page.getByRole('option', { name: 'Electronics' }).click();
  await chooseFromComboBox(page, 'Phone code', 'United Kin', 'United Kingdom (+44)');
  await details.getByRole('textbox', { name: 'Phone number' }).fill('7700900123');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  // The header shows the new name at once.
  await expect(page.getByRole('banner').getByRole('link', { name: /edith/ })).toBeVisible();

  // The picture: chosen, seen, saved.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Your new picture, not saved yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Save picture' }).click();
  await expect(page.getByText('Your picture has been saved.')).toBeVisible();

  await page.reload();
  await expect(details.getByRole('textbox', { name: 'User name' })).toHaveValue('edith');
  await expect(details.getByRole('textbox', { name: 'Company (optional)' })).toHaveValue('Clarke Instruments');
  await expect(details.getByRole('button', { name: /Job title/ })).toContainText('Researcher / scientist');
  await expect(details.getByRole('button', { name: /Industry/ })).toContainText('Electronics');
  await expect(page.getByRole('combobox', { name: 'Phone code' })).toHaveValue('United Kingdom (+44)');
  await expect(details.getByRole('textbox', { name: 'Phone number' })).toHaveValue('7700900123');
  await expect(page.getByRole('img', { name: 'Your picture' })).toBeVisible();
  await expect(page.getByText('Activated', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the address book: two addresses (a P.O. Box refused on the way), the second made default, both deleted at once', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndActivate(page, 'Amelia');
  await page.goto('/manufacture/user/account/address');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Addresses' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No shipping addresses yet' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The first address: a P.O. Box is refused by the shared rules before anything is sent.
  await page.getByRole('button', { name: 'Add an address' }).click();
  let dialog = page.getByRole('dialog', { name: 'New shipping address' });
  await expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveValue('Amelia');
  await chooseFromComboBox(page, 'Phone code', 'United Sta', 'United States (+1)');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('4155550100');
  await chooseFromComboBox(page, 'Country', 'United Sta', 'United States');
  await chooseFromComboBox(page, 'State or province', 'Califor', 'California');
  await dialog.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await dialog.getByRole('textbox', { name: 'Postcode' }).fill('94103');
  await dialog.getByRole('textbox', { name: 'Address line 1' }).fill('P.O. Box 42');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('We cannot ship to a P.O. Box; please give a street address.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Address line 1' }).fill('500 Howard Street');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The address has been added.' })).toBeVisible();

  // The second address, in London.
  await page.getByRole('button', { name: 'Add an address' }).click();
  dialog = page.getByRole('dialog', { name: 'New shipping address' });
  await chooseFromComboBox(page, 'Phone code', 'United Kin', 'United Kingdom (+44)');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('7700900123');
  await chooseFromComboBox(page, 'Country', 'United Kin', 'United Kingdom');
  await dialog.getByRole('textbox', { name: 'City' }).fill('London');
  await dialog.getByRole('textbox', { name: 'Postcode' }).fill('NW1 6XE');
  await dialog.getByRole('textbox', { name: 'Address line 1' }).fill('221B Baker Street');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The address has been added.' })).toBeVisible();

  const list = page.getByRole('list', { name: 'Shipping addresses' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // The first one added is the default; the second becomes it.
  await expect(list.getByRole('listitem').first()).toContainText('500 Howard Street');
  await expect(list.getByRole('listitem').first()).toContainText('Default');
  await list.getByRole('button', { name: 'Make default: 221B Baker Street' }).click();
  await expect(page.getByText('The address of Amelia Tester is now the default.')).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('221B Baker Street');
  await expect(list.getByRole('listitem').first()).toContainText('Default');
  await expectNoAxeViolations(page);

  // Both at once.
  // Each row's checkbox selects it (its input is visually hidden behind the box: ticked with Space);
  // a second row joins the selection.
  for (const line of ['221B Baker Street', '500 Howard Street']) {
    const box = list.getByRole('checkbox', { name: new RegExp(`^Select .*${line}`) });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expect(page.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 addresses?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 addresses have been deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No shipping addresses yet' })).toBeVisible();
  // Focus is not lost: it rests on the button that adds an address.
  await expect(page.getByRole('button', { name: 'Add an address' })).toBeFocused();
});

test('changing the password signs out the other sessions; the new one works', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = await signUpAndActivate(page, 'Hedy');
  // The same customer on another device.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto('/manufacture/login');
  await acceptCookies(elsewhere);
  await elsewhere.getByRole('textbox', { name: 'Email' }).fill(email);
  await elsewhere.getByRole('textbox', { name: 'Password' }).fill('secret-1');
  await elsewhere.getByRole('button', { name: 'Log in' }).click();
  await expect(elsewhere.getByRole('region', { name: 'Notifications' }).getByText('Sign In successfully.')).toBeVisible();
  await elsewhere.goto('/manufacture/user/home');
  await expect(elsewhere.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  await page.goto('/manufacture/user/account/password');
  await expect(page).toHaveTitle('Change Password | Manufacture');
  await page.getByRole('textbox', { name: 'Current password' }).fill('secret-1');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('secret-22');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('secret-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords must match.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('secret-22');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. You stay signed in here; your other devices are signed out.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The other device is signed out at its next call.
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/manufacture\/login\?redirect=%2Fuser%2Fhome$/);
  await elsewhere.getByRole('textbox', { name: 'Email' }).fill(email);
  await elsewhere.getByRole('textbox', { name: 'Password' }).fill('secret-1');
  await elsewhere.getByRole('button', { name: 'Log in' }).click();
  await expect(elsewhere.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await elsewhere.getByRole('textbox', { name: 'Password' }).fill('secret-22');
  await elsewhere.getByRole('button', { name: 'Log in' }).click();
  await expect(elsewhere).toHaveURL(/\/manufacture\/user\/home$/);
  await other.close();
});

test('deleting the account: the retention dialog, the emailed link asks to confirm, and the login fails afterwards', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await signUpAndActivate(page, 'Rosalind');
  await page.goto('/manufacture/user/account/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Before you go' });
  await dialog.getByRole('button', { name: 'Email me the deletion link' }).click();
  await expect(dialog.getByText('Please choose an option.')).toBeVisible();
  await dialog.getByText('I have another account').click();
  await dialog.getByRole('button', { name: 'Email me the deletion link' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your email' })).toContainText('Open it within 24 hours');
  await page.getByRole('button', { name: 'Close' }).click();

  await openOutbox(page, email);
  await expect(page.getByRole('heading', { name: 'Confirm the deletion of your Manufacture account' })).toBeVisible();
  await page.getByRole('link', { name: /\/manufacture\/account-delete\?key=/ }).first().click();
  // Opening the link deleted nothing: it asks.
  await expect(page.getByRole('heading', { level: 1, name: 'Log Out' })).toBeVisible();
  await expect(page.getByText(/This link works for 24 hours after you asked: until/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted and you are signed out everywhere.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();

  // The link is used now, and says so.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('This deletion link has already been used.');

  await page.goto('/manufacture/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('secret-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
});

test('a business account sees its customer success manager on the home page; contact us from the footer', async ({ page }) => {
  test.setTimeout(60_000);
  const email = await signUpAndActivate(page, 'Grace');
  const set = await page.request.patch('/api/manufacture/admin/account', {
    headers: { 'X-Admin-Token': process.env.E2E_ADMIN_TOKEN ?? '' },
    data: { email, member: true, customerManager: { name: 'Sam Success', email: 'sam.success@manufacture.local' } },
  });
  expect(set.status()).toBe(200);
  // The customer's own token opens nothing there.
  const refused = await page.request.patch('/api/manufacture/admin/account', { headers: { Authorization: `Bearer ${await token(page)}` }, data: { email, member: false } });
  expect(refused.status()).toBe(401);

  await page.goto('/manufacture/user/home');
  const manager = page.getByRole('region', { name: 'Your customer success manager' });
  await expect(manager).toContainText('Sam Success');
  await expect(manager.getByRole('link', { name: 'sam.success@manufacture.local' })).toHaveAttribute('href', 'mailto:sam.success@manufacture.local');
  await expect(page.getByText(/Customer number C\d+ · Business account/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your email' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Subject' }).fill('Large order');
  await page.getByRole('textbox', { name: 'Order number (optional)' }).fill('W25000001');
  await page.getByRole('textbox', { name: 'Message' }).fill('Can you quote 5,000 brackets?');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you; we reply within 24 hours.' })).toBeVisible();
});

test('at 320 px the account navigation folds behind a button, with nothing scrolling sideways', async ({ page }) => {
  await signUpAndActivate(page, 'Mary');
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/manufacture/user/account/billingAddress');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing Addresses' })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Account menu: Billing Addresses' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const billing = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Billing Addresses' });
  await expect(billing).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);

  // A billing address, added and removed by keyboard and pointer alike.
  await page.getByRole('button', { name: 'Add a billing address' }).click();
  const dialog = page.getByRole('dialog', { name: 'New billing address' });
  await expect(dialog.getByRole('textbox', { name: 'Name on invoices', exact: true })).toHaveValue('Mary Tester');
  await dialog.getByRole('textbox', { name: 'Billing location' }).fill('1 Main Street, Boston, MA 02110, United States');
  await dialog.getByRole('button', { name: 'Save billing address' }).click();
  await expect(page.getByText('The billing address has been added.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Mary Tester' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this billing address?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The billing address has been deleted.')).toBeVisible();
});
