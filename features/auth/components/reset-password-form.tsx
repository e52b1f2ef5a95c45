import { useState } from 'react';
import { emailOnlySuite, passwordResetSuite } from '#domain/rules/account-rules';
import { useSuiteForm } from '#lib/forms/use-suite-form';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { PasswordField } from '#ui/password-field';
import { TextField } from '#ui/text-field';
import { resetPassword, sendPasswordReset } from '../api.ts';
import { FormAlert } from './form-alert.tsx';

/**
 * Reset Password in two steps: send the verification code to the email, then the code and the new
 * password twice. Opening the emailed link (`?key=`) goes straight to the second step.
 */
export function ResetPasswordForm({ emailedKey }: { emailedKey?: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <FormAlert tone="success">
        <p>Your password has been changed.</p>
        <p className="mt-2">
          <Link href="/login">Log in with your new password</Link>
        </p>
      </FormAlert>
    );
  }
  if (sentTo === null && !emailedKey) return <SendCode onSent={setSentTo} />;
  return <NewPassword emailedKey={emailedKey ?? ''} sentTo={sentTo} onDone={() => setDone(true)} />;
}

function SendCode({ onSent }: { onSent: (email: string) => void }) {
  const form = useSuiteForm(emailOnlySuite, { email: '' }, async ({ email }) => {
    await sendPasswordReset(email.trim());
    onSent(email.trim());
  });
  return (
    <Form onSubmit={form.onSubmit} aria-label="Send a verification code">
      <p className="text-neutral-600">Enter the email you signed up with; we will send you a verification code.</p>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" isRequired />
      <Button type="submit" isPending={form.isSubmitting}>
        Send verification code
      </Button>
      <p>
        <Link href="/login">Back to log in</Link>
      </p>
    </Form>
  );
}

function NewPassword({ emailedKey, sentTo, onDone }: { emailedKey: string; sentTo: string | null; onDone: () => void }) {
  const form = useSuiteForm(passwordResetSuite, { key: emailedKey, password: '', confirmPassword: '' }, async (values) => {
    await resetPassword({ key: values.key.trim(), password: values.password, confirmPassword: values.confirmPassword });
    onDone();
  });
  return (
    <Form onSubmit={form.onSubmit} aria-label="Choose a new password">
      {sentTo && (
        <FormAlert tone="success">
          If <strong>{sentTo}</strong> has an account, we have emailed it a link and a verification code, valid for 2 hours. Open the link, or enter the code here.
        </FormAlert>
      )}
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField {...form.field('key')} label="Verification code" autoComplete="one-time-code" isRequired />
      <PasswordField {...form.field('password')} label="New password" autoComplete="new-password" description="At least 6 characters." isRequired />
      <PasswordField {...form.field('confirmPassword')} label="Confirm new password" autoComplete="new-password" isRequired />
      <Button type="submit" isPending={form.isSubmitting}>
        Change password
      </Button>
    </Form>
  );
}
