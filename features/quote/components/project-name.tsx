import { useState } from 'react';
import type { Project } from '#domain/api/quote';
import { PROJECT_MESSAGES, projectInputErrors } from '#domain/rules/project-rules';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { updateProject } from '../api.ts';

/** The project's name, shown and renamed in place (the spec's rule: a project name is required). */
export function ProjectName({ project, onRenamed }: { project: Project; onRenamed: (project: Project) => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const t = useT();
  if (!editing) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-caption text-neutral-600">
        {t.rich('quote.project.name', { name: project.name, strong: (chunks) => <strong className="text-neutral-900">{chunks}</strong> })}
        <Button
          variant="quiet"
          className="px-2 py-0.5 text-caption"
          onPress={() => {
            setName(project.name);
            setError(null);
            setEditing(true);
          }}
        >
          {t('quote.project.rename')}
        </Button>
      </p>
    );
  }
  const save = async () => {
    const problems = projectInputErrors({ name }, true);
    if (problems.name) return setError(problems.name[0] ?? PROJECT_MESSAGES.name);
    setSaving(true);
    try {
      onRenamed(await updateProject(project.id, { name: name.trim() }));
      setEditing(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {/* Focus follows the user's own press on Rename, which the field replaces. */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <TextField label={t('quote.project.nameLabel')} value={name} onChange={setName} isRequired autoFocus isInvalid={!!error} errorMessage={error ?? undefined} validationBehavior="aria" />
      <div className="flex gap-2">
        <Button type="submit" isPending={saving}>
          {t('common.save')}
        </Button>
        <Button variant="secondary" onPress={() => setEditing(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
