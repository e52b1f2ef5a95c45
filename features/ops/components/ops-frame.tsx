import type { ReactNode } from 'react';
import type { StaffMe } from '#domain/api/ops';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import { ROLE_KEYS } from '../ops-words.ts';

export interface OpsFrameProps {
  staff: StaffMe;
  /** Which section is open (marked as the current page in the navigation). */
  current: 'orders' | 'transfers' | 'customers' | 'claims' | 'reviews' | 'staff' | 'settings';
  onSignOut: () => void;
  signingOut?: boolean;
  children: ReactNode;
}

/**
 * The console's frame (issue 38): who is signed in and their role, the sections their role opens,
 * sign out; a skip link to the section's content. Apart from the customers' header and footer.
 */
export function OpsFrame({ staff, current, onSignOut, signingOut = false, children }: OpsFrameProps) {
  const t = useT();
  const sections = [
    { id: 'orders' as const, href: '/ops/orders', label: t('ops.nav.orders'), open: staff.permissions.includes('orders.read') },
    { id: 'transfers' as const, href: '/ops/transfers', label: t('ops.nav.transfers'), open: staff.permissions.includes('payments.confirm') },
    { id: 'customers' as const, href: '/ops/customers', label: t('ops.nav.customers'), open: staff.permissions.includes('customers.read') },
    { id: 'claims' as const, href: '/ops/claims', label: t('opsQueues.nav.claims'), open: staff.permissions.includes('claims.decide') },
    { id: 'reviews' as const, href: '/ops/reviews', label: t('opsQueues.nav.reviews'), open: staff.permissions.includes('reviews.answer') },
    { id: 'staff' as const, href: '/ops/staff', label: t('ops.nav.staff'), open: staff.permissions.includes('staff.read') },
    { id: 'settings' as const, href: '/ops/settings', label: t('opsStaff.settings.nav'), open: true },
  ].filter((s) => s.open);
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <a href="#ops-main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:bg-neutral-0 focus:p-2">
        {t('ops.frame.skip')}
      </a>
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-neutral-200 bg-neutral-0 px-4 py-3">
        <p className="font-semibold text-neutral-900">{t('ops.frame.title')}</p>
        <nav aria-label={t('ops.nav.label')}>
          <ul role="list" className="flex flex-wrap gap-x-4 gap-y-1">
            {sections.map((s) => (
              <li key={s.id}>
                <Link href={s.href} aria-current={s.id === current ? 'page' : undefined} className={s.id === current ? 'font-semibold' : undefined}>
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3">
          <p className="text-neutral-700">{t('ops.frame.signedInAs', { name: staff.name, role: t(ROLE_KEYS[staff.role]) })}</p>
          <Button variant="secondary" onPress={onSignOut} isPending={signingOut}>
            {t('ops.frame.signOut')}
          </Button>
        </div>
      </header>
      {staff.recoveryCodesLeft <= 2 && (
        <p role="status" className="border-b border-warning-600 bg-warning-50 px-4 py-2 text-warning-700">
          {t('ops.frame.recoveryLow', { count: staff.recoveryCodesLeft })}
        </p>
      )}
      <main id="ops-main" tabIndex={-1} className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 outline-none">
        {children}
      </main>
    </div>
  );
}
