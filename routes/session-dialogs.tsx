import { Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { isExpired, isSignInAsked, useLoadedSessionActor, useSessionOr } from '#machines/session-context';
import { isQuotePath } from './route-table.ts';
import { lazyComponent } from '#lib/lazy-component';

/** The dialog (modal, sign-in form, its validation suite) loads only when it first opens (ADR 128). */
const SessionSignInDialog = lazyComponent(async () => (await import('./session-sign-in-dialog.tsx')).SessionSignInDialog);

/**
 * A 401 (or an expired token) on /quote pages opens the sign-in dialog instead of leaving the page
 * (spec section 4): the visitor signs in and carries on where they were, with nothing lost. A
 * signed-out visitor who opens a project's link (/quote/{id}) is asked the same way: the project is
 * an account's. Closing it (Escape) carries on as a visitor.
 */
export function SessionDialogs() {
  const [location] = useLocation();
  const expired = useSessionOr(isExpired, false);
  const asked = useSessionOr(isSignInAsked, false);
  const session = useLoadedSessionActor();
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const open = session !== null && (expired || asked) && isQuotePath(location) && dismissedAt !== location;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SessionSignInDialog
        reason={expired ? 'expired' : 'project'}
        onDismiss={() => {
          setDismissedAt(location);
          session?.send({ type: expired ? 'logout' : 'signIn.dismissed' });
        }}
      />
    </Suspense>
  );
}
