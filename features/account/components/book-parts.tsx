import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { Heading } from 'react-aria-components';
import { Button } from '#ui/button';
import { Dialog, DialogActions } from '#ui/dialog';
import { AlertIcon } from '#ui/icons';
import { Modal } from '#ui/modal';

export type ListState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: T[] };

/**
 * A list the page changes: loads once, and again after each change, keeping the rows on screen
 * while it reloads (no flash of "loading" after every edit).
 */
export function useBookList<T>(load: (signal: AbortSignal) => Promise<{ list: T[] }>): { state: ListState<T>; reload: () => Promise<void> } {
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  const loadRef = useRef(load);
  const reload = useCallback(async () => {
    try {
      const { list } = await loadRef.current(new AbortController().signal);
      setState({ status: 'ready', list });
    } catch (error) {
      setState((s) => (s.status === 'ready' ? s : { status: 'error', message: errorMessage(error) }));
    }
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      ({ list }) => !controller.signal.aborted && setState({ status: 'ready', list }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', message: errorMessage(error) }),
    );
    return () => controller.abort();
  }, []);
  return { state, reload };
}

/**
 * After rows were removed, focus goes to the first button of `toolbar`, which is always there (the
 * button that opened the confirmation may be gone), so a keyboard user is never left on the body.
 */
export function useFocusAfterRemoval(toolbar: RefObject<HTMLElement | null>): () => void {
  const [pending, setPending] = useState(0);
  useEffect(() => {
    if (pending > 0) toolbar.current?.querySelector('button')?.focus();
  }, [pending, toolbar]);
  return () => setPending((n) => n + 1);
}

/**
 * "Delete 2 addresses?": a destructive confirmation (role="alertdialog", focus starts on Cancel)
 * that stays open, its button pending, while the call runs, and shows a refusal inside. The parent
 * closes it when `onConfirm` has done its work.
 */
export function ConfirmDelete({
  isOpen,
  title,
  body,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  title: string;
  body: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
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
            <Heading slot="title" className="text-title text-neutral-900">
              {title}
            </Heading>
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
