import { useEffect, useState } from 'react';
import { DETAIN_OPTIONS, detainSuite } from '#domain/rules/detain-rules';
import { mainApi } from '#lib/api/client';
import { useSuiteForm } from '#lib/forms/use-suite-form';
import { Button } from '#ui/button';
import { Dialog, DialogActions } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';

/**
 * Calls `onLeave` once when the pointer leaves the page through its top edge (towards the tab bar
 * or the address bar): the moment a visitor is about to leave. It never stops them.
 */
export function useExitIntent(enabled: boolean, onLeave: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onOut = (event: MouseEvent) => {
      if (event.relatedTarget === null && event.clientY <= 0) onLeave();
    };
    document.addEventListener('mouseout', onOut);
    return () => document.removeEventListener('mouseout', onOut);
  }, [enabled, onLeave]);
}

/**
 * The retention dialog (spec sections 5 and 7): why is the visitor leaving quoted parts behind?
 * An option is required, and a reason when Other is chosen; the answer goes to `tools/detain`.
 * "No thanks" or Escape closes it: leaving is never blocked.
 */
export function RetentionDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [sent, setSent] = useState(false);
  const form = useSuiteForm(detainSuite, { option: '', reason: '' }, async ({ option, reason }) => {
    await mainApi('tools/detain', { method: 'POST', body: { option, ...(option === 'Other' ? { reason: reason.trim() } : {}) }, quiet: true });
    setSent(true);
  });
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog title={sent ? 'Thank you' : 'Before you go: what held you back?'}>
        {sent ? (
          <>
            <p role="status">Thank you: your answer helps us quote better. Your parts stay in the project.</p>
            <DialogActions>
              <Button onPress={onClose}>Close</Button>
            </DialogActions>
          </>
        ) : (
          <Form onSubmit={form.onSubmit} aria-label="Why are you leaving?">
            {form.formError && <p role="alert" className="text-danger-700">{form.formError}</p>}
            <RadioGroup
              label="Reason"
              isRequired
              value={form.values.option || null}
              onChange={(v) => form.setValue('option', v)}
              isInvalid={!!form.errors.option}
              errorMessage={form.errors.option?.join(' ')}
            >
              {DETAIN_OPTIONS.map((o) => (
                <Radio key={o} value={o}>
                  {o}
                </Radio>
              ))}
            </RadioGroup>
            {form.values.option === 'Other' && <TextField {...form.field('reason')} label="Tell us more" isRequired isMultiline />}
            <DialogActions>
              <Button variant="secondary" onPress={onClose}>
                No thanks
              </Button>
              <Button type="submit" isPending={form.isSubmitting}>
                Send
              </Button>
            </DialogActions>
          </Form>
        )}
      </Dialog>
    </Modal>
  );
}
