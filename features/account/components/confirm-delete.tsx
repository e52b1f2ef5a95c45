import { useState } from 'react';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Dialog, DialogActions, DialogHeading } from '#ui/dialog';
import { AlertIcon } from '#ui/icons';
import { Modal } from '#ui/modal';
import type { ConfirmDeleteProps } from './book-parts.tsx';

/**
 * "Delete 2 addresses?": a destructive confirmation (role="alertdialog", focus starts on Cancel)
 * that stays open, its button pending, while the call runs, and shows a refusal inside. The parent
 * closes it when `onConfirm` has done its work.
 */
export function ConfirmDeleteDialog({ isOpen, title, body, onCancel, onConfirm }: ConfirmDeleteProps) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = () => {
    if (pending) return;
    setProblem(null);
    onCancel();
  };
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && cancel()}>
      <Dialog role="alertdialog">
        <div className="flex items-start gap-3">
          <AlertIcon className="mt-1 size-5 text-danger-700" />
          <div className="flex flex-col gap-2">
            <DialogHeading>{title}</DialogHeading>
            <p className="text-body text-neutral-700">{body}</p>
            {problem && (
              <p role="alert" className="text-danger-700">
                {problem}
              </p>
            )}
          </div>
        </div>
        <DialogActions>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice gets focus in a confirmation */}
          <Button variant="secondary" onPress={cancel} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button
            variant="destructive"
            isPending={pending}
            onPress={() => {
              setPending(true);
              setProblem(null);
              onConfirm().then(
                () => setPending(false),
                (error: unknown) => {
                  setPending(false);
                  setProblem(errorMessage(error));
                },
              );
            }}
          >
            {t('account.book.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Modal>
  );
}
