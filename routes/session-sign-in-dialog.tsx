import { useT } from '#lib/i18n/i18n';
import { useLocation, useSearch } from 'wouter';
import { LoginForm } from '#features/auth/components/login-form';
import { QuickLoginButtons } from '#features/auth/components/quick-login-buttons';
import { Dialog } from '#ui/dialog';
import { Modal } from '#ui/modal';
import { notify } from './notify.tsx';

/**
 * The sign-in dialog on a /quote page (spec section 4): the session ended (`expired`), or a
 * signed-out visitor opened a project's link (`project`). A chunk of its own: the modal, the form
 * and its validation suite load the first time it opens, never in a route's first load (ADR 128).
 * `onDismiss` runs when the visitor closes it (Escape) to carry on as a visitor. The quick-login
 * buttons (none when no provider is configured) come back to this page (ADR 172).
 */
export function SessionSignInDialog({ reason = 'expired', onDismiss }: { reason?: 'expired' | 'project'; onDismiss: () => void }) {
  const t = useT();
  const [path] = useLocation();
  const search = useSearch();
  return (
    <Modal
      isOpen
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
    >
      <Dialog title={t('app.sessionDialog.title')}>
        <p className="text-neutral-600">{t(reason === 'project' ? 'app.sessionDialog.projectBody' : 'app.sessionDialog.body')}</p>
        <LoginForm onMessage={notify.success} />
        <QuickLoginButtons returnTo={search ? `${path}?${search}` : path} />
      </Dialog>
    </Modal>
  );
}
