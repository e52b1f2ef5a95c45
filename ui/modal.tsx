import { Modal as RACModal, ModalOverlay, type ModalOverlayProps } from 'react-aria-components';
import { tv } from './tv.ts';

const overlayStyles = tv({
  base: 'fixed inset-0 z-50 flex min-h-full items-center justify-center bg-neutral-900/50 p-4 text-center',
});

const modalStyles = tv({
  base: 'w-full max-w-md max-h-full overflow-hidden rounded-card border border-neutral-200 bg-neutral-0 text-left align-middle shadow-modal forced-colors:bg-[Canvas] forced-colors:border-[CanvasText]',
  variants: {
    size: { small: 'max-w-sm', medium: 'max-w-md', large: 'max-w-2xl' },
  },
});

export interface ModalProps extends ModalOverlayProps {
  size?: 'small' | 'medium' | 'large';
}

/**
 * A modal layer over the page (put a Dialog inside). Escape closes it; `isDismissable` also lets a
 * click outside close it (leave it off for forms that would lose input).
 */
export function Modal({ size = 'medium', ...props }: ModalProps) {
  return (
    <ModalOverlay {...props} className={overlayStyles()}>
      <RACModal {...props} className={modalStyles({ size })} />
    </ModalOverlay>
  );
}
