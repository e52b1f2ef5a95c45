import { useState } from 'react';
import type { PhoneCodeEntry } from '#domain/api/tools';
import { registerSuite } from '#domain/rules/account-rules';
import { phoneCodeLabel, usePhoneCodes } from '#lib/reference-data/phone-codes';
import { useSuiteForm } from '#lib/forms/use-suite-form';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { ComboBox, ComboBoxItem } from '#ui/combo-box';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { PasswordField } from '#ui/password-field';
import { TextField } from '#ui/text-field';
import { register, resendActivation } from '../api.ts';
import { CaptchaField } from './captcha-field.tsx';
import { FormAlert } from './form-alert.tsx';

export interface SignUpFormProps {
  /** A referral code from the link the visitor arrived with. */
  referralCode?: string;
}

const EMPTY = {
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  username: '',
  company: '',
  phoneCode: '',
  phone: '',
  referralCode: '',
  agreeTerms: false,
  captchaId: '',
  captchaCode: '',
};

/** Sign Up: every rule of spec section 5 that applies, the server's captcha, terms, an optional referral code. */
export function SignUpForm({ referralCode = '' }: SignUpFormProps) {
  const [registered, setRegistered] = useState<string | null>(null);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const form = useSuiteForm(registerSuite, { ...EMPTY, referralCode }, async (values) => {
    try {
      const result = await register({
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        agreeTerms: values.agreeTerms,
        captchaId: values.captchaId,
        captchaCode: values.captchaCode.trim(),
        ...optional({
          username: values.username,
          company: values.company,
          phoneCode: values.phoneCode,
          phone: values.phone,
          referralCode: values.referralCode,
        }),
      });
      setRegistered(result.email);
    } catch (error) {
      // A captcha is good for one attempt: every failed submit needs a new one (and a new answer).
      setCaptchaGeneration((n) => n + 1);
      throw error;
    }
  });

  if (registered) return <CheckYourEmail email={registered} />;

  return (
    <Form onSubmit={form.onSubmit} aria-label="Sign up">
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" isRequired />
      <PasswordField
        {...form.field('password')}
        label="Password"
        autoComplete="new-password"
        description="At least 6 characters."
        isRequired
      />
      <PasswordField {...form.field('confirmPassword')} label="Confirm password" autoComplete="new-password" isRequired />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" isRequired />
        <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" isRequired />
      </div>
      <TextField {...form.field('username')} label="User name (optional)" description="2 to 12 characters." autoComplete="username" />
      <TextField {...form.field('company')} label="Company (optional)" autoComplete="organization" />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <PhoneCodeSelect
          errorMessage={form.errors.phoneCode?.join(' ')}
          value={form.values.phoneCode}
          onChange={(entry) => {
            form.setValue('phoneCode', entry?.phoneCode ?? '');
            form.touch('phoneCode');
          }}
        />
        <TextField {...form.field('phone')} label="Phone (optional)" type="tel" autoComplete="tel-national" />
      </div>
      <TextField
        {...form.field('referralCode')}
        label="Referral code (optional)"
        description="Friends of our customers get 10% off their first order."
      />
      <CaptchaField
        generation={captchaGeneration}
        value={form.values.captchaCode}
        onChange={(code) => form.setValue('captchaCode', code)}
        onBlur={() => form.touch('captchaCode')}
        onCaptchaId={(id) => form.setValue('captchaId', id)}
        errorMessage={form.errors.captchaCode?.join(' ')}
      />
      <div className="flex flex-col gap-1">
        <Checkbox
          name="agreeTerms"
          isSelected={form.values.agreeTerms}
          onChange={(checked) => {
            form.setValue('agreeTerms', checked);
            form.touch('agreeTerms');
          }}
          isInvalid={!!form.errors.agreeTerms}
          aria-describedby={form.errors.agreeTerms ? 'agree-terms-error' : undefined}
        >
          I agree to the terms of use and the privacy policy
        </Checkbox>
        <p className="pl-7 text-caption">
          <Link href="/terms-of-use">Terms of use</Link> · <Link href="/terms-of-use?tab=privacy-policy">Privacy policy</Link>
        </p>
        {form.errors.agreeTerms && (
          <p id="agree-terms-error" className="text-caption text-danger-700">
            {form.errors.agreeTerms[0]}
          </p>
        )}
      </div>
      <Button type="submit" isPending={form.isSubmitting}>
        Create account
      </Button>
      <p className="text-neutral-600">
        Already have an account? <Link href="/login">Log in</Link>
      </p>
    </Form>
  );
}

function optional<T extends Record<string, string>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])) as Partial<T>;
}

function PhoneCodeSelect({ value, onChange, errorMessage }: { value: string; onChange: (entry: PhoneCodeEntry | null) => void; errorMessage?: string }) {
  const codes = usePhoneCodes();
  const items = codes.status === 'success' ? codes.data : [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  return (
    <ComboBox<PhoneCodeEntry>
      key={codes.status}
      name="phoneCode"
      label="Phone code (optional)"
      placeholder={codes.status === 'loading' ? 'Loading countries…' : 'Search country or code'}
      isDisabled={codes.status !== 'success'}
      defaultItems={items}
      isInvalid={!!errorMessage}
      errorMessage={errorMessage}
      selectedKey={value ? selectedId : null}
      onSelectionChange={(key) => {
        const entry = items.find((e) => e.id === key) ?? null;
        setSelectedId(entry?.id ?? null);
        onChange(entry);
      }}
      menuTrigger="focus"
    >
      {(entry) => <ComboBoxItem id={entry.id}>{phoneCodeLabel(entry)}</ComboBoxItem>}
    </ComboBox>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <FormAlert tone="success">
        <p className="font-semibold">Check your email</p>
        <p>
          We sent an activation link to <strong>{email}</strong>. Open it to activate your account and sign in.
        </p>
      </FormAlert>
      <div>
        <Button
          variant="secondary"
          onPress={() =>
            resendActivation(email).then(
              (r) => setNote(r.message ?? 'We sent the activation link again.'),
              () => setNote('We could not send the email; please try again later.'),
            )
          }
        >
          Send the link again
        </Button>
      </div>
      {note && <p role="status">{note}</p>}
    </div>
  );
}
