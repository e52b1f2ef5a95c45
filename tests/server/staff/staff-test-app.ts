import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type { StaffChallenge, StaffSession } from '#domain/api/ops';
import type { StaffRole } from '#domain/rules/staff-rules';
import type { CreatedStaff } from '#server/staff/staff-accounts';
import type { TestApp } from '../helpers/test-app.ts';

export const STAFF_PASSWORD = 'a long staff passphrase 42';

export interface SignedInStaff extends CreatedStaff {
  email: string;
  role: StaffRole;
  token: string;
}

/** The authenticator app's current code for `secret` at the test clock's time. */
export function totpCode(t: Pick<TestApp, 'clock'>, secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock().getTime() / 1000) });
}

/** A staff account of `role`, created as the CLI does, signed in through both steps of the API. */
export async function signedInStaff(t: TestApp, role: StaffRole, email = `${role}-${randomUUID().slice(0, 8)}@shop.example`): Promise<SignedInStaff> {
  const created = await t.ctx.staff.create({ email, name: `${role} person`, role, password: STAFF_PASSWORD });
  const first = await t.call<StaffChallenge>('ops/auth/sign-in', { body: { email, password: STAFF_PASSWORD } });
  if (first.status !== 200) throw new Error(`sign-in: ${JSON.stringify(first)}`);
  const second = await t.call<StaffSession>('ops/auth/second-factor', { body: { challenge: first.body.challenge, code: await totpCode(t, created.totpSecret) } });
  if (second.status !== 200) throw new Error(`second factor: ${JSON.stringify(second)}`);
  return { ...created, email, role, token: second.body.accessToken };
}
