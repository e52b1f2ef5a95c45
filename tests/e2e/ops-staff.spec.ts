import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations } from './support/axe.ts';
import { openOutbox } from './support/outbox.ts';

const STAFF_PASSWORD = 'a long staff passphrase 42';

/** The first admin's command (docs/api.md, "Staff console") against the e2e server's database; answers the TOTP secret it printed. */
function createAdmin(email: string): string {
  const out = execFileSync('node', ['--import', 'tsx', 'server/cli/create-staff.ts', email, 'admin', 'Ada', 'Admin'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, STAFF_PASSWORD },
    encoding: 'utf8',
  });
  const secret = /secret=([A-Z2-7]+)/.exec(out)?.[1];
  if (!secret) throw new Error(`no secret in: ${out}`);
  return secret;
}

async function signIn(page: Page, email: string, secret: string, code?: string): Promise<void> {
  await page.goto('/manufacture/ops/');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill(code ?? (await generate({ secret })));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin invites an operator by mail; the invitee enrols the second factor, gets recovery codes and signs in; disabled, they are signed out', async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const adminEmail = `ada.${stamp}@shop.example`;
  const inviteeEmail = `ivy.${stamp}@shop.example`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, adminEmail, createAdmin(adminEmail));
  await admin.getByRole('link', { name: 'Staff' }).click();
  await expect(admin.getByRole('heading', { name: 'Staff' })).toBeVisible();

  // The invitation, by mail.
  await admin.getByRole('button', { name: 'Invite a staff member' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Ivy Invitee');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(inviteeEmail);
  await dialog.getByRole('button', { name: 'Role' }).click();
  await admin.getByRole('option', { name: 'Operator' }).click();
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(admin.getByRole('status')).toContainText(`An invitation was sent to ${inviteeEmail}`);

  // The invitee follows the link: the key for the app, a password and the first code.
  const invitee = await (await browser.newContext()).newPage();
  await openOutbox(invitee, inviteeEmail);
  await invitee.getByRole('link', { name: /\/manufacture\/ops\/invitation\?key=/ }).first().click();
  await expect(invitee.getByRole('heading', { name: 'Join the staff console' })).toBeVisible();
  const key = (await invitee.locator('code').first().textContent())?.trim() ?? '';
  expect(key).toMatch(/^[A-Z2-7]+$/);
  await expectNoAxeViolations(invitee);
  await invitee.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await invitee.getByRole('textbox', { name: 'Code from the app' }).fill(await generate({ secret: key }));
  await invitee.getByRole('button', { name: 'Join' }).click();
  const codes = invitee.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())?.trim() ?? '';

  // The link worked once; the invitee signs in as any staff member (with a recovery code: the
  // enrolment spent this 30-second step's code).
  await invitee.reload();
  await expect(invitee.getByRole('alert')).toContainText('This invitation is no longer valid');
  await signIn(invitee, inviteeEmail, key, recoveryCode);
  await expect(invitee.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();

  // The admin disables the new operator: their next call ends their session.
  await admin.reload();
  await admin.getByRole('button', { name: 'Disable Ivy Invitee' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
  await expect(admin.getByRole('status')).toContainText('Ivy Invitee is disabled.');
  await invitee.getByRole('link', { name: 'Settings' }).click();
  await invitee.reload();
  await expect(invitee.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
});
