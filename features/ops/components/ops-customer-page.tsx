import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StaffAction } from '#domain/api/ops';
import type { CustomerFlags, OpsBalanceAdjustRequest, OpsCustomerDetail, OpsCustomerPatch } from '#domain/api/ops-customers';
import { CUSTOMER_FLAGS } from '#domain/rules/staff-customer-rules';
import { announce } from '#lib/a11y/announce';
import { errorMessage } from '#lib/api/error-message';
import { serverFieldErrors } from '#lib/forms/use-suite-form';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { changed } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { Checkbox } from '#ui/checkbox';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { LoadFailed } from '#ui/load-failed';
import { Money } from '#ui/money';
import { Select, SelectItem } from '#ui/select';
import { TextField } from '#ui/text-field';
import { adjustOpsBalance, readOpsCustomer, updateOpsCustomer } from '../customers-api.ts';
import { ACTION_KEYS, auditChanges } from '../ops-words.ts';

const FLAG_KEYS: Readonly<Record<keyof CustomerFlags, { label: MessageKey; hint: MessageKey }>> = {
  isRecharge: { label: 'ops.customer.flag.isRecharge', hint: 'ops.customer.flag.isRechargeHint' },
  isEntrustOrderAccount: { label: 'ops.customer.flag.isEntrustOrderAccount', hint: 'ops.customer.flag.isEntrustOrderAccountHint' },
  member: { label: 'ops.customer.flag.member', hint: 'ops.customer.flag.memberHint' },
  isChannel: { label: 'ops.customer.flag.isChannel', hint: 'ops.customer.flag.isChannelHint' },
};
const NONE = 'none';

function Alert({ children }: { children: string }) {
  return (
    <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
      {children}
    </div>
  );
}

/**
 * A change of the customer's record (flags, manager, balance): the answer is the record as the
 * server keeps it, set as the page's record; the customer lists (which show the manager and the
 * balance) are asked again.
 */
function useCustomerChange<B>(send: (customerId: string, body: B) => Promise<OpsCustomerDetail>, customerId: string, onDone: (next: OpsCustomerDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => send(customerId, body),
    onSuccess: (next) => {
      client.setQueryData(queryKeys.ops.customers.detail(customerId), next);
      void changed(client, queryKeys.ops.customers.lists);
      onDone(next);
    },
  });
}

/** The flags of spec section 3 and the success manager, as a form for operators and admins, read-only otherwise. */
function AccountRecord({ data, onSaved }: { data: OpsCustomerDetail; onSaved: (next: OpsCustomerDetail) => void }) {
  const t = useT();
  const { customer, mayManage, successManagers } = data;
  const currentManager = successManagers.find((m) => m.email.toLowerCase() === customer.successManager?.email.toLowerCase())?.id ?? NONE;
  const [flags, setFlags] = useState<CustomerFlags>(customer.flags);
  const [manager, setManager] = useState<string>(currentManager);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const save = useCustomerChange(updateOpsCustomer, customer.id, onSaved);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const patch: OpsCustomerPatch = Object.fromEntries(CUSTOMER_FLAGS.filter((f) => flags[f] !== customer.flags[f]).map((f) => [f, flags[f]]));
    if (manager !== currentManager) patch.successManagerId = manager === NONE ? null : manager;
    setFailure(null);
    try {
      const next = await save.mutateAsync({ ...patch, reason: reason.trim() || null });
      setReason('');
      announce(t('ops.customer.saved', { name: next.customer.name }));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Card title={t('ops.customer.record')} description={mayManage ? t('ops.customer.recordHint') : t('ops.customer.readOnly')}>
      <Form onSubmit={submit} aria-label={t('ops.customer.record')} className="px-5 pb-5 pt-3">
        {failure && <Alert>{failure}</Alert>}
        {CUSTOMER_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            isSelected={flags[flag]}
            isDisabled={!mayManage}
            onChange={(value) => setFlags((f) => ({ ...f, [flag]: value }))}
            description={t(FLAG_KEYS[flag].hint)}
          >
            {t(FLAG_KEYS[flag].label)}
          </Checkbox>
        ))}
        {mayManage ? (
          <>
            <Select label={t('ops.customer.manager')} selectedKey={manager} onSelectionChange={(key) => setManager(String(key))}>
              <SelectItem id={NONE}>{t('ops.customer.noManager')}</SelectItem>
              {successManagers.map((m) => (
                <SelectItem key={m.id} id={m.id} textValue={m.name}>
                  {`${m.name} (${m.email})`}
                </SelectItem>
              ))}
            </Select>
            <TextField label={t('ops.customer.reason')} description={t('ops.customer.reasonHint')} value={reason} onChange={setReason} maxLength={2000} />
            <div>
              <Button type="submit" isPending={save.isPending}>
                {t('ops.customer.save')}
              </Button>
            </div>
          </>
        ) : (
          <p>
            {t('ops.customer.manager')}: {customer.successManager ? `${customer.successManager.name} (${customer.successManager.email})` : t('ops.customer.noManager')}
          </p>
        )}
      </Form>
    </Card>
  );
}

/** A credit or a debit of the balance with the reason the customer reads (the ledger refuses below zero). */
function BalanceAdjust({ data, onAdjusted }: { data: OpsCustomerDetail; onAdjusted: (next: OpsCustomerDetail) => void }) {
  const t = useT();
  const format = useFormat();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const adjust = useCustomerChange<OpsBalanceAdjustRequest>(adjustOpsBalance, data.customer.id, onAdjusted);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setErrors({});
    try {
      const next = await adjust.mutateAsync({ amount: amount.trim(), reason: reason.trim() });
      setAmount('');
      setReason('');
      announce(t('ops.customer.adjusted', { name: next.customer.name, balance: format.money(next.customer.balanceCents) }));
    } catch (error) {
      const fields = serverFieldErrors(error);
      const first = (v: unknown) => (Array.isArray(v) ? (v[0] as string | undefined) : typeof v === 'string' ? v : undefined);
      if (fields) setErrors({ amount: first(fields.amount), reason: first(fields.reason) });
      setFailure(errorMessage(error));
    }
  };

  return (
    <Card title={t('ops.customer.adjust')} description={t('ops.customer.adjustHint')}>
      <Form onSubmit={submit} aria-label={t('ops.customer.adjust')} className="px-5 pb-5 pt-3">
        {failure && <Alert>{failure}</Alert>}
        <TextField
          label={t('ops.customer.amount')}
          description={t('ops.customer.amountHint')}
          inputMode="decimal"
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setErrors((x) => ({ ...x, amount: undefined }));
          }}
          errorMessage={errors.amount}
          isInvalid={errors.amount !== undefined}
          isRequired
        />
        <TextField
          label={t('ops.customer.adjustReason')}
          description={t('ops.customer.adjustReasonHint')}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setErrors((x) => ({ ...x, reason: undefined }));
          }}
          errorMessage={errors.reason}
          isInvalid={errors.reason !== undefined}
          maxLength={200}
          isRequired
        />
        <div>
          <Button type="submit" isPending={adjust.isPending}>
            {t('ops.customer.adjustSubmit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** The staff's actions about the customer, each change said as "field: value" or "field: from before to after". */
function CustomerAudit({ audit }: { audit: StaffAction[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <Card title={t('ops.customer.audit')} description={t('ops.customer.auditHint')}>
      <ol role="list" className="flex flex-col gap-2 px-5 pb-5 pt-3">
        {audit.length === 0 && <li>{t('ops.customer.auditEmpty')}</li>}
        {audit.map((a) => {
          const actionKey = ACTION_KEYS[a.action];
          return (
            <li key={a.id}>
              {t('ops.customer.auditLine', { at: format.dateTime(a.at), who: a.staffName, action: actionKey ? t(actionKey) : a.action })}
              <ul role="list" className="text-neutral-700">
                {auditChanges(a, { t, money: (cents) => format.money(cents) }).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {a.reason && <span className="block text-neutral-600">{t('ops.order.auditReason', { reason: a.reason })}</span>}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/**
 * A customer as staff see it (issue 38 items 6 and 7): the account, what its record lets it do and
 * its success manager (changed by operators and admins, read by the success manager), balance
 * adjustments with their reason, and every staff action about the customer with before and after.
 */
export function OpsCustomerPage({ customerId }: { customerId: string }) {
  const t = useT();
  const format = useFormat();
  const query = useQuery({ queryKey: queryKeys.ops.customers.detail(customerId), queryFn: ({ signal }) => readOpsCustomer(customerId, signal) });
  const loaded = asyncState(query);
  // Counts the saved answers, so the record's form starts again from what the server keeps.
  const [version, setVersion] = useState(0);
  const update = () => setVersion((v) => v + 1);
  // A record on screen stays there if asking again fails; the error is shown when there is none.
  const data = query.data ?? null;

  if (loaded.status === 'error' && !data) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-headline text-neutral-900">{t('ops.customer.titleUnknown')}</h1>
        <LoadFailed retryLabel={t('common.tryAgain')} onRetry={query.refetch}>
          {errorMessage(loaded.error)}
        </LoadFailed>
        <Link href="/ops/customers">{t('ops.customer.back')}</Link>
      </div>
    );
  }
  if (!data) {
    return (
      <p role="status" className="text-neutral-600">
        {t('ops.customer.loading')}
      </p>
    );
  }
  const { customer } = data;
  return (
    <div className="flex flex-col gap-6">
      <Link href="/ops/customers">{t('ops.customer.back')}</Link>
      <h1 className="text-headline text-neutral-900">{t('ops.customer.title', { name: customer.name })}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('ops.customer.account')}>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 px-5 pb-5 pt-3 max-sm:wrap-anywhere sm:grid-cols-[auto_1fr]">
            <dt className="text-neutral-600">{t('auth.email')}</dt>
            <dd>{customer.email}</dd>
            <dt className="text-neutral-600">{t('ops.customers.company')}</dt>
            <dd>{customer.company ?? t('ops.customer.noCompany')}</dd>
            <dt className="text-neutral-600">{t('ops.customers.number')}</dt>
            <dd>{customer.customerNumber}</dd>
            <dt className="text-neutral-600">{t('ops.customer.since')}</dt>
            <dd>{format.dateTime(customer.createdAt, 'date')}</dd>
            <dt className="text-neutral-600">{t('ops.customers.balance')}</dt>
            <dd>
              <Money cents={customer.balanceCents} />
            </dd>
          </dl>
        </Card>
        {/* Keyed by each saved answer, so the form starts again from what the server keeps. */}
        <AccountRecord key={`record-${customerId}-${version}`} data={data} onSaved={update} />
      </div>
      {data.mayAdjustBalance && <BalanceAdjust data={data} onAdjusted={update} />}
      <CustomerAudit audit={data.audit} />
    </div>
  );
}
