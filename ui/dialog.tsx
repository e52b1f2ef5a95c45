import type { ReactNode } from 'react';
import { Dialog as RACDialog, Heading, type DialogProps as RACDialogProps } from 'react-aria-components';

/** Opens a Modal or Popover from the Button inside it (react-aria's DialogTrigger, passed through). */
export { DialogTrigger } from 'react-aria-components';
import { twMerge } from './tv.ts';

export interface DialogProps extends RACDialogProps {
  /** The dialog's heading; it also names the dialog. */
  title?: ReactNode;
}

/**
 * The content of a Modal or Popover: a dialog named by its heading. Focus moves in on open,
 * is trapped while open (in a Modal), and returns to the trigger on close.
 */
export function Dialog({ title, children, ...props }: DialogProps) {
  return (
    <RACDialog {...props} className={twMerge('relative flex max-h-[inherit] flex-col gap-4 overflow-auto p-6 outline-0', props.className)}>
      {(renderProps) => (
        <>
          {title && <DialogHeading>{title}</DialogHeading>}
          {typeof children === 'function' ? children(renderProps) : children}
        </>
      )}
    </RACDialog>
  );
}

/** A dialog's heading, which names it: for a dialog that lays out its own top (an icon beside the heading). */
export function DialogHeading({ children }: { children: ReactNode }) {
  return (
    <Heading slot="title" className="text-title text-neutral-900">
      {children}
    </Heading>
  );
}

/** The row of actions at the foot of a dialog: the main action last (on the right). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex justify-end gap-2">{children}</div>;
}
