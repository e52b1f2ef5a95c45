import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { Button } from './button.tsx';
import { Dialog, DialogActions } from './dialog.tsx';
import { AlertIcon, InfoIcon } from './icons.tsx';

export interface AlertDialogProps {
  title: string;
  children: ReactNode;
  /** `destructive` makes the confirm button red (deleting a project, cancelling an order). */
  variant?: 'info' | 'destructive';
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm?: () => void;
  /** Keeps the dialog open and the confirm button pending while the action runs. */
  isPending?: boolean;
}

/**
 * A confirmation (role="alertdialog"): put it in a Modal. Focus starts on Cancel, the safe choice;
 * Confirm calls `onConfirm` and closes the dialog.
 */
export function AlertDialog({ title, children, variant = 'info', confirmLabel = 'Confirm', cancelLabel = 'Cancel', onConfirm, isPending }: AlertDialogProps) {
  return (
    <Dialog role="alertdialog">
      {({ close }) => (
        <>
          <div className="flex items-start gap-3">
            <span className={variant === 'destructive' ? 'text-danger-700' : 'text-brand-700'}>
              {variant === 'destructive' ? <AlertIcon className="mt-1 size-5" /> : <InfoIcon className="mt-1 size-5" />}
            </span>
            <div className="flex flex-col gap-2">
              <Heading slot="title" className="text-title text-neutral-900">{title}</Heading>
              <div className="text-body text-neutral-700">{children}</div>
            </div>
          </div>
          <DialogActions>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice gets focus in a confirmation */}
            <Button variant="secondary" onPress={close} autoFocus>
              {cancelLabel}
            </Button>
            <Button
              variant={variant === 'destructive' ? 'destructive' : 'primary'}
              isPending={isPending}
              onPress={() => {
                onConfirm?.();
                if (!isPending) close();
              }}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
