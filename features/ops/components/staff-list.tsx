import { useState } from 'react';
import type { StaffList as StaffListData } from '#domain/api/ops';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useAsync } from '#lib/use-async';
import { Button } from '#ui/button';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '#ui/table';
import { listStaff } from '../api.ts';
import { ROLE_KEYS } from '../ops-words.ts';

/** The shop's staff accounts and their roles (admin only); a new one is made by `npm run staff:create` (docs/api.md, "Staff console"). */
export function StaffList() {
  const t = useT();
  const format = useFormat();
  const [attempt, setAttempt] = useState(0);
  const staff = useAsync<StaffListData>(`ops-staff-${attempt}`, (signal) => listStaff(signal));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{t('ops.staff.title')}</h1>
      <p className="text-neutral-700">{t('ops.staff.howToAdd')}</p>
      {staff.status === 'error' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-card border border-danger-600 bg-danger-50 p-4 text-danger-700">
          <p>{errorMessage(staff.error)}</p>
          <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : (
        <Table aria-label={t('ops.staff.title')}>
          <TableHeader>
            <Column isRowHeader>{t('ops.staff.name')}</Column>
            <Column>{t('auth.email')}</Column>
            <Column>{t('ops.staff.role')}</Column>
            <Column>{t('ops.staff.since')}</Column>
          </TableHeader>
          <TableBody items={staff.status === 'success' ? staff.data.list : []} isLoading={staff.status === 'loading'} loadingLabel={t('common.loading')}>
            {(member) => (
              <Row id={member.id}>
                <Cell>{member.disabled ? t('ops.staff.disabled', { name: member.name }) : member.name}</Cell>
                <Cell>{member.email}</Cell>
                <Cell>{t(ROLE_KEYS[member.role])}</Cell>
                <Cell>{format.dateTime(member.createdAt, 'date')}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
