import { useState } from 'react';
import type { PhoneCodeEntry } from '#domain/api/tools';
import { PASSWORD_MIN, REFERRAL_DISCOUNT_PERCENT, USERNAME_MAX, USERNAME_MIN } from '#domain/rules/account-rules';
import { entryNamed, phoneCodeLabel, usePhoneCodes } from '#lib/reference-data/phone-codes';
import { lazySuite, serverFieldErrors, useSuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { LazyComboBox } from '#ui/lazy-combo-box';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { PasswordField } from '#ui/password-field';
import { TextField } from '#ui/text-field';
import { register, resendActivation } from '../api.ts';
import { CaptchaField } from './captcha-field.tsx';
import { FormAlert } from './form-alert.tsx';

const accountSuites = () => import('#domain/rules/account-suites');
const registerSuite = lazySuite(async () => (await accountSuites()).registerSuite);

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
  // The server's word on a refused captcha ("The CAPTCHA is wrong…"), kept while the new image has no answer yet.
  const [captchaRefusal, setCaptchaRefusal] = useState<string | null>(null);
  const t = useT();
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
      setCaptchaRefusal(serverFieldErrors(error)?.captchaCode?.[0] ?? null);
      setCaptchaGeneration((n) => n + 1);
      throw error;
    }
  });

  if (registered) return <CheckYourEmail email={registered} />;

  return (
    <Form onSubmit={form.onSubmit} aria-label={t('auth.signUp.form')}>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField {...form.field('email')} label={t('auth.email')} type="email" autoComplete="email" isRequired />
      <PasswordField
        {...form.field('password')}
        label={t('auth.password')}
        showLabel={t('common.showPassword')}
        autoComplete="new-password"
        description={t('auth.passwordHint', { min: PASSWORD_MIN })}
        isRequired
      />
      <PasswordField {...form.field('confirmPassword')} label={t('auth.confirmPassword')} showLabel={t('common.showPassword')} autoComplete="new-password" isRequired />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('firstName')} label={t('auth.firstName')} autoComplete="given-name" isRequired />
        <TextField {...form.field('lastName')} label={t('auth.lastName')} autoComplete="family-name" isRequired />
      </div>
      <TextField {...form.field('username')} label={t('auth.usernameOptional')} description={t('auth.usernameHint', { min: USERNAME_MIN, max: USERNAME_MAX })} autoComplete="username" />
      <TextField {...form.field('company')} label={t('auth.companyOptional')} autoComplete="organization" />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <PhoneCodeSelect
          errorMessage={form.errors.phoneCode?.join(' ')}
          value={form.values.phoneCode}
          onChange={(entry) => {
            form.setValue('phoneCode', entry?.phoneCode ?? '');
            form.touch('phoneCode');
          }}
        />
        <TextField {...form.field('phone')} label={t('auth.phoneOptional')} type="tel" autoComplete="tel-national" />
      </div>
      <TextField
        {...form.field('referralCode')}
        label={t('auth.referralOptional')}
        description={t('auth.referralHint', { percent: REFERRAL_DISCOUNT_PERCENT })}
      />
      <CaptchaField
        generation={captchaGeneration}
        value={form.values.captchaCode}
        onChange={(code) => {
          form.setValue('captchaCode', code);
          if (code !== '') setCaptchaRefusal(null);
        }}
        onBlur={() => form.touch('captchaCode')}
        onCaptchaId={(id) => form.setValue('captchaId', id)}
        errorMessage={captchaRefusal ?? form.errors.captchaCode?.join(' ')}
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
          {t('auth.agreeTerms')}
        </Checkbox>
        <p className="pl-7 text-caption">
          <Link href="/terms-of-use">{t('app.footer.terms')}</Link> · <Link href="/terms-of-use?tab=privacy-policy">{t('app.footer.privacy')}</Link>
        </p>
        {form.errors.agreeTerms && (
          <p id="agree-terms-error" className="text-caption text-danger-700">
            {form.errors.agreeTerms[0]}
          </p>
        )}
      </div>
      <Button type="submit" isPending={form.isSubmitting}>
        {t('auth.signUp.submit')}
      </Button>
      <p className="text-neutral-600">{t.rich('auth.signUp.haveAccount', { link: (chunks) => <Link href="/login">{chunks}</Link> })}</p>
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
  const t = useT();
  return (
    <LazyComboBox<PhoneCodeEntry>
      key={codes.status}
      name="phoneCode"
      label={t('auth.phoneCodeOptional')}
      placeholder={codes.status === 'loading' ? t('auth.phoneCode.loading') : t('auth.phoneCode.search')}
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
      // The list opens as the visitor types or presses the arrow, never on focus alone: a list
      // opened by Tab hid the rest of the form from screen readers (axe: aria-hidden-focus).
      textOf={phoneCodeLabel}
      autoComplete="tel-country-code"
      itemNamed={(text, entries) => entryNamed(entries, text)}
    />
  );
}

function CheckYourEmail({ email }: { email: string }) {
  const [note, setNote] = useState<string | null>(null);
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <FormAlert tone="success">
        <p className="font-semibold">{t('auth.checkEmail.title')}</p>
        <p>{t.rich('auth.checkEmail.body', { email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      </FormAlert>
      <div>
        <Button
          variant="secondary"
          onPress={() =>
            resendActivation(email).then(
              (r) => setNote(r.message ?? t('auth.checkEmail.resent')),
              () => setNote(t('auth.activation.resendFailed')),
            )
          }
        >
          {t('auth.checkEmail.resend')}
        </Button>
      </div>
      {note && <p role="status">{note}</p>}
    </div>
  );
}
