import { useState } from 'react';
import type { ProjectSummary } from '#domain/api/quote';
import { PROJECT_NAME_MAX_LENGTH, projectInputErrors } from '#domain/rules/project-rules';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { AlertDialog } from '#ui/alert-dialog';
import { Button } from '#ui/button';
import { Dialog, DialogActions } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';
import { TextField } from '#ui/text-field';
import { renameProject } from '../api.ts';

// The project list's dialogs, a chunk of their own (project-list.tsx loads them: ADR 189).

export interface RenameProjectDialogProps {
  project: ProjectSummary;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onRenamed: (name: string) => void;
}

/** Renames a project: its name as it is, checked by the project rules, then saved. */
export function RenameProjectDialog({ project, isOpen, onOpenChange, onRenamed }: RenameProjectDialogProps) {
  const t = useT();
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Each opening starts from the project's name as it is.
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setName(project.name);
      setError(null);
    }
  }
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={t('projects.rename.title')}>
        {({ close }) => (
          <Form
            onSubmit={async (event) => {
              event.preventDefault();
              const problem = projectInputErrors({ name }, true).name?.[0];
              if (problem) return setError(problem);
              setBusy(true);
              try {
                const renamed = await renameProject(project.id, { name: name.trim() });
                close();
                onRenamed(renamed.name);
              } catch (e) {
                setError(errorMessage(e));
              } finally {
                setBusy(false);
              }
            }}
          >
            <TextField
              label={t('projects.rename.label')}
              value={name}
              onChange={(value) => {
                setName(value);
                setError(null);
              }}
              maxLength={PROJECT_NAME_MAX_LENGTH}
              isRequired
              isInvalid={!!error}
              errorMessage={error ?? undefined}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog exists to edit this field
              autoFocus
            />
            <DialogActions>
              <Button variant="secondary" onPress={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" isPending={busy}>
                {t('common.save')}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Dialog>
    </Modal>
  );
}

export interface DeleteProjectDialogProps {
  project: ProjectSummary;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** Asks before a project and its files are deleted. */
export function DeleteProjectDialog({ project, isOpen, onOpenChange, onConfirm }: DeleteProjectDialogProps) {
  const t = useT();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <AlertDialog
        title={t('projects.delete.title', { name: project.name })}
        variant="destructive"
        confirmLabel={t('projects.delete.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={onConfirm}
      >
        {t('projects.delete.body', { count: project.fileCount })}
      </AlertDialog>
    </Modal>
  );
}
