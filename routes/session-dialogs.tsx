import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useLocation } from 'wouter';
import { LoginForm } from '#features/auth/components/login-form';
import { isExpired, useSession, useSessionActor } from '#machines/session-context';
import { notify } from './notify.tsx';
import { isQuotePath } from './route-table.ts';

/**
 * A 401 (or an expired token) on /quote pages opens the sign-in dialog instead of leaving the page
 * (spec section 4): the visitor signs in and carries on where they were, with nothing lost.
 * Closing it (Escape, or outside) carries on as a visitor.
 */
export function SessionDialogs() {
  const [location] = useLocation();
  const expired = useSession(isExpired);
  const session = useSessionActor();
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const open = expired && isQuotePath(location) && dismissedAt !== location;
  return (
    <ModalOverlay
      isOpen={open}
      isDismissable
      onOpenChange={(next) => {
        if (next) return;
        setDismissedAt(location);
        session.send({ type: 'logout' });
      }}
      className="fixed inset-0 z-40 grid place-items-center bg-neutral-900/40 p-4"
    >
      <Modal className="w-full max-w-md rounded-card bg-neutral-0 p-gutter shadow-xl forced-colors:border forced-colors:border-[CanvasText]">
        <Dialog className="outline-0">
          <Heading slot="title" className="text-title">
            Sign in to continue
          </Heading>
          <p className="mb-4 mt-2 text-neutral-600">Your session has ended. Sign in again to keep working on this quote; nothing on the page is lost.</p>
          <LoginForm onMessage={notify.success} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
