import { Suspense, lazy, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '#lib/i18n/i18n';
import { isExpired, useSession, useSessionActor } from '#machines/session-context';
import { Dialog } from '#ui/dialog';
import { Modal } from '#ui/modal';
import { notify } from './notify.tsx';
import { isQuotePath } from './route-table.ts';

/** The sign-in form (its validation suite, fields and alerts) loads only when the dialog opens (ADR 128). */
const LoginForm = lazy(async () => ({ default: (await import('#features/auth/components/login-form')).LoginForm }));

/**
 * A 401 (or an expired token) on /quote pages opens the sign-in dialog instead of leaving the page
 * (spec section 4): the visitor signs in and carries on where they were, with nothing lost.
 * Closing it (Escape) carries on as a visitor.
 */
export function SessionDialogs() {
  const [location] = useLocation();
  const expired = useSession(isExpired);
  const session = useSessionActor();
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const t = useT();
  const open = expired && isQuotePath(location) && dismissedAt !== location;
  return (
    <Modal
      isOpen={open}
      onOpenChange={(next) => {
        if (next) return;
        setDismissedAt(location);
        session.send({ type: 'logout' });
      }}
    >
      <Dialog title={t('app.sessionDialog.title')}>
        <p className="text-neutral-600">{t('app.sessionDialog.body')}</p>
        <Suspense fallback={<p role="status" className="text-neutral-600">{t('app.pageLoading')}</p>}>
          <LoginForm onMessage={notify.success} />
        </Suspense>
      </Dialog>
    </Modal>
  );
}
