import { Button } from '#ui/button';
import { DialogActions } from '#ui/dialog';

export interface OpsDialogFooterProps {
  /** The words of the button that closes the dialog without sending (it sends nothing). */
  back: string;
  /** The words of the submit button, pending while `busy`. */
  submit: string;
  busy: boolean;
  onBack: () => void;
}

/** The action row of the console's dialogs that send something: back, then the submit button. */
export function OpsDialogFooter({ back, submit, busy, onBack }: OpsDialogFooterProps) {
  return (
    <DialogActions>
      <Button variant="secondary" onPress={onBack}>
        {back}
      </Button>
      <Button type="submit" isPending={busy}>
        {submit}
      </Button>
    </DialogActions>
  );
}
