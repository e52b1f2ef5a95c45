import { useState } from 'react';
import type { UserInfo } from '#domain/api/account';
import { PROFILE_INDUSTRIES, PROFILE_TITLES, USERNAME_MAX, USERNAME_MIN } from '#domain/rules/account-rules';
import { lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { useSessionActor } from '#machines/session-context';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { LazySelect } from '#ui/lazy-select';
import { TextField } from '#ui/text-field';
import { updateProfile } from '../api.ts';
import { PhoneCodeField } from './phone-code-field.tsx';

const accountSuites = () => import('#domain/rules/account-suites');
const profileSuite = lazySuite(async () => (await accountSuites()).profileSuite);

type ProfileValues = {
  username: string;
  firstName: string;
  lastName: string;
  company: string;
  title: string;
  industry: string;
  phoneCode: string;
  phone: string;
};

function valuesOf(user: UserInfo): ProfileValues {
  return {
    username: user.username ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    company: user.company ?? '',
    // A value from before the lists (free text) is not one of the choices: the person chooses again.
    title: (PROFILE_TITLES as readonly string[]).includes(user.title ?? '') ? (user.title ?? '') : '',
    industry: (PROFILE_INDUSTRIES as readonly string[]).includes(user.industry ?? '') ? (user.industry ?? '') : '',
    phoneCode: user.phoneCode ?? '',
    phone: user.phone ?? '',
  };
}

const listItems = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));
const TITLE_ITEMS = listItems(PROFILE_TITLES);
const INDUSTRY_ITEMS = listItems(PROFILE_INDUSTRIES);
const nameOf = (item: { name: string }) => item.name;

/**
 * The profile (`PATCH account/me`): every field of the account record the customer may change,
 * checked by the shared profile rules as they type and by the server. The saved record replaces the
 * session's copy, so the header and the other pages show it at once.
 */
export function ProfileForm({ user }: { user: UserInfo }) {
  const t = useT();
  const session = useSessionActor();
  const [saved, setSaved] = useState(false);
  const form = useSuiteForm(profileSuite, valuesOf(user), async (values) => {
    setSaved(false);
    const updated = await updateProfile({
      username: values.username.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      company: values.company.trim() === '' ? null : values.company.trim(),
      title: values.title,
      industry: values.industry,
      phoneCode: values.phoneCode,
      phone: values.phone.trim(),
    });
    session.send({ type: 'user.updated', user: updated });
    setSaved(true);
  });
  /** A choice (a list, the phone code) shows its rule at once; typed fields show theirs when left. */
  const choose = (field: 'title' | 'industry' | 'phoneCode', value: string) => {
    form.setValue(field, value);
    form.touch(field);
  };

  return (
    <Form onSubmit={form.onSubmit} aria-label={t('account.profile.form')} className="grid gap-4 sm:grid-cols-2">
      {form.formError && (
        <p role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700 sm:col-span-2">
          {form.formError}
        </p>
      )}
      <TextField
        {...form.field('username')}
        label={t('account.profile.username')}
        description={t('account.profile.usernameHint', { min: USERNAME_MIN, max: USERNAME_MAX })}
        autoComplete="username"
        isRequired
      />
      <TextField {...form.field('company')} label={t('account.profile.company')} autoComplete="organization" />
      <TextField {...form.field('firstName')} label={t('account.profile.firstName')} autoComplete="given-name" isRequired />
      <TextField {...form.field('lastName')} label={t('account.profile.lastName')} autoComplete="family-name" isRequired />
      <LazySelect
        label={t('account.profile.jobTitle')}
        placeholder={t('account.profile.choose')}
        items={TITLE_ITEMS}
        selectedKey={form.values.title || null}
        onSelectionChange={(key) => choose('title', key === null ? '' : String(key))}
        onBlur={() => form.touch('title')}
        isInvalid={!!form.errors.title}
        errorMessage={form.errors.title?.join(' ')}
        isRequired
        textOf={nameOf}
      />
      <LazySelect
        label={t('account.profile.industry')}
        placeholder={t('account.profile.choose')}
        items={INDUSTRY_ITEMS}
        selectedKey={form.values.industry || null}
        onSelectionChange={(key) => choose('industry', key === null ? '' : String(key))}
        onBlur={() => form.touch('industry')}
        isInvalid={!!form.errors.industry}
        errorMessage={form.errors.industry?.join(' ')}
        isRequired
        textOf={nameOf}
      />
      <PhoneCodeField
        label={t('account.profile.phoneCode')}
        value={form.values.phoneCode}
        onChange={(code) => choose('phoneCode', code)}
        onBlur={() => form.touch('phoneCode')}
        errorMessage={form.errors.phoneCode?.join(' ')}
        isRequired
      />
      <TextField {...form.field('phone')} label={t('account.profile.phone')} type="tel" autoComplete="tel-national" isRequired />
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <Button type="submit" isPending={form.isSubmitting}>
          {t('account.profile.save')}
        </Button>
        <p role="status" className="text-success-700">
          {saved ? t('account.profile.saved') : ''}
        </p>
      </div>
    </Form>
  );
}
