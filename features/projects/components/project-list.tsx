import { useState } from 'react';
import type { ProjectSummary } from '#domain/api/quote';
import { processName } from '#domain/catalogue/process-choices';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { changed as serverChanged } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { useDeferredAsyncState } from '#lib/query-state';
import { useListQuery, usePaginationLabels } from '#lib/use-list-query';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { LazyPagination, usePaginationPreload } from '#ui/lazy-pagination';
import { LoadFailed } from '#ui/load-failed';
import { SearchField } from '#ui/search-field';
import { lazyDialog } from '#lib/lazy-dialog';
import { deleteProject, listProjects } from '../api.ts';
import type { DeleteProjectDialogProps, RenameProjectDialogProps } from './project-dialogs.tsx';
import { ProjectThumbnail, type LoadThumbnail } from './project-thumbnail.tsx';

// The rename and delete dialogs (React Aria's modal, dialog and form) are a chunk of their own,
// fetched at the first input on the page and drawn from their first opening (ADR 140, ADR 189).
const RenameProjectDialog = lazyDialog<RenameProjectDialogProps>(async () => (await import('./project-dialogs.tsx')).RenameProjectDialog, (props) => props.isOpen);
const DeleteProjectDialog = lazyDialog<DeleteProjectDialogProps>(async () => (await import('./project-dialogs.tsx')).DeleteProjectDialog, (props) => props.isOpen);

/**
 * The customer's quote projects, most recently changed first: a picture of the first part, name,
 * manufacturing service, number of files and last change; searched by name and paged in the
 * address. Each opens in the quote page, shows its files, is renamed or deleted (after a
 * confirmation).
 */
export function ProjectList({ loadThumbnail }: { loadThumbnail?: LoadThumbnail }) {
  const t = useT();
  const list = useListQuery(['q'] as const);
  const q = list.values.q.trim();
  // The field follows the address (Back, a link), and keeps what is typed until it is searched.
  const [typed, setTyped] = useState(q);
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setTyped(q);
  }
  const labels = usePaginationLabels();
  usePaginationPreload();
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.projects.list({ page: list.page, pageSize: list.pageSize, q }),
    queryFn: ({ signal }) => listProjects(list.page, list.pageSize, q || null, signal),
  });
  const projects = useDeferredAsyncState(query);
  const data = projects.status === 'success' ? projects.data : null;
  const changed = (message: string) => {
    setNotice(message);
    // This list, the account home's recent projects and a project's page (ADR 208).
    void serverChanged(queryClient, queryKeys.projects.all);
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="search" aria-label={t('projects.list.searchRegion')}>
        <SearchField
          className="max-w-md"
          label={t('projects.list.search')}
          clearLabel={t('projects.list.clearSearch')}
          value={typed}
          onChange={setTyped}
          onSubmit={(value) => list.set({ q: value.trim() })}
          onClear={() => list.set({ q: null })}
        />
      </div>
      <p role="status" className={notice ? 'rounded-card border border-success-600 bg-success-50 p-3' : 'sr-only'}>
        {notice ?? (data ? t('projects.list.found', { count: data.total }) : '')}
      </p>
      {projects.status === 'loading' && <p role="status">{t('projects.list.loading')}</p>}
      {projects.status === 'error' && (
        <LoadFailed retryLabel={t('common.tryAgain')} onRetry={query.refetch}>
          {errorMessage(projects.error)}
        </LoadFailed>
      )}
      {data && data.list.length === 0 && (
        <div className="rounded-card border border-neutral-200 bg-neutral-0">
          {q ? (
            <EmptyState
              title={t('projects.list.noMatch', { query: q })}
              description={t('projects.list.noMatchBody')}
              action={
                <Button variant="secondary" onPress={() => list.set({ q: null })}>
                  {t('projects.list.showAll')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              title={t('projects.list.emptyTitle')}
              description={t('projects.list.emptyBody')}
              action={<Link href="/quote?technology=3d-printing">{t('projects.list.firstQuote')}</Link>}
            />
          )}
        </div>
      )}
      {data && data.list.length > 0 && (
        <ul role="list" className="grid gap-4 lg:grid-cols-2" aria-label={t('projects.list.label')}>
          {data.list.map((project) => (
            <ProjectCard key={project.id} project={project} loadThumbnail={loadThumbnail} onChanged={changed} />
          ))}
        </ul>
      )}
      {data && data.total > 0 && <LazyPagination {...list.pagination} total={data.total} labels={labels} />}
    </div>
  );
}

function ProjectCard({ project, loadThumbnail, onChanged }: { project: ProjectSummary; loadThumbnail?: LoadThumbnail; onChanged: (message: string) => void }) {
  const t = useT();
  const format = useFormat();
  return (
    <li className="flex gap-4 rounded-card border border-neutral-200 bg-neutral-0 p-4">
      {project.firstFile ? (
        <ProjectThumbnail projectId={project.id} alt={t('projects.list.picture', { name: project.firstFile.name })} load={loadThumbnail} />
      ) : (
        <div className="flex size-24 shrink-0 items-center justify-center rounded-control border border-dashed border-neutral-300 p-2 text-center text-caption text-neutral-600">
          {t('projects.list.noFiles')}
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 className="text-title break-words">
          {project.name}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-caption text-neutral-700">
          <dt>{t('projects.list.service')}</dt>
          <dd>{processName(project.process)}</dd>
          <dt>{t('projects.list.files')}</dt>
          <dd>{t('projects.list.fileCount', { count: project.fileCount })}</dd>
          <dt>{t('projects.list.changed')}</dt>
          <dd>{format.dateTime(project.updatedAt)}</dd>
        </dl>
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link href={`/quote/${project.id}`} aria-label={t('projects.list.openNamed', { name: project.name })}>
            {t('projects.list.open')}
          </Link>
          <Link href={`/user/project/fileList/${project.id}`} aria-label={t('projects.list.filesNamed', { name: project.name })}>
            {t('projects.list.viewFiles')}
          </Link>
          <RenameProject project={project} onRenamed={(name) => onChanged(t('projects.rename.done', { name }))} />
          <DeleteProject project={project} onDeleted={() => onChanged(t('projects.delete.done', { name: project.name }))} />
        </div>
      </div>
    </li>
  );
}

function RenameProject({ project, onRenamed }: { project: ProjectSummary; onRenamed: (name: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="quiet" className="px-2 py-1" aria-label={t('projects.rename.buttonNamed', { name: project.name })} aria-haspopup="dialog" onPress={() => setOpen(true)}>
        {t('projects.rename.button')}
      </Button>
      <RenameProjectDialog project={project} isOpen={open} onOpenChange={setOpen} onRenamed={onRenamed} />
    </>
  );
}

function DeleteProject({ project, onDeleted }: { project: ProjectSummary; onDeleted: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <span className="inline-flex flex-col">
      <Button variant="quiet" className="px-2 py-1 text-danger-700" aria-label={t('projects.delete.buttonNamed', { name: project.name })} aria-haspopup="dialog" onPress={() => setOpen(true)}>
        {t('projects.delete.button')}
      </Button>
      <DeleteProjectDialog
        project={project}
        isOpen={open}
        onOpenChange={setOpen}
        onConfirm={() => {
          setError(null);
          deleteProject(project.id).then(onDeleted, setError);
        }}
      />
      {error !== null && (
        <span role="alert" className="text-caption text-danger-700">
          {errorMessage(error)}
        </span>
      )}
    </span>
  );
}
