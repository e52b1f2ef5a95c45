import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '#domain/api/ops';
import { STAFF_ROLES, type StaffRole } from '#domain/rules/staff-rules';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { AlertDialog } from '#ui/alert-dialog';
import { Button } from '#ui/button';
import { DialogTrigger } from '#ui/dialog';
import { LoadFailed } from '#ui/load-failed';
import { Modal } from '#ui/modal';
import { Select, SelectItem } from '#ui/select';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';
import { TextField } from '#ui/text-field';
import { inviteStaff, setStaffDisabled, staffListQuery } from '../staff-api.ts';
import { ROLE_KEYS } from '../ops-words.ts';
import { OpsDecisionDialog } from './ops-decision-dialog.tsx';

export interface StaffListProps {
  /** The admin looking: their own row has no Disable button. */
  currentStaffId: string;
  /** Whether the role invites, disables and enables (`staff.manage`); the server decides anyway. */
  mayManage: boolean;
}

/** The fields the server names in its refusals. */
const FIELD_NAME = 'name';
const FIELD_EMAIL = 'email';

function InviteDialog({ onSent }: { onSent: (email: string, expiresAt: string) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('operator');
  return (
    <OpsDecisionDialog
      button={t('opsStaff.invite')}
      buttonLabel={t('opsStaff.inviteTitle')}
      variant="primary"
      title={t('opsStaff.inviteTitle')}
      submit={t('opsStaff.inviteSend')}
      onSubmit={async () => {
        const sent = await inviteStaff({ name: name.trim(), email: email.trim(), role });
        await queryClient.invalidateQueries({ queryKey: queryKeys.staff.all });
        setName('');
        setEmail('');
        onSent(sent.email, sent.expiresAt);
      }}
    >
      {(fieldError) => (
        <>
          <TextField label={t('ops.staff.name')} autoComplete="off" value={name} onChange={setName} errorMessage={fieldError(FIELD_NAME)} isInvalid={fieldError(FIELD_NAME) !== undefined} isRequired />
          <TextField label={t('auth.email')} type="email" autoComplete="off" value={email} onChange={setEmail} errorMessage={fieldError(FIELD_EMAIL)} isInvalid={fieldError(FIELD_EMAIL) !== undefined} isRequired />
          <Select label={t('ops.staff.role')} selectedKey={role} onSelectionChange={(key) => setRole(key as StaffRole)} isRequired>
            {STAFF_ROLES.map((r) => (
              <SelectItem key={r} id={r}>
                {t(ROLE_KEYS[r])}
              </SelectItem>
            ))}
          </Select>
        </>
      )}
    </OpsDecisionDialog>
  );
}

/**
 * The shop's staff accounts and their roles (issue 38 item 1, ADR 223): an admin invites by mail,
 * and disables (after a confirmation) or enables an account; never their own. The first admin is
 * made by `npm run staff:create`.
 */
export function StaffList({ currentStaffId, mayManage }: StaffListProps) {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const query = useQuery(staffListQuery());
  const staff = asyncState(query);
  const [notice, setNotice] = useState<string | null>(null);
  const toggle = useMutation({
    mutationFn: (member: StaffMember) => setStaffDisabled(member.id, !member.disabled),
    onSuccess: (list, member) => {
      queryClient.setQueryData(queryKeys.staff.list, list);
      setNotice(t(member.disabled ? 'opsStaff.enabledDone' : 'opsStaff.disabledDone', { name: member.name }));
    },
    onError: () => setNotice(null),
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-headline text-neutral-900">{t('ops.staff.title')}</h1>
        {mayManage && <InviteDialog onSent={(email, expiresAt) => setNotice(t('opsStaff.inviteSent', { email, date: format.dateTime(expiresAt, 'date') }))} />}
      </div>
      <p className="text-neutral-700">{t('opsStaff.howToAdd')}</p>
      <div aria-live="polite">
        {notice && (
          <p role="status" className="rounded-control border border-success-600 bg-success-50 px-4 py-3 text-success-700">
            {notice}
          </p>
        )}
      </div>
      {toggle.error && (
        <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
          {errorMessage(toggle.error)}
        </div>
      )}
      {staff.status === 'error' ? (
        <LoadFailed retryLabel={t('common.tryAgain')} onRetry={query.refetch}>
          {errorMessage(staff.error)}
        </LoadFailed>
      ) : (
        <DataTable aria-label={t('ops.staff.title')}>
          <DataTableHeader>
            <DataColumn>{t('ops.staff.name')}</DataColumn>
            <DataColumn>{t('auth.email')}</DataColumn>
            <DataColumn>{t('ops.staff.role')}</DataColumn>
            <DataColumn>{t('ops.staff.since')}</DataColumn>
            {mayManage ? <DataColumn>{t('opsStaff.actions')}</DataColumn> : null}
          </DataTableHeader>
          <DataTableBody columnCount={mayManage ? 5 : 4} items={staff.status === 'success' ? staff.data.list : []} isLoading={staff.status === 'loading'} loadingLabel={t('common.loading')}>
            {(member) => (
              <DataRow>
                <DataCell isRowHeader>{member.disabled ? t('ops.staff.disabled', { name: member.name }) : member.name}</DataCell>
                <DataCell>{member.email}</DataCell>
                <DataCell>{t(ROLE_KEYS[member.role])}</DataCell>
                <DataCell>{format.dateTime(member.createdAt, 'date')}</DataCell>
                {mayManage ? (
                  <DataCell>
                    {member.id === currentStaffId ? (
                      t('opsStaff.you')
                    ) : member.disabled ? (
                      <Button variant="secondary" aria-label={t('opsStaff.enableLabel', { name: member.name })} isPending={toggle.isPending && toggle.variables?.id === member.id} onPress={() => toggle.mutate(member)}>
                        {t('opsStaff.enable')}
                      </Button>
                    ) : (
                      <DialogTrigger>
                        <Button variant="secondary" aria-label={t('opsStaff.disableLabel', { name: member.name })}>
                          {t('opsStaff.disable')}
                        </Button>
                        <Modal>
                          <AlertDialog
                            title={t('opsStaff.disableTitle', { name: member.name })}
                            variant="destructive"
                            confirmLabel={t('opsStaff.disable')}
                            cancelLabel={t('opsStaff.cancel')}
                            onConfirm={() => toggle.mutate(member)}
                          >
                            {t('opsStaff.disableBody', { name: member.name })}
                          </AlertDialog>
                        </Modal>
                      </DialogTrigger>
                    )}
                  </DataCell>
                ) : null}
              </DataRow>
            )}
          </DataTableBody>
        </DataTable>
      )}
    </div>
  );
}
