import { useState } from 'react';
import type { ReferralOverview } from '#domain/api/rewards';
import { type FormSuite, lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { TextField } from '#ui/text-field';
import { applyReferralCode, inviteFriends } from '../api.ts';

const rewardsSuites = () => import('#domain/rules/rewards-suites');
const applyReferralSuite = lazySuite(async () => (await rewardsSuites()).applyReferralSuite);
const inviteSuite = lazySuite(async () => (await rewardsSuites()).inviteSuite);

/** Invitations by email: the shared invitation rules as the addresses are typed; what was sent is announced. */
export function InviteForm({ leftToday, maxAtOnce, onSent }: { leftToday: number; maxAtOnce: number; onSent: (leftToday: number) => void }) {
  const t = useT();
  // A fresh form after each sending (empty fields, no "required" message), with the result announced beside it.
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState<number | null>(null);
  return (
    <section aria-labelledby="invite-heading" className="flex max-w-xl flex-col gap-4">
      <h2 id="invite-heading" className="text-title">
        {t('rewards.invite.heading')}
      </h2>
      <InviteFields
        key={round}
        leftToday={leftToday}
        maxAtOnce={maxAtOnce}
        onSending={() => setSent(null)}
        onSent={(count, left) => {
          setSent(count);
          setRound((r) => r + 1);
          onSent(left);
        }}
      />
      <p role="status" aria-live="polite" className="text-success-700">
        {sent !== null ? t('rewards.invite.sent', { count: sent }) : ''}
      </p>
    </section>
  );
}

function InviteFields(props: { leftToday: number; maxAtOnce: number; onSending: () => void; onSent: (count: number, leftToday: number) => void }) {
  const t = useT();
  const form = useSuiteForm<{ emails: string; message: string }>(inviteSuite as unknown as FormSuite, { emails: '', message: '' }, async (values) => {
    props.onSending();
    const res = await inviteFriends({ emails: values.emails, ...(values.message.trim() ? { message: values.message.trim() } : {}) });
    props.onSent(res.sent, res.invitationsLeftToday);
  });
  return (
    <Form onSubmit={form.onSubmit} aria-label={t('rewards.invite.heading')} className="flex flex-col gap-4">
      <TextField
        {...form.field('emails')}
        label={t('rewards.invite.emails')}
        description={t('rewards.invite.emailsHint', { max: props.maxAtOnce, left: props.leftToday })}
        isMultiline
        rows={2}
        isRequired
      />
      <TextField {...form.field('message')} label={t('rewards.invite.message')} isMultiline rows={2} maxLength={500} />
      {form.formError && (
        <p role="alert" className="text-danger-700">
          {form.formError}
        </p>
      )}
      <div>
        <Button type="submit" isPending={form.isSubmitting} isDisabled={props.leftToday === 0}>
          {t('rewards.invite.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** A new account that was invited but signed up without the code can add it before its first order. */
export function ApplyCodeForm({ percent, onApplied }: { percent: number; onApplied: (overview: ReferralOverview) => void }) {
  const t = useT();
  const form = useSuiteForm<{ code: string }>(applyReferralSuite as unknown as FormSuite, { code: '' }, async (values) => {
    onApplied(await applyReferralCode(values.code.trim()));
  });
  return (
    <Form onSubmit={form.onSubmit} aria-labelledby="apply-code-heading" className="flex max-w-md flex-col gap-4">
      <h2 id="apply-code-heading" className="text-title">
        {t('rewards.apply.heading')}
      </h2>
      <p>{t('rewards.apply.intro', { percent })}</p>
      <TextField {...form.field('code')} label={t('rewards.apply.code')} autoComplete="off" isRequired />
      {form.formError && <p role="alert" className="text-danger-700">{form.formError}</p>}
      <div>
        <Button type="submit" isPending={form.isSubmitting}>
          {t('rewards.apply.submit')}
        </Button>
      </div>
    </Form>
  );
}
